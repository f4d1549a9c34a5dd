/**
 * The words of each refusal of the workbench validator: the form shows them next to the field, so
 * each names the setting, its range and the model that apply (a message with a placeholder left
 * in it, another label or the wrong limit fails here).
 */
import { validateWorkbench } from '@shared/catalog/validateWorkbench'
import { wbBase } from '@test/support/ruleMatrix'
import { describe, expect, it } from 'vitest'

type Body = Record<string, unknown>

describe('validateWorkbench says why, with the label, variant and limits that apply', () => {
  it.each<[string, Body, string, string]>([
    [
      'another model',
      { model: 'x' },
      'model',
      'model must be art-v4.5 (choose the variant in model_variant)',
    ],
    ['steps out of range', { steps: 0 }, 'steps', 'Steps must be 1 to 50'],
    ['a count over 4', { count: 99 }, 'count', 'Count must be 1 to 4'],
    ['a negative seed', { seed: -1 }, 'seed', 'Seed must be 0 to 4294967295'],
    ['a guidance over 10', { guidance: 99 }, 'guidance', 'Guidance must be 0 to 10'],
    [
      'a source strength over 1',
      { source_strength: 2, source_asset_id: 'a' },
      'source_strength',
      'Source strength must be greater than 0 and at most 1',
    ],
    [
      'a source noise over 1',
      { source_noise: 2, source_asset_id: 'a' },
      'source_noise',
      'Source noise must be 0 to 1',
    ],
    [
      'characters that are not a list',
      { characters: 'x' },
      'characters',
      'characters must be a list',
    ],
    [
      'a character without its prompt',
      { characters: [{}] },
      'characters[0].prompt',
      'Each character needs a prompt text',
    ],
    [
      'a character’s negative prompt that is not text',
      { characters: [{ prompt: 'a', negative_prompt: 3 }] },
      'characters[0].negative_prompt',
      'negative_prompt must be text',
    ],
    [
      'more characters than the variant takes',
      { characters: Array.from({ length: 7 }, () => ({ prompt: 'a' })) },
      'characters',
      'Characters must be at most 6 for V4.5 Full (art-diffusion-4-5-full)',
    ],
    [
      'characters on a variant without them',
      { model_variant: 'art-diffusion-3', characters: [{ prompt: 'a' }] },
      'characters',
      'art-diffusion-3 takes no character prompts',
    ],
    [
      'a mask without a source',
      { mask_asset_id: 'm' },
      'mask_asset_id',
      'mask_asset_id needs source_asset_id',
    ],
    [
      'precise references with Vibes',
      { reference_asset_ids: ['r'], vibe_asset_ids: ['v'] },
      'reference_asset_ids',
      'Precise references and Vibes cannot be combined in one request',
    ],
    [
      'reference assets that are not a list',
      { reference_asset_ids: 'x' },
      'reference_asset_ids',
      'must be a list of asset IDs',
    ],
  ])('%s', (_name, body, field, message) => {
    const v = validateWorkbench({ ...wbBase, ...body })
    expect(v.ok ? {} : v.fields).toEqual({ [field]: message })
  })
})

describe('validateWorkbench: a body that is not an object', () => {
  it('says the body must be a JSON object', () => {
    expect(validateWorkbench('x')).toEqual({
      ok: false,
      fields: { body: 'The request body must be a JSON object' },
    })
  })
})

/**
 * The workbench validator, field by field: each request names exactly the fields the spec
 * refuses it on (issue #18: every required field missing, each rule just inside and outside).
 */
import { validateWorkbench } from '@shared/catalog/validateWorkbench'
import { refusedFields } from '@test/support/refusedFields'
import { wbBase } from '@test/support/ruleMatrix'
import { describe, expect, it } from 'vitest'

const base = wbBase
const refused = (over: Record<string, unknown>, phase: 'estimate' | 'generation' = 'estimate') =>
  refusedFields(validateWorkbench({ ...base, ...over }, { phase }))

describe('validateWorkbench names exactly the refused fields', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['the base request', {}, []],
    ['no prompt', { prompt: undefined }, ['prompt']],
    ['a blank prompt', { prompt: '  ' }, ['prompt']],
    ['a negative prompt that is not text', { negative_prompt: 3 }, ['negative_prompt']],
    ['a text negative prompt', { negative_prompt: 'blurry' }, []],
    ['no steps', { steps: undefined }, ['steps']],
    ['no count', { count: undefined }, ['count']],
    ['a negative seed', { seed: -1 }, ['seed']],
    ['a wrong model', { model: 'art-v5' }, ['model']],
    ['no variant', { model_variant: undefined }, ['model_variant']],
    ['guidance above 10', { guidance: 10.5 }, ['guidance']],
    ['source strength 0 (exclusive)', { source_strength: 0 }, ['source_strength']],
    ['source strength 1', { source_strength: 1 }, []],
    ['source noise above 1', { source_noise: 1.01 }, ['source_noise']],
    ['auto positions as text', { auto_character_positions: 'yes' }, ['auto_character_positions']],
    ['characters as text', { characters: 'two' }, ['characters']],
    ['characters null', { characters: null }, []],
    ['a character without prompt', { characters: [{}] }, ['characters[0].prompt']],
    ['a character that is not an object', { characters: ['a'] }, ['characters[0].prompt']],
    [
      'a character with a bad negative prompt',
      { characters: [{ prompt: 'a' }, { prompt: 'b', negative_prompt: 1 }] },
      ['characters[1].negative_prompt'],
    ],
    [
      'characters with text negative prompts',
      { characters: [{ prompt: 'a', negative_prompt: 'c' }] },
      [],
    ],
    [
      'seven characters on a six-character model',
      { characters: Array.from({ length: 7 }, () => ({ prompt: 'p' })) },
      ['characters'],
    ],
    [
      'characters on a model without them',
      { model_variant: 'art-diffusion-3', characters: [{ prompt: 'p' }] },
      ['characters'],
    ],
    ['a mask without a source', { mask_asset_id: 'm1' }, ['mask_asset_id']],
    ['a mask with a source', { mask_asset_id: 'm1', source_asset_id: 's1' }, []],
    ['a source alone', { source_asset_id: 's1' }, []],
    ['a source that is not text', { source_asset_id: 3 }, ['source_asset_id']],
    ['a mask that is not text', { mask_asset_id: 3, source_asset_id: 's1' }, ['mask_asset_id']],
    [
      'references and vibes together',
      { reference_asset_ids: ['r'], vibe_asset_ids: ['v'] },
      ['reference_asset_ids'],
    ],
    ['references alone', { reference_asset_ids: ['r', 's'] }, []],
    ['vibes alone', { vibe_asset_ids: ['v'] }, []],
    ['empty references with vibes', { reference_asset_ids: [], vibe_asset_ids: ['v'] }, []],
    ['references with empty vibes', { reference_asset_ids: ['r'], vibe_asset_ids: [] }, []],
    ['references null', { reference_asset_ids: null }, []],
    ['references as text', { reference_asset_ids: 'r' }, ['reference_asset_ids']],
    ['an empty reference ID', { reference_asset_ids: ['r', ''] }, ['reference_asset_ids']],
    ['a numeric reference ID', { reference_asset_ids: [7] }, ['reference_asset_ids']],
    ['an empty vibe ID', { vibe_asset_ids: [''] }, ['vibe_asset_ids']],
    [
      'bad references beside vibes (the list is refused, not combined)',
      { reference_asset_ids: [''], vibe_asset_ids: ['v'] },
      ['reference_asset_ids'],
    ],
  ])('%s', (_name, over, fields) => {
    expect(refused(over)).toEqual(fields)
  })

  it('a body that is not an object is refused as the body', () => {
    expect(refusedFields(validateWorkbench('x'))).toEqual(['body'])
    expect(refusedFields(validateWorkbench([base]))).toEqual(['body'])
  })

  it('an estimate needs no quote; a generation needs a quote and a request ID', () => {
    expect(refusedFields(validateWorkbench(base))).toEqual([])
    expect(refused({}, 'generation')).toEqual(['client_request_id', 'quote_id'])
    expect(refused({ quote_id: '', client_request_id: ' ' }, 'generation')).toEqual([
      'client_request_id',
      'quote_id',
    ])
    expect(refused({ quote_id: 'q1', client_request_id: 'c1' }, 'generation')).toEqual([])
  })
})

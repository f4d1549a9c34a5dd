import { pngEntriesFor } from '@shared/library/meta/embed'
import { settingsFromImageBytes, settingsFromTexts } from '@shared/library/meta/readAny'
import { buildXmp } from '@shared/library/meta/xmp'
import { writePngText } from '@shared/library/pngChunks'
import type { EmbeddedSettings } from '@shared/library/settings'
import { watchLoopGaps } from '@test/support/loopGaps'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { applySettings } from '../../../../src/renderer/forms/applySettings'
import { DEFAULT_DRAFTS } from '../../../../src/renderer/stores/forms/drafts'
import {
  A1111_FIELDS,
  A1111_TEXT,
  COMFY_FIELDS,
  COMFY_PROMPT,
  COMFY_WORKFLOW,
  INVOKEAI_FIELDS,
  INVOKEAI_METADATA,
} from './foreignFormats'

const settingsOf = (texts: Record<string, string>) => {
  const read = settingsFromTexts(texts)
  if (!('settings' in read)) throw new Error(read.problem)
  return read.settings
}

describe('settings from other generators, field by field', () => {
  it('A1111/Forge parameters, quoted values and all', () => {
    const s = settingsOf({ parameters: A1111_TEXT })
    expect(s).toMatchObject({ ...A1111_FIELDS, strength: 0.45, foreignModel: 'dreamshaper_8' })
    expect(s.params['Lora hashes']).toBe('detail: 0a1b2c, style: 3d4e5f')
  })

  it('ComfyUI API graph: prompt, negative, seed, steps, cfg, sampler, size, checkpoint', () => {
    const s = settingsOf({
      prompt: JSON.stringify(COMFY_PROMPT),
      workflow: JSON.stringify(COMFY_WORKFLOW),
    })
    expect(s).toMatchObject({ ...COMFY_FIELDS, params: { scheduler: 'normal' } })
  })

  it('ComfyUI editor workflow alone gives the same fields', () => {
    const s = settingsOf({ workflow: JSON.stringify(COMFY_WORKFLOW) })
    const api = settingsOf({ prompt: JSON.stringify(COMFY_PROMPT) })
    for (const k of [
      'prompt',
      'negativePrompt',
      'seed',
      'steps',
      'guidance',
      'sampler',
      'width',
      'height',
      'foreignModel',
    ] as const)
      expect(s[k], k).toEqual(api[k])
  })

  it('InvokeAI invokeai_metadata', () => {
    const s = settingsOf({ invokeai_metadata: JSON.stringify(INVOKEAI_METADATA) })
    expect(s).toMatchObject(INVOKEAI_FIELDS)
  })

  it('EXIF UserComment in A1111 form, and plain XMP with only a description', () => {
    expect(settingsOf({ 'exif:UserComment': A1111_TEXT })).toMatchObject({
      source: 'a1111',
      seed: 3456789,
    })
    const xmp = buildXmp({ description: 'only a prompt & <nothing> else' })
    expect(settingsOf({ 'XML:com.adobe.xmp': xmp })).toEqual({
      source: 'xmp',
      prompt: 'only a prompt & <nothing> else',
      params: {},
    })
  })

  it('maps into "Reuse settings" and lists what the art form cannot use', () => {
    const s = settingsOf({ prompt: JSON.stringify(COMFY_PROMPT) })
    const { applied, skipped, draft, foreignModel } = applySettings('art', DEFAULT_DRAFTS.art, s)
    expect(applied).toEqual(
      expect.arrayContaining([
        'prompt',
        'negative prompt',
        'size',
        'steps',
        'guidance',
        'seed',
        'sampler',
      ]),
    )
    expect(draft).toMatchObject({
      prompt: 'beautiful scenery nature glass bottle',
      steps: '20',
      seed: '156680208700286',
    })
    // The other tool's checkpoint is named apart (the screen words it), the rest by field name.
    expect(foreignModel).toBe('v1-5-pruned-emaonly.safetensors')
    expect(skipped).toEqual(['scheduler'])
  })
})

describe('hostile metadata: bounded, a clear problem, never an exception', () => {
  const slow = (t0: number) => performance.now() - t0

  it('cyclic ComfyUI links end quickly with what can be read', () => {
    const graph = {
      '1': {
        class_type: 'KSampler',
        inputs: { seed: 1, steps: 5, positive: ['2', 0], negative: ['3', 0] },
      },
      '2': { class_type: 'ConditioningCombine', inputs: { conditioning_1: ['3', 0] } },
      '3': {
        class_type: 'ConditioningCombine',
        inputs: { conditioning_1: ['2', 0], conditioning_2: ['1', 0] },
      },
    }
    const t0 = performance.now()
    const s = settingsOf({ prompt: JSON.stringify(graph) })
    expect(slow(t0)).toBeLessThan(50)
    expect(s).toMatchObject({ source: 'comfyui', seed: 1, steps: 5 })
    expect(s.prompt).toBeUndefined()
  })

  it('a workflow whose every node links to every other stays bounded', () => {
    const n = 2000
    const nodes = Array.from({ length: n }, (_, i) => ({
      id: i,
      type: i === 0 ? 'KSampler' : 'ConditioningCombine',
      inputs: [{ name: i === 0 ? 'positive' : 'conditioning', link: (i + 1) % n }],
      widgets_values: [],
    }))
    const links = Array.from({ length: n }, (_, i) => [i, i, 0, (i + n - 1) % n, 0, 'CONDITIONING'])
    const t0 = performance.now()
    const s = settingsOf({ workflow: JSON.stringify({ nodes, links }) })
    expect(slow(t0)).toBeLessThan(50)
    expect(s.prompt).toBeUndefined()
  })

  it('a graph over the node cap, cut text and broken JSON each say why', () => {
    const big = Object.fromEntries(
      Array.from({ length: 6000 }, (_, i) => [String(i), { class_type: 'X', inputs: {} }]),
    )
    expect(settingsFromTexts({ prompt: JSON.stringify(big) })).toEqual({
      problem: 'Could not read the settings: The ComfyUI graph has too many nodes.',
    })
    expect(settingsFromTexts({ workflow: '{"nodes": [' })).toEqual({
      problem: 'Could not read the settings: The ComfyUI workflow is not valid JSON.',
    })
    expect(
      settingsFromTexts({
        invokeai_metadata: '{"a": 1 … [cut: this metadata is larger than Gen Studio reads]',
      }),
    ).toEqual({
      problem: 'Could not read the settings: The InvokeAI metadata is too large to read.',
    })
  })

  it('a 50 MB workflow chunk: "could not read", and no step of the read blocks over 50 ms', async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    )
    const huge = `{"nodes": [${'{"id": 1, "type": "KSampler", "widgets_values": [1]},'.repeat(1_000_000)}]}`
    expect(huge.length).toBeGreaterThan(50_000_000)
    const file = writePngText(png, { workflow: huge })
    const gaps = watchLoopGaps()
    const read = await settingsFromImageBytes(file)
    const worst = gaps.stop()
    expect(read).toEqual({
      problem: 'Could not read the settings: The ComfyUI workflow is too large to read.',
    })
    expect(worst).toBeLessThan(50)
  }, 60_000)

  it('text that is not UTF-8 is read as Latin-1 (tEXt) and never throws', () => {
    const bytes = String.fromCharCode(0xff, 0xfe, 0x80) + '\nSteps: 3, Sampler: x, Seed: 9'
    expect(settingsOf({ parameters: bytes })).toMatchObject({ source: 'a1111', steps: 3, seed: 9 })
    expect(settingsFromTexts({ prompt: '{' + '['.repeat(200_000) })).toHaveProperty('problem')
  })
})

describe('our own files read back through every path', () => {
  const ours: EmbeddedSettings = {
    format: 'gen-studio',
    version: 1,
    kind: 'image',
    model: 'img-1',
    prompt: 'a cat',
    negativePrompt: '',
    params: { size: '1024x1024', quality: 'high' },
    seed: null,
    sourceTaskId: null,
    created: '2026-01-01T00:00:00.000Z',
  }

  it('from the XMP packet alone when the PNG chunks are gone (e.g. a JPEG copy)', () => {
    const entries = pngEntriesFor(ours, true)
    const s = settingsOf({ 'XML:com.adobe.xmp': entries['XML:com.adobe.xmp']! })
    expect(s).toMatchObject({ source: 'gen-studio', prompt: 'a cat', params: { quality: 'high' } })
  })

  it('A1111 parameters written for a model without steps still read back', () => {
    const s = settingsOf({ parameters: pngEntriesFor(ours, true).parameters! })
    expect(s).toMatchObject({
      source: 'a1111',
      prompt: 'a cat',
      width: 1024,
      height: 1024,
      foreignModel: 'img-1',
    })
  })
})

import { writePngText } from '@shared/library/pngChunks'
import {
  type EmbeddedSettings,
  parseEmbedded,
  pngTextFor,
  settingsFromA1111,
  settingsFromOurs,
  settingsFromPng,
  settingsFromPngText,
} from '@shared/library/settings'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

const NOVELAI_COMMENT = JSON.stringify({
  prompt: '1girl, cherry blossoms',
  steps: 28,
  height: 1216,
  width: 832,
  scale: 5,
  uncond_scale: 0,
  cfg_rescale: 0,
  seed: 1234567890,
  n_samples: 1,
  noise_schedule: 'karras',
  sampler: 'k_euler_ancestral',
  uc: 'lowres, bad anatomy',
  v4_prompt: {
    caption: {
      base_caption: '1girl, cherry blossoms',
      char_captions: [{ char_caption: 'girl, red hair', centers: [{ x: 0.3, y: 0.5 }] }],
    },
    use_coords: true,
    use_order: true,
  },
  v4_negative_prompt: {
    caption: { base_caption: 'lowres', char_captions: [{ char_caption: 'blurry', centers: [] }] },
  },
})

describe('settings from PNG metadata', () => {
  it('reads a NovelAI image field by field', () => {
    const s = settingsFromPngText({
      Title: 'NovelAI generated image',
      Description: '1girl, cherry blossoms',
      Software: 'NovelAI',
      Source: 'NovelAI Diffusion V4.5 4BDE2A90',
      Comment: NOVELAI_COMMENT,
    })
    expect(s).toMatchObject({
      source: 'novelai',
      model: 'art-v4.5',
      foreignModel: 'NovelAI Diffusion V4.5 4BDE2A90',
      prompt: '1girl, cherry blossoms',
      negativePrompt: 'lowres, bad anatomy',
      seed: 1234567890,
      width: 832,
      height: 1216,
      steps: 28,
      guidance: 5,
      sampler: 'k_euler_ancestral',
      count: 1,
      useCoords: true,
      characters: [
        { prompt: 'girl, red hair', negativePrompt: 'blurry', center: { x: 0.3, y: 0.5 } },
      ],
    })
    expect(s.params.noise_schedule).toBe('karras')
  })

  it('reads AUTOMATIC1111 parameters with a multi-line negative prompt and quoted values', () => {
    const text = [
      'masterpiece, a castle on a hill,',
      'sunset',
      'Negative prompt: blurry, lowres,',
      'watermark',
      'Steps: 30, Sampler: DPM++ 2M Karras, CFG scale: 6.5, Seed: 42, Size: 768x512, Model hash: 6ce0161689, Model: v1-5-pruned, Denoising strength: 0.4, Lora hashes: "detail: abc, style: def", Version: v1.7.0',
    ].join('\n')
    const s = settingsFromA1111(text)
    expect(s).toMatchObject({
      source: 'a1111',
      prompt: 'masterpiece, a castle on a hill,\nsunset',
      negativePrompt: 'blurry, lowres,\nwatermark',
      steps: 30,
      sampler: 'DPM++ 2M Karras',
      guidance: 6.5,
      seed: 42,
      width: 768,
      height: 512,
      strength: 0.4,
      foreignModel: 'v1-5-pruned',
    })
    expect(s.params['Lora hashes']).toBe('detail: abc, style: def')
    expect(s.params.Version).toBe('v1.7.0')
  })

  it('reads A1111 text with only a prompt', () => {
    expect(settingsFromA1111('just a prompt')).toMatchObject({
      prompt: 'just a prompt',
      negativePrompt: '',
    })
  })

  it('round-trips our own settings through a real PNG, preferring our chunk over the NovelAI ones', async () => {
    const ours: EmbeddedSettings = {
      format: 'gen-studio',
      version: 1,
      kind: 'art',
      model: 'art-v5',
      prompt: 'a fox in snow, ✨',
      negativePrompt: 'blurry',
      params: { width: 1024, height: 1024, steps: 23, scale: 5, sampler: 'k_euler', n_samples: 2 },
      seed: 99,
      sourceTaskId: 'task-1',
      created: '2026-01-02T03:04:05.000Z',
    }
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    const file = writePngText(png, pngTextFor(ours))
    const s = await settingsFromPng(file)
    expect(s).toMatchObject({
      source: 'gen-studio',
      kind: 'art',
      model: 'art-v5',
      prompt: 'a fox in snow, ✨',
      negativePrompt: 'blurry',
      seed: 99,
      width: 1024,
      steps: 23,
      guidance: 5,
      count: 2,
    })
    // NovelAI-compatible readers see the prompt and the parameters JSON with `uc`.
    const text = pngTextFor(ours)
    expect(text.Description).toBe(ours.prompt)
    expect(JSON.parse(text.Comment!)).toMatchObject({
      prompt: ours.prompt,
      uc: 'blurry',
      seed: 99,
      steps: 23,
    })
    const withoutOurs = { ...text }
    delete withoutOurs['gen-studio']
    expect(settingsFromPngText({ ...withoutOurs, Software: 'NovelAI' })).toMatchObject({
      source: 'novelai',
      prompt: ours.prompt,
      seed: 99,
    })
  })

  it('treats a damaged own chunk as absent and a plain PNG as having no settings', () => {
    expect(parseEmbedded('{not json')).toBeNull()
    expect(settingsFromPngText({ 'gen-studio': '{"format":"other"}' })).toEqual({
      source: 'none',
      params: {},
    })
    expect(settingsFromPngText({})).toEqual({ source: 'none', params: {} })
  })

  it('maps size strings and workbench character prompts for library items', () => {
    const s = settingsFromOurs({
      kind: 'workbench',
      model: 'art-v4.5',
      prompt: 'p',
      negativePrompt: '',
      seed: null,
      params: {
        size: '1024x1536',
        count: 3,
        auto_character_positions: true,
        characters: [{ prompt: 'a', negative_prompt: 'b' }],
      },
    })
    expect(s).toMatchObject({
      width: 1024,
      height: 1536,
      count: 3,
      useCoords: false,
      characters: [{ prompt: 'a', negativePrompt: 'b' }],
    })
    expect(s.seed).toBeUndefined()
  })
})

describe('native requests saved as sent', () => {
  const native = {
    kind: 'art' as const,
    model: 'art-v5',
    prompt: 'two knights',
    negativePrompt: '',
    seed: 77,
    params: {
      input: 'two knights',
      model: 'art-diffusion-5-full',
      action: 'infill',
      parameters: { width: 832, height: 1216, steps: 28, scale: 5.5, n_samples: 2 },
    },
  }

  it('lifts `parameters` to the top so forms can apply width, steps and guidance', () => {
    const s = settingsFromOurs(native)
    expect(s.params).toMatchObject({
      width: 832,
      height: 1216,
      steps: 28,
      scale: 5.5,
      action: 'infill',
    })
    expect(s.params).not.toHaveProperty('parameters')
  })

  it('writes them flat into the NovelAI-compatible Comment chunk', () => {
    const text = pngTextFor({
      format: 'gen-studio',
      version: 1,
      sourceTaskId: null,
      created: '2026-11-21T00:00:00.000Z',
      ...native,
    })
    expect(JSON.parse(text.Comment!)).toMatchObject({
      width: 832,
      steps: 28,
      scale: 5.5,
      prompt: 'two knights',
    })
  })
})

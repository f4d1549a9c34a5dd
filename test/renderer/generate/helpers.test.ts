import { describe, expect, it } from 'vitest'

import { applySettings, formForKind } from '../../../src/renderer/features/generate/applySettings'
import {
  cellCenter,
  cellFor,
  newCharacter,
} from '../../../src/renderer/features/generate/characters'
import {
  hasPaint,
  invertMask,
  paintedShare,
  toMaskPoint,
} from '../../../src/renderer/features/generate/maskOps'
import { parseIntText, parseNumberText } from '../../../src/renderer/features/generate/numbers'
import { fileProblems, type RefItem } from '../../../src/renderer/features/generate/references'
import { sanitizeDrafts, useFormsStore } from '../../../src/renderer/stores/forms'
import { DEFAULT_DRAFTS } from '../../../src/renderer/stores/forms/drafts'
import { settingsFromNovelAi, settingsFromOurs } from '../../../src/shared/library/settings'

describe('numbers typed as text', () => {
  it('leaves empty out, keeps numbers, and turns anything else into NaN for the validators', () => {
    expect(parseIntText('')).toBeUndefined()
    expect(parseIntText(' 12 ')).toBe(12)
    expect(parseIntText('12.5')).toBeNaN()
    expect(parseIntText('1e3')).toBeNaN()
    expect(parseNumberText('.5')).toBe(0.5)
    expect(parseNumberText('7.')).toBe(7)
    expect(parseNumberText('abc')).toBeNaN()
  })
})

describe('mask pixels', () => {
  const rgba = (...values: number[]) => new Uint8ClampedArray(values.flatMap((v) => [v, v, v, 255]))

  it('knows whether anything is marked, and how much', () => {
    expect(hasPaint(rgba(0, 0, 0))).toBe(false)
    expect(hasPaint(rgba(0, 255, 0))).toBe(true)
    expect(paintedShare(rgba(255, 0, 255, 0))).toBe(0.5)
  })

  it('inverts to pure black and white', () => {
    const d = rgba(0, 200, 100)
    invertMask(d)
    expect([...d]).toEqual([255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255])
  })

  it('maps a pointer on the scaled canvas to mask pixels, clamped to the image', () => {
    const rect = { left: 10, top: 20, width: 100, height: 50 }
    expect(toMaskPoint(60, 45, rect, { width: 1000, height: 500 })).toEqual({ x: 500, y: 250 })
    expect(toMaskPoint(0, 0, rect, { width: 1000, height: 500 })).toEqual({ x: 0, y: 0 })
    expect(toMaskPoint(500, 500, rect, { width: 1000, height: 500 })).toEqual({ x: 1000, y: 500 })
  })
})

describe('character grid', () => {
  it('round-trips cells and centres and spreads new characters', () => {
    expect(cellCenter('A1')).toEqual({ x: 0.1, y: 0.1 })
    expect(cellCenter('E5')).toEqual({ x: 0.9, y: 0.9 })
    expect(cellFor({ x: 0.68, y: 0.33 })).toBe('D2')
    expect(newCharacter(0).position).not.toBe(newCharacter(1).position)
  })
})

describe('reference file problems', () => {
  const item: RefItem = {
    id: 'a',
    name: 'a.png',
    bytes: 10,
    type: 'image/png',
    width: 10,
    height: 10,
    path: '/a.png',
    thumb: null,
    origin: 'drop',
    problem: null,
  }
  it('names the file and the limit', () => {
    expect(fileProblems([item], {})).toBeNull()
    expect(fileProblems([{ ...item, bytes: 0 }], {})).toBe('a.png is empty')
    expect(fileProblems([{ ...item, problem: 'could not be prepared: disk full' }], {})).toBe(
      'a.png: could not be prepared: disk full',
    )
    expect(fileProblems([{ ...item, bytes: 2048 }], { maxBytes: 1024 })).toBe(
      'a.png is 2 KB; each image must be at most 1 KB',
    )
  })
})

describe('apply settings', () => {
  it('fills the images form field by field and lists what it could not apply', () => {
    const s = settingsFromOurs({
      kind: 'image',
      model: 'still-5.0-pro',
      prompt: 'a fox',
      negativePrompt: '',
      params: {
        model: 'still-5.0-pro',
        quality: 'medium',
        aspect_ratio: '16:9',
        n: 1,
        image_urls: ['https://x.example/a.png'],
        style: 'vivid',
      },
      seed: null,
    })
    const r = applySettings('images', DEFAULT_DRAFTS.images, s)
    expect(r.draft).toMatchObject({
      model: 'still-5.0-pro',
      prompt: 'a fox',
      quality: 'medium',
      aspectRatio: '16:9',
      imageUrls: 'https://x.example/a.png',
    })
    expect(r.applied).toEqual(
      expect.arrayContaining(['model', 'prompt', 'quality', 'aspect ratio', 'image URLs']),
    )
    expect(r.skipped).toEqual(['style'])
  })

  it('fills the video form, reference videos included', () => {
    const s = settingsFromOurs({
      kind: 'video',
      model: 'clip-h3',
      prompt: 'rain',
      negativePrompt: '',
      params: {
        duration: 8,
        resolution: '480p',
        aspect_ratio: '9:16',
        mode: 'all-reference',
        reference_video_urls: ['https://v.example/a.mp4'],
        input_video_seconds: 6,
      },
      seed: null,
    })
    const r = applySettings('video', DEFAULT_DRAFTS.video, s)
    expect(r.draft).toMatchObject({
      model: 'clip-h3',
      duration: '8',
      resolution: '480p',
      aspectRatio: '9:16',
      referenceMode: true,
      referenceUrls: 'https://v.example/a.mp4',
      inputVideoSeconds: '6',
    })
  })

  it('fills the workbench from a workbench item and the art form from a NovelAI PNG', () => {
    const wb = settingsFromOurs({
      kind: 'workbench',
      model: 'art-v4.5',
      prompt: 'tower',
      negativePrompt: 'fog',
      params: {
        model: 'art-v4.5',
        model_variant: 'art-diffusion-4-5-curated',
        width: 1216,
        height: 832,
        steps: 30,
        count: 3,
        guidance: 7,
        source_strength: 0.4,
        characters: [{ prompt: 'guard' }],
        auto_character_positions: false,
      },
      seed: 7,
    })
    const r = applySettings('workbench', DEFAULT_DRAFTS.workbench, wb)
    expect(r.draft).toMatchObject({
      variant: 'art-diffusion-4-5-curated',
      negativePrompt: 'fog',
      width: '1216',
      height: '832',
      sizeChoice: 'custom',
      steps: '30',
      count: '3',
      guidance: '7',
      sourceStrength: '0.4',
      seedMode: 'fixed',
      seed: '7',
      autoPositions: false,
    })
    expect(r.draft.characters.map((c) => c.prompt)).toEqual(['guard'])

    const nai = settingsFromNovelAi({
      Description: 'a girl',
      Source: 'NovelAI Diffusion V4.5 1229B44F',
      Comment: JSON.stringify({
        prompt: 'a girl',
        uc: 'lowres',
        steps: 28,
        scale: 5,
        seed: 99,
        sampler: 'k_euler',
        width: 832,
        height: 1216,
        n_samples: 1,
      }),
    })!
    const art = applySettings('art', DEFAULT_DRAFTS.art, nai)
    expect(art.draft).toMatchObject({
      prompt: 'a girl',
      negativePrompt: 'lowres',
      steps: '28',
      sampler: 'k_euler',
      seed: '99',
    })
    expect(art.applied).toContain('model variant')
  })

  it('sends a library item to the form of its kind', () => {
    expect(formForKind('image')).toBe('images')
    expect(formForKind('art')).toBe('art')
    expect(formForKind('imported', 'clip-h3')).toBe('video')
    expect(formForKind('imported', 'unknown')).toBeNull()
  })
})

describe('remembered drafts', () => {
  it('keeps what it knows from an older or damaged draft and falls back for the rest', () => {
    const d = sanitizeDrafts({
      images: { model: 'no-such-model', prompt: 'kept', n: 3, bogus: true },
      art: { characters: [{ prompt: 'x' }, 'junk'], variant: 'art-diffusion-5-full' },
    })
    expect(d.images.model).toBe(DEFAULT_DRAFTS.images.model)
    expect(d.images.prompt).toBe('kept')
    expect(d.images.n).toBe(DEFAULT_DRAFTS.images.n)
    expect(d.art.variant).toBe('art-diffusion-5-full')
    expect(d.art.characters).toEqual([{ prompt: 'x', negativePrompt: '', position: 'C3' }])
    expect(sanitizeDrafts('garbage')).toEqual(DEFAULT_DRAFTS)
  })

  it('keeps prompt history newest first, without duplicates, bounded', () => {
    const s = useFormsStore.getState()
    for (let i = 0; i < 60; i++) s.remember('video', `p${i}`)
    s.remember('video', 'p10')
    const h = useFormsStore.getState().history.video
    expect(h).toHaveLength(50)
    expect(h[0]).toBe('p10')
    expect(h.filter((p) => p === 'p10')).toHaveLength(1)
    useFormsStore.getState().forget('video', 'p10')
    expect(useFormsStore.getState().history.video[0]).toBe('p59')
  })
})

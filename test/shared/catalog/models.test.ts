import {
  CATALOG,
  dimensionsForAspect,
  getImageModel,
  getModel,
  imageOutputFor,
  NATIVE_MODELS,
  PUBLIC_MODELS,
  TIER_PIXEL_BUDGET,
  validateNative,
  validateVideo,
  validateWorkbench,
} from '@shared/catalog'
import { describe, expect, it } from 'vitest'

describe('the catalog matches the spec', () => {
  it('lists every model of the spec with its kind', () => {
    expect(CATALOG.map((m) => `${m.kind}:${m.id}`)).toEqual([
      'image:std-image-2',
      'image:std-image-2.5-sunburst',
      'image:still-5.0-pro',
      'image:edit-2511',
      'image:art-v4.5',
      'image:art-v5',
      'image:compact-2-sfw',
      'video:motion-2.5',
      'video:motion-2.0',
      'video:motion-2.0-fast',
      'video:clip-h3',
      'video:clip-h3-sfw',
      'video:reel-2.2-anime',
      'video:reel-2.2-real',
      'text:std-6-sol',
      'text:std-6-astra',
      'text:std-5.6-sol',
      'text:lite-v4.1-flash',
    ])
  })

  it('keeps compact-2-sfw out of the public API', () => {
    expect(getModel('compact-2-sfw')?.publicApi).toBe(false)
    expect(PUBLIC_MODELS.map((m) => m.id)).not.toContain('compact-2-sfw')
    expect(PUBLIC_MODELS).toHaveLength(CATALOG.length - 1)
  })

  it('routes text models to the endpoints that accept them', () => {
    for (const id of ['std-6-sol', 'std-6-astra', 'std-5.6-sol']) {
      expect(getModel(id)?.endpoints).toEqual([
        'chat.completions',
        'responses',
        'responses.compact',
      ])
    }
    expect(getModel('lite-v4.1-flash')?.endpoints).toEqual(['chat.completions'])
  })

  it('has the native model table with character limits', () => {
    expect(NATIVE_MODELS.map((m) => [m.id, m.maxCharacters])).toEqual([
      ['art-diffusion-4-5-full', 6],
      ['art-diffusion-4-5-curated', 6],
      ['art-diffusion-5-full', 32],
      ['art-diffusion-4-full', 6],
      ['art-diffusion-4-curated-preview', 6],
      ['art-diffusion-3', 0],
      ['art-diffusion-furry-3', 0],
    ])
    expect(getImageModel('art-v5')?.nativeModel).toBe('art-diffusion-5-full')
  })
})

describe('output dimensions implied by a request', () => {
  const out = (
    model: string,
    req: Record<string, unknown>,
    ref?: { width: number; height: number },
  ) => {
    const m = getImageModel(model)
    if (!m) throw new Error(model)
    return imageOutputFor(m, req, ref)
  }

  it('uses the tier chosen by quality, the explicit size, or the fixed resolution', () => {
    expect(out('std-image-2', {})).toEqual({ width: 1024, height: 1024, tier: '1K' })
    expect(out('std-image-2', { quality: 'medium' })).toEqual({
      width: 2048,
      height: 2048,
      tier: '2K',
    })
    expect(out('std-image-2', { quality: 'high', size: '3840x2160' })).toEqual({
      width: 3840,
      height: 2160,
      tier: '4K',
    })
    expect(out('edit-2511', { quality: 'high' })).toEqual({ width: 1280, height: 720, tier: '1K' })
    expect(out('art-v4.5', { aspect_ratio: '16:9' })).toMatchObject({ width: 1344, height: 768 })
  })

  it('fits still-5.0-pro aspect ratios into the tier budget, smart following the first reference', () => {
    for (const tier of ['1K', '2K'] as const) {
      for (const ar of [
        { w: 16, h: 9 },
        { w: 9, h: 16 },
        { w: 4, h: 3 },
        { w: 1, h: 1 },
      ]) {
        const d = dimensionsForAspect(tier, ar)
        expect(d.width * d.height).toBeLessThanOrEqual(TIER_PIXEL_BUDGET[tier])
        expect(d.width * d.height).toBeGreaterThan(TIER_PIXEL_BUDGET[tier] * 0.95)
        expect(Math.abs(d.width / d.height - ar.w / ar.h)).toBeLessThan(0.02)
      }
    }
    const smart = out('still-5.0-pro', { aspect_ratio: 'smart' }, { width: 3000, height: 1000 })
    expect(smart.width / smart.height).toBeCloseTo(3, 1)
  })
})

describe('messages state the allowed range', () => {
  const fieldsOf = (r: ReturnType<typeof validateNative>) => (r.ok ? {} : r.fields)
  it('native, workbench and video', () => {
    const native = {
      input: 'x',
      model: 'art-diffusion-5-full',
      action: 'generate',
      parameters: { width: 1024, height: 1024, steps: 99, n_samples: 9, seed: 2 ** 33 },
    }
    expect(fieldsOf(validateNative(native))).toEqual({
      'parameters.steps': 'Steps must be 1 to 50',
      'parameters.n_samples': 'Samples (n_samples) must be 1 to 4',
      'parameters.seed': 'Seed must be 0 to 4294967295',
    })
    const wb = {
      model: 'art-v4.5',
      model_variant: 'art-diffusion-4-5-full',
      prompt: 'p',
      width: 1024,
      height: 1024,
      steps: 23,
      count: 1,
    }
    expect(
      fieldsOf(validateWorkbench({ ...wb, guidance: 11, source_strength: 0, source_noise: -1 })),
    ).toEqual({
      guidance: 'Guidance must be 0 to 10',
      source_strength: 'Source strength must be greater than 0 and at most 1',
      source_noise: 'Source noise must be 0 to 1',
    })
    expect(fieldsOf(validateWorkbench({ ...wb }, { phase: 'generation' }))).toEqual({
      quote_id: 'quote_id is required',
      client_request_id: 'client_request_id is required',
    })
    expect(fieldsOf(validateVideo({ model: 'reel-2.2-real', prompt: 'p', duration: 6 }))).toEqual({
      duration: 'duration must be 5 seconds for reel-2.2-real',
    })
  })

  it('refuses non-object bodies without throwing', () => {
    for (const body of [null, 'text', 42, [], undefined]) {
      expect(validateNative(body).ok).toBe(false)
      expect(validateVideo(body).ok).toBe(false)
      expect(validateWorkbench(body).ok).toBe(false)
    }
  })
})

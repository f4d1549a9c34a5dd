import { NATIVE_LIMITS, validateNative } from '@shared/catalog'
import { type ExpandPlan, expandRequest, planExpand } from '@shared/library/expand'
import { CROP_RATIOS } from '@shared/library/pictureEdits'
import { describe, expect, it } from 'vitest'

const plan = (w: number, h: number, spec: Parameters<typeof planExpand>[2]) => {
  const p = planExpand(w, h, spec)
  if (typeof p === 'string') throw new Error(p)
  return p
}
const fitsNative = (p: ExpandPlan) => {
  expect(p.width % 64).toBe(0)
  expect(p.height % 64).toBe(0)
  expect(p.width * p.height).toBeLessThanOrEqual(NATIVE_LIMITS.maxPixels)
  expect(Math.max(p.width, p.height)).toBeLessThanOrEqual(NATIVE_LIMITS.maxSide)
  expect(p.x + p.w).toBeLessThanOrEqual(p.width)
  expect(p.y + p.h).toBeLessThanOrEqual(p.height)
}

describe('planning an expanded canvas (issue #31)', () => {
  it('adds the amounts on the chosen sides, in multiples of 64, the original keeping its shape', () => {
    const p = plan(1024, 1024, { mode: 'sides', left: 256, right: 256, top: 0, bottom: 0 })
    expect(p).toEqual({ width: 1536, height: 1024, x: 256, y: 0, w: 1024, h: 1024 })
    const q = plan(1000, 600, { mode: 'sides', left: 0, right: 0, top: 0, bottom: 300 })
    fitsNative(q)
    expect(q.y).toBe(0)
    expect(q.w / q.h).toBeCloseTo(1000 / 600, 1)
    expect(q.height - q.h).toBeGreaterThan(200)
  })

  it('reaches every target ratio of the catalog from a square, centred, within the native limits', () => {
    for (const r of CROP_RATIOS.filter((r) => r !== '1:1')) {
      const p = plan(1024, 1024, { mode: 'ratio', ratio: r })
      fitsNative(p)
      const [a, b] = r.split(':').map(Number)
      expect(Math.abs(p.width / p.height - a! / b!), r).toBeLessThan(0.06)
      expect(Math.abs(p.x - (p.width - p.x - p.w)), r).toBeLessThanOrEqual(1)
    }
  })

  it('scales a big canvas down into the endpoint’s pixel limit', () => {
    const p = plan(3000, 2000, { mode: 'sides', left: 1000, right: 1000, top: 0, bottom: 0 })
    fitsNative(p)
    expect(p.w / p.h).toBeCloseTo(1.5, 1)
  })

  it('says why it cannot expand', () => {
    expect(planExpand(512, 512, { mode: 'sides', left: 0, right: 0, top: 0, bottom: 0 })).toMatch(
      /at least one side/,
    )
    expect(planExpand(512, 512, { mode: 'ratio', ratio: '1:1' })).toMatch(/already 1:1/)
    expect(planExpand(512, 512, { mode: 'ratio', ratio: '7:3' })).toMatch(/not an aspect ratio/)
    expect(
      planExpand(512, 512, { mode: 'sides', left: 1100, right: 0, top: 0, bottom: 0 }),
    ).toMatch(/at most 2×/)
  })

  it('makes a request the native validator accepts (with the image and mask added)', () => {
    const p = plan(832, 1216, { mode: 'ratio', ratio: '16:9' })
    const req = expandRequest(p, {
      prompt: 'a pier',
      negativePrompt: '',
      model: 'art-diffusion-5-full',
      steps: 23,
      seed: 7,
    })
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
    expect(
      validateNative({ ...req, parameters: { ...req.parameters, image: png, mask: png } }),
    ).toEqual({ ok: true })
  })
})

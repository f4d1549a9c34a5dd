/**
 * The client's estimates against the simulator's charges, both checked against the spec's
 * tables, typed here once more from ../shared/spec/service-interface.md. The two sides share no
 * code (src/simulator/pricing.ts imports nothing from src/shared), so a wrong number on either
 * side is a disagreement this file sees (issue #18).
 */
import { getNativeModel, NATIVE_MODELS } from '@shared/catalog/artModels'
import { estimateArt, estimateImage, estimateVideo, type PriceEstimate } from '@shared/pricing'
import { artCharge, imageCharge, videoCharge } from '@simulator/pricing'
import { describe, expect, it } from 'vitest'

const usd = (e: PriceEstimate) => {
  if (e.kind !== 'usd') throw new Error(`expected a USD estimate: ${e.basis}`)
  return e
}

/** The spec's image table: model → quality → USD per output (qualities by its mapping column). */
const SPEC_IMAGES: Array<[string, Record<string, number>]> = [
  ['std-image-2', { low: 0.01, auto: 0.01, medium: 0.015, high: 0.02 }],
  ['std-image-2.5-sunburst', { low: 0.01, auto: 0.01 }],
  ['still-5.0-pro', { low: 0.045, auto: 0.045, medium: 0.09 }],
  ['edit-2511', { auto: 0.015, low: 0.015, medium: 0.015, high: 0.015 }],
]

describe('images: spec, client and simulator agree row by row', () => {
  it.each(SPEC_IMAGES)('%s', (model, byQuality) => {
    for (const [quality, price] of Object.entries(byQuality)) {
      for (const n of [1, 2, 4]) {
        const client = usd(estimateImage({ model, quality, n }))
        const server = imageCharge({ model, quality, n, referenceCount: 0 })!
        const expected = Math.round(price * 1e6) * n
        expect([client.micros, server.micros], `${model} ${quality} × ${n}`).toEqual([
          expected,
          expected,
        ])
        expect([client.approximate, server.approximate]).toEqual([false, false])
      }
    }
  })

  it('still-5.0-pro references: the first included, each further one 0.003 per request', () => {
    for (const refs of [0, 1, 2, 5, 10]) {
      const client = usd(estimateImage({ model: 'still-5.0-pro', referenceCount: refs }))
      const server = imageCharge({ model: 'still-5.0-pro', n: 1, referenceCount: refs })!
      expect(client.micros).toBe(45_000 + 3_000 * Math.max(0, refs - 1))
      expect(server.micros).toBe(client.micros)
    }
  })

  it('art-v4.5 on the images endpoint: 0.003 per image, approximate off 1:1', () => {
    for (const aspect_ratio of ['1:1', '16:9', '3:4'])
      for (const n of [1, 3, 4]) {
        const client = usd(estimateImage({ model: 'art-v4.5', aspect_ratio, n }))
        const server = imageCharge({
          model: 'art-v4.5',
          aspectRatio: aspect_ratio,
          n,
          referenceCount: 0,
        })!
        expect(client.micros).toBe(3_000 * n)
        expect([server.micros, server.approximate]).toEqual([client.micros, client.approximate])
      }
  })
})

/** The spec's video table: 5 seconds at 16:9. */
const SPEC_VIDEO: Array<[string, Record<string, number>]> = [
  ['motion-2.5', { '480p': 0.6454, '720p': 1.3878, '1080p': 3.4118 }],
  ['motion-2.0', { '480p': 0.4219, '720p': 0.9072, '1080p': 2.2454 }],
  ['motion-2.0-fast', { '480p': 0.3375, '720p': 0.7258 }],
  ['clip-h3', { '480p': 0.1453, '720p': 0.2892 }],
  ['clip-h3-sfw', { '768p': 0.1, '1080p': 0.1 }],
  ['reel-2.2-anime', { '480p': 0.14, '720p': 0.18 }],
  ['reel-2.2-real', { '480p': 0.14, '720p': 0.18 }],
]

describe('video: spec, client and simulator agree', () => {
  it.each(SPEC_VIDEO)(
    '%s: the table exactly at 5 s 16:9, the same scaled figure elsewhere',
    (model, prices) => {
      for (const [resolution, price] of Object.entries(prices)) {
        for (const duration of [5, 4, 8, 10]) {
          for (const aspect_ratio of ['16:9', '9:16']) {
            const client = usd(estimateVideo({ model, resolution, duration, aspect_ratio }))
            const server = videoCharge({
              model,
              resolution,
              duration,
              aspectRatio: aspect_ratio,
              referenceMode: false,
            })!
            const exact = duration === 5 && aspect_ratio === '16:9'
            if (exact) expect(client.micros).toBe(Math.round(price * 1e6))
            expect([server.micros, server.approximate]).toEqual([client.micros, client.approximate])
            expect(client.approximate).toBe(!exact)
          }
        }
      }
      for (const resolution of ['480p', '720p', '768p', '1080p'].filter((r) => !(r in prices))) {
        expect(estimateVideo({ model, resolution, duration: 5 }).kind).toBe('not_offered')
        expect(
          videoCharge({
            model,
            resolution,
            duration: 5,
            aspectRatio: '16:9',
            referenceMode: false,
          }),
        ).toBeNull()
      }
    },
  )
})

describe('art: the standard image exactly, everything else scaled the same way on both sides', () => {
  it('0.003 (V4.5) and 0.006 (V5) for one 1024x1024 image at 23 steps', () => {
    for (const m of NATIVE_MODELS.filter((x) => x.family === 'v4.5' || x.family === 'v5')) {
      const price = m.family === 'v5' ? 6_000 : 3_000
      const client = usd(
        estimateArt({ variant: m.id, width: 1024, height: 1024, steps: 23, count: 1 }),
      )
      const server = artCharge({
        family: m.family,
        width: 1024,
        height: 1024,
        steps: 23,
        count: 1,
        referenceCount: 0,
      })
      expect([client.micros, client.approximate]).toEqual([price, false])
      expect([server.micros, server.approximate]).toEqual([price, false])
    }
  })

  it('every model over a grid of sizes, steps, counts and references', () => {
    for (const m of NATIVE_MODELS) {
      for (const [width, height] of [
        [1024, 1024],
        [832, 1216],
        [1536, 640],
        [512, 512],
      ] as const)
        for (const steps of [1, 23, 28, 50])
          for (const count of [1, 2, 4])
            for (const referenceCount of [0, 1]) {
              const client = usd(
                estimateArt({ variant: m.id, width, height, steps, count, referenceCount }),
              )
              const server = artCharge({
                family: getNativeModel(m.id)!.family,
                width,
                height,
                steps,
                count,
                referenceCount,
              })
              expect(
                [server.micros, server.approximate],
                `${m.id} ${width}x${height} ${steps} steps × ${count}, ${referenceCount} refs`,
              ).toEqual([client.micros, client.approximate])
            }
    }
  })
})

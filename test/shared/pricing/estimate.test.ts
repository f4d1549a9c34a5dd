import {
  type ArtEstimateInput,
  describeEstimate,
  estimateArt,
  estimateImage,
  estimateText,
  estimateVideo,
  formatUsdMicros,
  imagePricePerOutput,
  type PriceEstimate,
  sumEstimates,
} from '@shared/pricing'
import { describe, expect, it } from 'vitest'

const usdOf = (e: PriceEstimate) => {
  if (e.kind !== 'usd') throw new Error(`expected a USD estimate, got ${e.kind}: ${e.basis}`)
  return e
}

describe("images, per output: the spec's table row by row", () => {
  // model, 1k, 2k, 4k ('-' = not offered)
  const table: [string, number | null, number | null, number | null][] = [
    ['std-image-2', 0.01, 0.015, 0.02],
    ['std-image-2.5-sunburst', 0.01, 0.01, 0.01],
    ['still-5.0-pro', 0.045, 0.09, null],
    ['edit-2511', 0.015, null, null],
    ['compact-2-sfw', 0.022, 0.025, 0.025],
  ]
  it.each(table)('%s', (model, k1, k2, k4) => {
    const cells = { '1K': k1, '2K': k2, '4K': k4 } as const
    for (const [tier, price] of Object.entries(cells) as [keyof typeof cells, number | null][]) {
      const micros = imagePricePerOutput(model, tier)
      expect(micros === null ? null : micros / 1e6).toBe(price)
      const e = estimateImage({ model, tier })
      if (price === null) expect(e.kind).toBe('not_offered')
      else expect(usdOf(e)).toMatchObject({ usd: price, approximate: false })
    }
  })

  it('maps quality to the tier and multiplies by n', () => {
    expect(usdOf(estimateImage({ model: 'std-image-2', quality: 'low' })).usd).toBe(0.01)
    expect(usdOf(estimateImage({ model: 'std-image-2', quality: 'auto' })).usd).toBe(0.01)
    expect(usdOf(estimateImage({ model: 'std-image-2', quality: 'medium' })).usd).toBe(0.015)
    expect(usdOf(estimateImage({ model: 'std-image-2', quality: 'high' })).usd).toBe(0.02)
    expect(usdOf(estimateImage({ model: 'still-5.0-pro', quality: 'medium' })).usd).toBe(0.09)
    expect(usdOf(estimateImage({ model: 'edit-2511', quality: 'high' })).usd).toBe(0.015)
  })

  // Issue #18: `each * n` → `each / n` survived the whole suite (n was never above 1 here).
  it.each(table)(
    '%s × n, for every tier and n = 1 to 10: exactly n times the table',
    (model, ...cells) => {
      const tiers = ['1K', '2K', '4K'] as const
      tiers.forEach((tier, i) => {
        const price = cells[i]
        if (price === null || price === undefined) return
        for (const n of [1, 2, 3, 4, 7, 10]) {
          const e = usdOf(estimateImage({ model, tier, n }))
          expect(e.micros, `${model} ${tier} × ${n}`).toBe(Math.round(price * 1e6) * n)
          expect(e.approximate).toBe(false)
          expect(describeEstimate(e).startsWith('≈')).toBe(false)
        }
      })
    },
  )

  it('still-5.0-pro: first reference included, each additional adds 0.003 per request', () => {
    expect(usdOf(estimateImage({ model: 'still-5.0-pro', referenceCount: 0 })).usd).toBe(0.045)
    expect(usdOf(estimateImage({ model: 'still-5.0-pro', referenceCount: 1 })).usd).toBe(0.045)
    expect(usdOf(estimateImage({ model: 'still-5.0-pro', referenceCount: 2 })).usd).toBe(0.048)
    expect(usdOf(estimateImage({ model: 'still-5.0-pro', referenceCount: 10 })).usd).toBe(0.072)
    expect(
      usdOf(estimateImage({ model: 'still-5.0-pro', quality: 'medium', referenceCount: 4 })).usd,
    ).toBe(0.099)
    // Other models get no reference add-on.
    expect(usdOf(estimateImage({ model: 'std-image-2', referenceCount: 4 })).usd).toBe(0.01)
  })

  it('art-v4.5 on the images endpoint: 0.003 per standard image × n', () => {
    expect(usdOf(estimateImage({ model: 'art-v4.5', n: 4 }))).toMatchObject({
      usd: 0.012,
      approximate: false,
    })
    expect(usdOf(estimateImage({ model: 'art-v4.5', aspect_ratio: '16:9' }))).toMatchObject({
      usd: 0.003,
      approximate: true,
    })
    expect(estimateImage({ model: 'art-v5' }).kind).toBe('not_offered')
  })
})

describe('art models: the base prices and the documented approximate scaling', () => {
  /** The price table's reference point, one 1024x1024 image at 23 steps, changed by `over`. */
  const art = (variant: string, over: Partial<ArtEstimateInput> = {}) =>
    usdOf(estimateArt({ variant, width: 1024, height: 1024, steps: 23, count: 1, ...over }))

  it('V4.5 0.003 and V5 0.006 for one 1024x1024 image at 23 steps (exact)', () => {
    for (const variant of ['art-diffusion-4-5-full', 'art-diffusion-4-5-curated']) {
      expect(art(variant)).toMatchObject({ usd: 0.003, approximate: false })
    }
    expect(art('art-diffusion-5-full')).toMatchObject({ usd: 0.006, approximate: false })
  })

  it('scales by count exactly and by pixels and steps approximately', () => {
    expect(art('art-diffusion-5-full', { count: 4 })).toMatchObject({
      usd: 0.024,
      approximate: false,
    })
    const big = art('art-diffusion-5-full', { width: 2048, height: 1536, steps: 46, count: 2 })
    expect(big).toMatchObject({ micros: 6000 * 3 * 2 * 2, approximate: true })
    expect(big.basis).toMatch(/approximate/)
    const v4 = art('art-diffusion-4-full')
    expect(v4).toMatchObject({ usd: 0.003, approximate: true })
    expect(v4.basis).toMatch(/no published price/)
    expect(art('art-diffusion-4-5-full', { referenceCount: 1 }).approximate).toBe(true)
  })

  it('a scaled art price is labelled "≈" (approximate), the standard one is not (issue #18)', () => {
    const label = (over: Partial<ArtEstimateInput>, variant = 'art-diffusion-4-5-full') =>
      describeEstimate(art(variant, over))
    expect(label({})).toBe('$0.003')
    expect(label({ count: 3 })).toBe('$0.009')
    for (const over of [{ width: 832 }, { height: 1216 }, { steps: 28 }, { referenceCount: 2 }])
      expect(label(over), JSON.stringify(over)).toMatch(/^≈ \$/)
    expect(label({}, 'art-diffusion-4-full')).toMatch(/^≈ \$0\.003$/)
  })
})

describe("video, 5 seconds at 16:9: the spec's table row by row", () => {
  const table: [string, (number | null)[]][] = [
    ['motion-2.5', [0.6454, 1.3878, null, 3.4118]],
    ['motion-2.0', [0.4219, 0.9072, null, 2.2454]],
    ['motion-2.0-fast', [0.3375, 0.7258, null, null]],
    ['clip-h3', [0.1453, 0.2892, null, null]],
    ['clip-h3-sfw', [null, null, 0.1, 0.1]],
    ['reel-2.2-anime', [0.14, 0.18, null, null]],
    ['reel-2.2-real', [0.14, 0.18, null, null]],
  ]
  it.each(table)('%s', (model, prices) => {
    ;['480p', '720p', '768p', '1080p'].forEach((resolution, i) => {
      const e = estimateVideo({ model, resolution, duration: 5, aspect_ratio: '16:9' })
      if (prices[i] === null) expect(e.kind).toBe('not_offered')
      else expect(usdOf(e)).toMatchObject({ usd: prices[i], approximate: false })
    })
  })

  it('scales by duration and marks choices outside the table approximate', () => {
    expect(
      usdOf(estimateVideo({ model: 'motion-2.5', resolution: '720p', duration: 10 })),
    ).toMatchObject({
      usd: 2.7756,
      approximate: true,
    })
    expect(
      usdOf(estimateVideo({ model: 'motion-2.5', resolution: '1080p', duration: 30 })),
    ).toMatchObject({
      usd: 20.4708,
      approximate: true,
    })
    const portrait = usdOf(
      estimateVideo({ model: 'clip-h3', resolution: '480p', duration: 5, aspect_ratio: '9:16' }),
    )
    expect(portrait).toMatchObject({ usd: 0.1453, approximate: true })
    expect(portrait.basis).toMatch(/16:9 only/)
    expect(
      usdOf(
        estimateVideo({ model: 'clip-h3', resolution: '720p', duration: 5, mode: 'all-reference' }),
      ).approximate,
    ).toBe(true)
  })
})

describe('text and formatting', () => {
  it('text models have no published rate, never a number', () => {
    for (const m of ['std-6-sol', 'std-6-astra', 'std-5.6-sol', 'lite-v4.1-flash']) {
      const e = estimateText(m)
      expect(e.kind).toBe('no_published_rate')
      expect(e).not.toHaveProperty('usd')
      expect(describeEstimate(e)).toBe('No published rate')
    }
  })

  it('sums in micro-dollars without float drift and formats labels', () => {
    const parts = Array.from({ length: 10 }, () =>
      estimateImage({ model: 'std-image-2', quality: 'medium' }),
    )
    const sum = usdOf(sumEstimates(parts))
    expect(sum.usd).toBe(0.15) // 0.015 × 10 summed as floats would give 0.15000000000000002
    expect(formatUsdMicros(15_000)).toBe('$0.015')
    expect(formatUsdMicros(1_387_800)).toBe('$1.3878')
    expect(formatUsdMicros(0)).toBe('$0.00')
    expect(formatUsdMicros(100_000)).toBe('$0.10')
    expect(
      describeEstimate(estimateVideo({ model: 'motion-2.5', resolution: '720p', duration: 10 })),
    ).toBe('≈ $2.7756')
  })

  it('a sum with one approximate part is approximate; text and unpriced parts are skipped', () => {
    const exact = estimateImage({ model: 'std-image-2' })
    const scaled = estimateVideo({ model: 'motion-2.0', resolution: '480p', duration: 10 })
    expect(usdOf(sumEstimates([exact, exact])).approximate).toBe(false)
    const mixed = usdOf(sumEstimates([exact, scaled, estimateText('std-6-sol')]))
    expect(mixed).toMatchObject({ approximate: true, micros: 10_000 + 843_800 })
    expect(describeEstimate(mixed)).toBe('≈ $0.8538')
    expect(describeEstimate(estimateText('std-6-sol'))).toBe('No published rate')
  })
})

// Issue #18: what an estimate says besides its figure. The notes explain why a figure is
// approximate, so the user is never surprised by the bill; unknown models are "not offered".
describe('the kind, the notes and the label of an estimate', () => {
  it('unknown models are not offered, on every estimator', () => {
    expect(
      estimateArt({ variant: 'nope', width: 1024, height: 1024, steps: 23, count: 1 }),
    ).toMatchObject({ kind: 'not_offered' })
    expect(estimateImage({ model: 'motion-2.5' })).toMatchObject({ kind: 'not_offered' })
    expect(estimateImage({ model: 'nope' })).toMatchObject({ kind: 'not_offered' })
    expect(estimateVideo({ model: 'std-image-2' })).toMatchObject({ kind: 'not_offered' })
    expect(estimateText('std-image-2')).toMatchObject({ kind: 'not_offered' })
    expect(estimateText('nope')).toMatchObject({ kind: 'not_offered' })
    expect(imagePricePerOutput('nope', '1K')).toBeNull()
    expect(describeEstimate(estimateImage({ model: 'nope' }))).toBe('Not offered')
  })

  it('says why there is no figure, naming the model and what it lacks', () => {
    expect(
      estimateArt({ variant: 'nope', width: 1024, height: 1024, steps: 23, count: 1 }).basis,
    ).toBe('Unknown art model nope')
    expect(estimateImage({ model: 'motion-2.5' }).basis).toBe('motion-2.5 is not an image model')
    expect(estimateImage({ model: 'still-5.0-pro', tier: '4K' }).basis).toBe(
      'still-5.0-pro has no 4K price',
    )
    expect(estimateVideo({ model: 'std-image-2' }).basis).toBe('std-image-2 is not a video model')
    expect(estimateVideo({ model: 'motion-2.5', resolution: '4K' }).basis).toBe(
      'motion-2.5 has no 4K price',
    )
    expect(estimateText('std-image-2').basis).toBe('std-image-2 is not a text model')
    expect(estimateText('std-6-sol').basis).toBe(
      'std-6-sol has no published rate; rates are never guessed',
    )
    expect(sumEstimates([]).basis).toBe('Sum of estimates')
  })

  it('art-v5 on the images endpoint points to the native endpoint', () => {
    const e = estimateImage({ model: 'art-v5' })
    expect(e.kind).toBe('not_offered')
    expect(e.basis).toMatch(/native/)
  })

  const art = (over: Partial<ArtEstimateInput> = {}): PriceEstimate =>
    estimateArt({
      variant: 'art-diffusion-4-5-full',
      width: 1024,
      height: 1024,
      steps: 23,
      count: 1,
      ...over,
    })

  it('art notes: scaled, unpublished family, references — each only when it applies', () => {
    expect(art().basis).not.toMatch(/;/)
    expect(art({ steps: 28 }).basis).toMatch(/scaled linearly/)
    expect(art({ variant: 'art-diffusion-4-full' }).basis).toMatch(/no published price/)
    expect(art({ variant: 'art-diffusion-5-full' }).basis).toMatch(/per V5 image/)
    expect(art().basis).toMatch(/per V4\.5 image/)
    expect(art({ referenceCount: 1 }).basis).toMatch(/reference surcharge/)
    expect(art({ referenceCount: 0 }).basis).not.toMatch(/reference/)
  })

  it('art-v4.5 on the images endpoint: exact at 1:1, approximate at any other ratio', () => {
    expect(usdOf(estimateImage({ model: 'art-v4.5', n: 2 })).approximate).toBe(false)
    expect(usdOf(estimateImage({ model: 'art-v4.5', aspect_ratio: '1:1' })).approximate).toBe(false)
    const wide = usdOf(estimateImage({ model: 'art-v4.5', aspect_ratio: '16:9', n: 3 }))
    expect(wide.approximate).toBe(true)
    expect(wide.micros).toBe(3 * usdOf(estimateImage({ model: 'art-v4.5' })).micros)
    expect(wide.basis).toBe(
      '$0.003 per standard art image × 3; 16:9 dimensions are server-defined (approximate)',
    )
    // A square one has no note.
    expect(estimateImage({ model: 'art-v4.5', n: 2 }).basis).toBe(
      '$0.003 per standard art image × 2',
    )
  })

  it('still-5.0-pro: the first reference is included, each further one is counted', () => {
    const one = usdOf(estimateImage({ model: 'still-5.0-pro', referenceCount: 1 }))
    expect(one.basis).not.toMatch(/additional/)
    const two = usdOf(estimateImage({ model: 'still-5.0-pro', referenceCount: 2 }))
    expect(two.micros - one.micros).toBe(3_000)
    expect(two.basis).toMatch(/× 1 additional reference$/)
    const four = usdOf(estimateImage({ model: 'still-5.0-pro', referenceCount: 4 }))
    expect(four.basis).toMatch(/× 3 additional references$/)
  })

  it('video notes: duration, aspect and reference mode each make it approximate and say why', () => {
    const table = usdOf(estimateVideo({ model: 'motion-2.5', resolution: '720p', duration: 5 }))
    expect(table.approximate).toBe(false)
    expect(table.basis).not.toMatch(/;/)
    expect(estimateVideo({ model: 'motion-2.5', duration: 10 }).basis).toMatch(
      /scaled linearly to 10 s/,
    )
    const square = usdOf(estimateVideo({ model: 'motion-2.5', duration: 5, aspect_ratio: '1:1' }))
    expect(square.approximate).toBe(true)
    expect(square.basis).toMatch(/1:1 may differ/)
    const ref = usdOf(estimateVideo({ model: 'clip-h3', duration: 5, mode: 'all-reference' }))
    expect(ref.approximate).toBe(true)
    expect(ref.basis).toMatch(/reference video charges/)
  })

  it('formats negative amounts (refunds) with the sign first', () => {
    expect(formatUsdMicros(-15_000)).toBe('-$0.015')
    expect(formatUsdMicros(-2_000_000)).toBe('-$2.00')
    expect(formatUsdMicros(1_234_567)).toBe('$1.234567')
  })

  it('labels every kind', () => {
    expect(describeEstimate(art({ steps: 28 }))).toMatch(/^≈ \$/)
    expect(describeEstimate(art())).toMatch(/^\$/)
    expect(describeEstimate(estimateText('std-6-sol'))).toBe('No published rate')
    expect(describeEstimate(estimateText('nope'))).toBe('Not offered')
  })
})

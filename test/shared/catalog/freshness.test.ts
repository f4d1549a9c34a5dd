import { catalogDrift, PRICES_CHECKED_AT, PUBLIC_MODELS, usableModels } from '@shared/catalog'
import { estimateFor } from '@shared/tasks/estimate'
import { describe, expect, it } from 'vitest'

describe('price freshness', () => {
  it('holds the day the tables were checked', () => {
    expect(PRICES_CHECKED_AT).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('is not in the future of the build that carries it', () => {
    expect(Date.parse(`${PRICES_CHECKED_AT}T00:00:00Z`)).toBeLessThanOrEqual(Date.now())
  })
})

describe('catalogDrift (GET /v1/models against the catalog)', () => {
  it('names listed models this version does not know, and catalog models not listed', () => {
    const listed = ['std-image-2', 'std-image-9-preview', 'std-image-9-preview', 'motion-9']
    const drift = catalogDrift(listed)
    expect(drift.unknown).toEqual(['motion-9', 'std-image-9-preview'])
    expect(drift.unlisted).not.toContain('std-image-2')
    expect(drift.unlisted).toHaveLength(PUBLIC_MODELS.length - 1)
  })

  it('counts an art model as listed through one of its native variants, and knows the variants', () => {
    const drift = catalogDrift(['art-diffusion-4-5-full'])
    expect(drift.unknown).toEqual([])
    expect(drift.unlisted).not.toContain('art-v4.5')
    expect(usableModels(['art-diffusion-4-5-full'])).toEqual(['art-v4.5'])
  })

  it('a full listing of the catalog has no drift', () => {
    expect(catalogDrift(PUBLIC_MODELS.map((m) => m.id))).toEqual({ unknown: [], unlisted: [] })
  })
})

describe('no request is priced from a guess', () => {
  it('a model the catalog does not know gets no figure', () => {
    for (const input of [
      { kind: 'image', request: { model: 'std-image-9-preview', prompt: 'x' } },
      { kind: 'video', request: { model: 'motion-9', prompt: 'x' } },
      { kind: 'native', request: { model: 'art-diffusion-9', parameters: {} } },
    ] as const) {
      const estimate = estimateFor(input as Parameters<typeof estimateFor>[0])
      expect(estimate.kind, input.request.model).not.toBe('usd')
    }
  })
})

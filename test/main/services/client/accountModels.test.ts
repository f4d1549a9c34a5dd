import { usableCatalogModels } from '@main/services/client/accountModels'
import { describe, expect, it } from 'vitest'

describe('usableCatalogModels', () => {
  it('keeps listed public catalog models in catalog order and drops unknown ids', () => {
    expect(
      usableCatalogModels(['std-6-sol', 'someone-elses-model', 'motion-2.0', 'std-image-2']),
    ).toEqual(['std-image-2', 'motion-2.0', 'std-6-sol'])
  })

  it('counts an art model when only its native variant is listed', () => {
    expect(usableCatalogModels(['art-diffusion-5-full'])).toEqual(['art-v5'])
    expect(usableCatalogModels(['art-diffusion-4-5-curated'])).toEqual(['art-v4.5'])
  })

  it('never offers the web-only model, even when listed', () => {
    expect(usableCatalogModels(['compact-2-sfw'])).toEqual([])
  })
})

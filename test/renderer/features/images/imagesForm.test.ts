import {
  buildImagesForm,
  normalizeImagesDraft,
  sizePresets,
} from '@renderer/features/images/imagesForm'
import { DEFAULT_DRAFTS } from '@renderer/stores/forms/drafts'
import { validateImageGeneration } from '@shared/catalog'
import { CATALOG, type ImageModel } from '@shared/catalog'
import { ref } from '@test/support/refItem'
import { describe, expect, it } from 'vitest'

const images = (over: Partial<typeof DEFAULT_DRAFTS.images> = {}) => ({
  ...DEFAULT_DRAFTS.images,
  prompt: 'a cat',
  ...over,
})

describe('images form', () => {
  it('prices the default request exactly and sends the chosen preset', () => {
    const f = buildImagesForm(images(), [])
    expect(f.ok).toBe(true)
    expect(f.generation).toMatchObject({ model: 'std-image-2', size: '1024x1024', quality: 'auto' })
    expect(f.estimate).toMatchObject({ kind: 'usd', micros: 10_000, approximate: false })
    expect(f.output).toEqual({ width: 1024, height: 1024, tier: '1K' })
  })

  it('shows the multiple and the pixel budget of the tier at the size field', () => {
    expect(
      buildImagesForm(images({ sizeChoice: 'custom', customSize: '1030x1024' }), []).errors.size,
    ).toBe('size: width and height must be multiples of 8')
    const budget = buildImagesForm(
      images({ sizeChoice: 'custom', customSize: '2048x2048', quality: 'low' }),
      [],
    )
    expect(budget.errors.size).toContain('at most 1,048,576 pixels in total for the 1K tier')
    expect(budget.ok).toBe(false)
    expect(
      buildImagesForm(
        images({ sizeChoice: 'custom', customSize: '2048x2048', quality: 'medium' }),
        [],
      ).ok,
    ).toBe(true)
    expect(
      buildImagesForm(images({ sizeChoice: 'custom', customSize: '' }), []).errors.size,
    ).toMatch(/WIDTHxHEIGHT/)
  })

  it('gives n its allowed range per model, including for text that is not a number', () => {
    expect(buildImagesForm(images({ n: '2' }), []).errors.n).toBe('n must be 1 for std-image-2')
    expect(buildImagesForm(images({ n: 'two' }), []).errors.n).toBe('n must be 1 for std-image-2')
    const art = buildImagesForm(images({ model: 'art-v4.5', n: '5' }), [])
    expect(art.errors.n).toBe('n must be 1 to 4 for art-v4.5')
    expect(art.estimate).toBeNull()
    const ok = buildImagesForm(images({ model: 'art-v4.5', n: '3' }), [])
    expect(ok.estimate).toMatchObject({ micros: 9_000 })
  })

  it('offers only size presets the catalog accepts, for every size model and quality', () => {
    const sizeModels = CATALOG.filter((m): m is ImageModel => m.kind === 'image' && m.size !== null)
    expect(sizeModels.length).toBeGreaterThan(0)
    for (const m of sizeModels) {
      for (const q of Object.keys(m.qualityTiers ?? { auto: '1K' }) as Array<'auto'>) {
        const presets = sizePresets(m, q)
        expect(presets.length).toBeGreaterThanOrEqual(3)
        for (const p of presets) {
          expect(
            validateImageGeneration({ model: m.id, prompt: 'x', size: p.value, quality: q }).ok,
          ).toBe(true)
        }
      }
    }
  })

  it('keeps the aspect of a preset when quality moves it to another tier', () => {
    const high = normalizeImagesDraft(images({ quality: 'high', sizeChoice: '1024x1024' }))
    const wide = sizePresets(
      CATALOG.find((m) => m.id === 'std-image-2') as ImageModel,
      'high',
    ).find((p) => p.label.includes('16:9'))!
    const low = normalizeImagesDraft({ ...high, sizeChoice: wide.value, quality: 'low' })
    expect(low.sizeChoice).not.toBe(wide.value)
    expect(low.sizeChoice).toMatch(/^\d+x\d+$/)
    const [w, h] = low.sizeChoice.split('x').map(Number) as [number, number]
    expect(w / h).toBeCloseTo(16 / 9, 1)
    expect(buildImagesForm(low, []).ok).toBe(true)
  })

  it('enforces reference counts, types and still-5.0-pro add-ons on edits', () => {
    const still = images({ operation: 'edit', model: 'still-5.0-pro', aspectRatio: '1:1' })
    const three = buildImagesForm(still, [ref(), ref(), ref()])
    expect(three.ok).toBe(true)
    expect(three.estimate).toMatchObject({ micros: 45_000 + 2 * 3_000 })
    const eleven = buildImagesForm(
      still,
      Array.from({ length: 11 }, () => ref()),
    )
    expect(eleven.errors.references).toBe('image[] must hold 1 to 10 images for still-5.0-pro')
    const none = buildImagesForm(images({ operation: 'edit' }), [])
    expect(none.errors.references).toBe('image[] must hold 1 to 4 images for std-image-2')
    const text = buildImagesForm(images({ operation: 'edit' }), [
      ref({ name: 'notes.png', type: null }),
    ])
    expect(text.errors.references).toBe(
      'notes.png is not a PNG, JPEG or WebP image (checked by its content)',
    )
    const staging = buildImagesForm(images({ operation: 'edit' }), [ref({ path: null })])
    expect(staging.errors.references).toBe('ref.png is still being prepared')
  })

  it('requires the reference mode and 1 to 2 URLs for edit-2511, at fixed 720p', () => {
    const f = buildImagesForm(images({ model: 'edit-2511' }), [])
    expect(f.generation?.mode).toBe('reference')
    expect(f.errors.image_urls).toBe('image_urls must hold 1 to 2 images for edit-2511')
    const ok = buildImagesForm(
      images({ model: 'edit-2511', imageUrls: 'https://a.example/x.png\n' }),
      [],
    )
    expect(ok.ok).toBe(true)
    expect(ok.generation?.image_urls).toEqual(['https://a.example/x.png'])
    expect(ok.output).toMatchObject({ width: 1280, height: 720 })
    const bad = buildImagesForm(images({ model: 'edit-2511', imageUrls: 'ftp://x' }), [])
    expect(bad.errors.image_urls).toBe('image_urls entries must be http or https URLs')
  })

  it('refuses models that this screen cannot send, with the reason', () => {
    expect(buildImagesForm(images({ model: 'art-v5' }), []).errors.model).toContain(
      'use the Art model screen',
    )
    expect(buildImagesForm(images({ model: 'compact-2-sfw' }), []).errors.model).toContain(
      'web workspace only',
    )
  })
})

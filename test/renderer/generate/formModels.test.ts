import { validateImageGeneration } from '@shared/catalog'
import { describe, expect, it } from 'vitest'

import { buildArtForm } from '../../../src/renderer/features/art/artForm'
import { ART_SIZE_PRESETS } from '../../../src/renderer/features/generate/artPresets'
import type { RefItem } from '../../../src/renderer/features/generate/references'
import {
  buildImagesForm,
  normalizeImagesDraft,
  sizePresets,
} from '../../../src/renderer/features/images/imagesForm'
import { buildVideoForm, normalizeVideoDraft } from '../../../src/renderer/features/video/videoForm'
import { buildWorkbenchForm } from '../../../src/renderer/features/workbench/workbenchForm'
import { DEFAULT_DRAFTS } from '../../../src/renderer/stores/forms/drafts'
import { CATALOG, type ImageModel, validateNative } from '../../../src/shared/catalog'

const ref = (over: Partial<RefItem> = {}): RefItem => ({
  id: `r${Math.random()}`,
  name: 'ref.png',
  bytes: 1000,
  type: 'image/png',
  width: 512,
  height: 512,
  path: '/tmp/ref.png',
  thumb: null,
  origin: 'drop',
  problem: null,
  ...over,
})

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

describe('video form', () => {
  const video = (over: Partial<typeof DEFAULT_DRAFTS.video> = {}) => ({
    ...DEFAULT_DRAFTS.video,
    prompt: 'waves',
    ...over,
  })

  it('gives the duration bounds of each model and prices only valid choices', () => {
    const f = buildVideoForm(video({ model: 'motion-2.5', duration: '31' }))
    expect(f.errors.duration).toBe('duration must be 4 to 30 seconds for motion-2.5')
    expect(f.estimate).toBeNull()
    expect(
      buildVideoForm(video({ model: 'reel-2.2-anime', duration: '6', resolution: '480p' })).errors
        .duration,
    ).toBe('duration must be 5 seconds for reel-2.2-anime')
  })

  it('is exact for a table cell and approximate outside it', () => {
    const exact = buildVideoForm(video({ model: 'clip-h3', resolution: '480p', duration: '5' }))
    expect(exact.estimate).toMatchObject({ micros: 145_300, approximate: false })
    const portrait = buildVideoForm(
      video({ model: 'clip-h3', resolution: '480p', aspectRatio: '9:16' }),
    )
    expect(portrait.estimate).toMatchObject({ micros: 145_300, approximate: true })
    const longer = buildVideoForm(video({ model: 'clip-h3', resolution: '480p', duration: '10' }))
    expect(longer.estimate).toMatchObject({ micros: 290_600, approximate: true })
  })

  it('asks for reference URLs and their seconds in the all-reference mode', () => {
    const bare = buildVideoForm(video({ model: 'clip-h3', referenceMode: true }))
    expect(bare.request.mode).toBe('all-reference')
    expect(bare.errors.reference_video_urls).toBe(
      'mode all-reference needs at least one reference video URL',
    )
    const noSeconds = buildVideoForm(
      video({ model: 'clip-h3', referenceMode: true, referenceUrls: 'https://v.example/a.mp4' }),
    )
    expect(noSeconds.errors.input_video_seconds).toBe('input_video_seconds is required')
    const ok = buildVideoForm(
      video({
        model: 'clip-h3',
        referenceMode: true,
        referenceUrls: 'https://v.example/a.mp4',
        inputVideoSeconds: '12',
      }),
    )
    expect(ok.ok).toBe(true)
    expect(ok.estimate).toMatchObject({ approximate: true })
    // A model without the mode never sends it.
    expect(
      buildVideoForm(video({ model: 'motion-2.0', referenceMode: true })).request.mode,
    ).toBeUndefined()
  })

  it('moves resolution and duration into a new model’s bounds', () => {
    const n = normalizeVideoDraft(
      video({ model: 'clip-h3-sfw', resolution: '720p', duration: '40' }),
    )
    expect(n.resolution).toBe('768p')
    expect(n.duration).toBe('30')
    expect(buildVideoForm(n).ok).toBe(true)
  })
})

describe('art (native) form', () => {
  const art = (over: Partial<typeof DEFAULT_DRAFTS.art> = {}) => ({
    ...DEFAULT_DRAFTS.art,
    prompt: 'a castle',
    ...over,
  })
  const none = { painted: false }

  it('accepts the defaults and prices them as an approximate scaled art price', () => {
    const f = buildArtForm(art(), [], none)
    expect(f.ok).toBe(true)
    expect(f.request).toMatchObject({ model: 'art-diffusion-4-5-full', action: 'generate' })
    expect(f.request.parameters).toMatchObject({
      width: 832,
      height: 1216,
      steps: 23,
      n_samples: 1,
    })
    expect(f.request.parameters.seed).toBeUndefined()
    expect(f.estimate).toMatchObject({ kind: 'usd', approximate: true })
    expect(buildArtForm(art({ width: '1024', height: '1024' }), [], none).estimate).toMatchObject({
      micros: 3_000,
      approximate: false,
    })
  })

  it('states the allowed range at each numeric field', () => {
    const f = buildArtForm(
      art({
        steps: '51',
        samples: '5',
        guidance: '11',
        width: '1000',
        seedMode: 'fixed',
        seed: '4294967296',
      }),
      [],
      none,
    )
    expect(f.errors).toMatchObject({
      steps: 'Steps must be 1 to 50',
      samples: 'Samples (n_samples) must be 1 to 4',
      guidance: 'Guidance (scale) must be 0 to 10',
      width: 'Width must be a multiple of 64',
      seed: 'Seed must be 0 to 4294967295',
    })
    expect(f.estimate).toBeNull()
    expect(buildArtForm(art({ width: '3072', height: '3072' }), [], none).errors.width).toBe(
      'Width × height must be at most 3,145,728 pixels',
    )
    expect(buildArtForm(art({ seedMode: 'fixed', seed: '' }), [], none).errors.seed).toMatch(
      /Enter a seed/,
    )
  })

  it('limits character prompts per variant and sends positions only when manual', () => {
    const seven = Array.from({ length: 7 }, (_, i) => ({
      prompt: `c${i}`,
      negativePrompt: '',
      position: 'C3',
    }))
    expect(buildArtForm(art({ characters: seven }), [], none).errors.characters).toBe(
      'Character prompts must be at most 6 for art-diffusion-4-5-full',
    )
    expect(
      buildArtForm(art({ variant: 'art-diffusion-5-full', characters: seven }), [], none).ok,
    ).toBe(true)
    expect(
      buildArtForm(art({ variant: 'art-diffusion-3', characters: seven.slice(0, 1) }), [], none)
        .errors.characters,
    ).toBe('art-diffusion-3 takes no character prompts')
    const manual = buildArtForm(
      art({
        autoPositions: false,
        characters: [{ prompt: 'a', negativePrompt: 'b', position: 'D2' }],
      }),
      [],
      none,
    )
    expect(manual.request.use_coords).toBe(true)
    expect(manual.request.parameters.v4_prompt?.caption.char_captions).toEqual([
      { char_caption: 'a', centers: [{ x: 0.7, y: 0.3 }] },
    ])
    expect(
      manual.request.parameters.v4_negative_prompt?.caption.char_captions[0]?.char_caption,
    ).toBe('b')
    const auto = buildArtForm(
      art({ characters: [{ prompt: 'a', negativePrompt: '', position: 'D2' }] }),
      [],
      none,
    )
    expect(auto.request.use_coords).toBe(false)
    expect(auto.request.parameters.v4_prompt?.caption.char_captions[0]?.centers).toBeUndefined()
    expect(
      buildArtForm(
        art({ characters: [{ prompt: ' ', negativePrompt: '', position: 'C3' }] }),
        [],
        none,
      ).errors.characters,
    ).toBe('Character 1 needs a prompt')
  })

  it('needs a source for img2img and a painted mask for infill, with strength and noise ranges', () => {
    expect(buildArtForm(art({ action: 'img2img' }), [], none).errors.source).toMatch(
      /needs a source image/,
    )
    const strength = buildArtForm(
      art({ action: 'img2img', strength: '0', noise: '2' }),
      [ref()],
      none,
    )
    expect(strength.errors.strength).toBe('Strength must be greater than 0 and at most 1')
    expect(strength.errors.noise).toBe('Noise must be 0 to 1')
    expect(buildArtForm(art({ action: 'infill' }), [ref()], none).errors.mask).toMatch(
      /Paint the area/,
    )
    expect(buildArtForm(art({ action: 'infill' }), [ref()], { painted: true }).ok).toBe(true)
    const huge = buildArtForm(art({ action: 'img2img' }), [ref({ bytes: 25 * 1024 * 1024 })], none)
    expect(huge.errors.source).toMatch(/at most 24\.0 MB/)
    const pixels = buildArtForm(
      art({ action: 'img2img' }),
      [ref({ width: 6000, height: 5000 })],
      none,
    )
    expect(pixels.errors.source).toMatch(/at most 24 megapixels/)
    // The request body (image and mask added by main) is what the native validator accepts.
    expect(validateNative(buildArtForm(art(), [], none).request).ok).toBe(true)
  })

  it('offers only size presets within the native limits', () => {
    for (const p of ART_SIZE_PRESETS) {
      const [w, h] = p.value.split('x')
      expect(buildArtForm(art({ width: w!, height: h! }), [], none).ok).toBe(true)
    }
  })
})

describe('workbench form', () => {
  const wb = (over: Partial<typeof DEFAULT_DRAFTS.workbench> = {}) => ({
    ...DEFAULT_DRAFTS.workbench,
    prompt: 'a tower',
    ...over,
  })
  const empty = { source: [], mask: { painted: false }, references: [] }

  it('checks the controls table and sends source settings only with a source', () => {
    const f = buildWorkbenchForm(wb({ guidance: '11', count: '5', steps: '0' }), empty)
    expect(f.errors).toMatchObject({
      guidance: 'Guidance must be 0 to 10',
      count: 'Count must be 1 to 4',
      steps: 'Steps must be 1 to 50',
    })
    const plain = buildWorkbenchForm(wb(), empty)
    expect(plain.ok).toBe(true)
    expect(plain.request.source_strength).toBeUndefined()
    const withSource = buildWorkbenchForm(wb({ sourceStrength: '0' }), {
      ...empty,
      source: [ref()],
    })
    expect(withSource.errors.source_strength).toBe(
      'Source strength must be greater than 0 and at most 1',
    )
    expect(buildWorkbenchForm(wb(), { ...empty, mask: { painted: true } }).errors.mask).toBe(
      'A mask needs a source image',
    )
  })

  it('changes its fingerprint with any parameter, file or mask stroke', () => {
    const base = buildWorkbenchForm(wb(), empty).fingerprint
    expect(buildWorkbenchForm(wb(), empty).fingerprint).toBe(base)
    expect(buildWorkbenchForm(wb({ steps: '24' }), empty).fingerprint).not.toBe(base)
    const r = ref()
    const a = buildWorkbenchForm(wb(), {
      ...empty,
      source: [r],
      mask: { painted: true, version: 1 } as never,
    })
    const b = buildWorkbenchForm(wb(), {
      ...empty,
      source: [r],
      mask: { painted: true, version: 2 } as never,
    })
    expect(a.fingerprint).not.toBe(b.fingerprint)
  })

  it('prices count and marks references approximate', () => {
    const two = buildWorkbenchForm(wb({ width: '1024', height: '1024', count: '2' }), empty)
    expect(two.estimate).toMatchObject({ micros: 6_000, approximate: false })
    const refs = buildWorkbenchForm(wb({ width: '1024', height: '1024' }), {
      ...empty,
      references: [ref()],
    })
    expect(refs.estimate).toMatchObject({ approximate: true })
  })
})

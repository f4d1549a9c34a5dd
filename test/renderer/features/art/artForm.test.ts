import { buildArtForm } from '@renderer/features/art/artForm'
import { ART_SIZE_PRESETS } from '@renderer/forms/artPresets'
import { DEFAULT_DRAFTS } from '@renderer/stores/forms/drafts'
import { validateNative } from '@shared/catalog'
import { ref } from '@test/support/refItem'
import { describe, expect, it } from 'vitest'

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

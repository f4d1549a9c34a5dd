import { applySettings, formForKind } from '@renderer/forms/applySettings'
import { DEFAULT_DRAFTS } from '@renderer/stores/forms/drafts'
import { settingsFromNovelAi, settingsFromOurs } from '@shared/library/settings'
import { describe, expect, it } from 'vitest'

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

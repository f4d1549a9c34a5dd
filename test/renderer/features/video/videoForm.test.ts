import { buildVideoForm, normalizeVideoDraft } from '@renderer/features/video/videoForm'
import { DEFAULT_DRAFTS } from '@renderer/stores/forms/drafts'
import { describe, expect, it } from 'vitest'

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
    expect(noSeconds.errors.input_video_seconds).toBe(
      'input_video_seconds is required with reference_video_urls',
    )
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

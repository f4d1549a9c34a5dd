import { sanitizeDrafts, useFormsStore } from '@renderer/stores/forms'
import { DEFAULT_DRAFTS } from '@renderer/stores/forms/drafts'
import { describe, expect, it } from 'vitest'

describe('remembered drafts', () => {
  it('keeps what it knows from an older or damaged draft and falls back for the rest', () => {
    const d = sanitizeDrafts({
      images: { model: 'no-such-model', prompt: 'kept', n: 3, bogus: true },
      art: { characters: [{ prompt: 'x' }, 'junk'], variant: 'art-diffusion-5-full' },
    })
    expect(d.images.model).toBe(DEFAULT_DRAFTS.images.model)
    expect(d.images.prompt).toBe('kept')
    expect(d.images.n).toBe(DEFAULT_DRAFTS.images.n)
    expect(d.art.variant).toBe('art-diffusion-5-full')
    expect(d.art.characters).toEqual([{ prompt: 'x', negativePrompt: '', position: 'C3' }])
    expect(sanitizeDrafts('garbage')).toEqual(DEFAULT_DRAFTS)
  })

  it('keeps prompt history newest first, without duplicates, bounded', () => {
    const s = useFormsStore.getState()
    for (let i = 0; i < 60; i++) s.remember('video', `p${i}`)
    s.remember('video', 'p10')
    const h = useFormsStore.getState().history.video
    expect(h).toHaveLength(50)
    expect(h[0]).toBe('p10')
    expect(h.filter((p) => p === 'p10')).toHaveLength(1)
    useFormsStore.getState().forget('video', 'p10')
    expect(useFormsStore.getState().history.video[0]).toBe('p59')
  })
})

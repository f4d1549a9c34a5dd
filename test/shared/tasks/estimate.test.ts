/**
 * What a submission is journaled and budgeted at (shared/tasks/estimate.ts): each field of the
 * request reaches the price function of its kind, with the same defaults the forms show, so the
 * amount the ledger records is the one the user saw. `costOf` is what the task and the ledger row
 * store: a figure in USD, or null with the words when there is none.
 */
import { estimateArt, estimateImage, estimateVideo } from '@shared/pricing'
import { costOf, estimateFor, promptOf } from '@shared/tasks/estimate'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import { describe, expect, it } from 'vitest'

const input = (kind: string, request: Record<string, unknown>, extra: object = {}) =>
  ({ kind, request, ...extra }) as unknown as SubmitTaskInput

describe('estimateFor', () => {
  it.each([
    [
      input('image', { model: 'std-image-2' }),
      estimateImage({ model: 'std-image-2', referenceCount: 0 }),
    ],
    [
      input('image', { model: 'std-image-2', quality: 'high', n: 3, aspect_ratio: '16:9' }),
      estimateImage({
        model: 'std-image-2',
        quality: 'high',
        n: 3,
        aspect_ratio: '16:9',
        referenceCount: 0,
      }),
    ],
    [
      input('image', { model: 'still-5.0-pro', image_urls: ['a', 'b'] }),
      estimateImage({ model: 'still-5.0-pro', referenceCount: 2 }),
    ],
    [
      input(
        'edit',
        { model: 'edit-2511', quality: 'high', image_urls: ['u'] },
        { images: [{}, {}] },
      ),
      estimateImage({ model: 'edit-2511', quality: 'high', referenceCount: 3 }),
    ],
    // Fields of the wrong type are left to the defaults, as validation would refuse them anyway.
    [
      input('image', {
        model: 'std-image-2',
        quality: 7,
        n: '3',
        aspect_ratio: null,
        image_urls: 'a',
      }),
      estimateImage({ model: 'std-image-2', referenceCount: 0 }),
    ],
    [
      input('video', {
        model: 'motion-2.0',
        resolution: '1080p',
        duration: 10,
        aspect_ratio: '9:16',
        mode: 'pro',
      }),
      estimateVideo({
        model: 'motion-2.0',
        resolution: '1080p',
        duration: 10,
        aspect_ratio: '9:16',
        mode: 'pro',
      }),
    ],
    [input('video', { model: 'motion-2.0', duration: 0 }), estimateVideo({ model: 'motion-2.0' })],
    [
      input('native', { model: 'art-diffusion-4-5-full' }),
      estimateArt({
        variant: 'art-diffusion-4-5-full',
        width: 1024,
        height: 1024,
        steps: 23,
        count: 1,
      }),
    ],
    [
      input('native', {
        model: 'art-diffusion-4-5-full',
        parameters: { width: 1216, height: 832, steps: 28, n_samples: 2 },
      }),
      estimateArt({
        variant: 'art-diffusion-4-5-full',
        width: 1216,
        height: 832,
        steps: 28,
        count: 2,
      }),
    ],
    [
      input('workbench', { model: 'art-v4.5', model_variant: 'art-diffusion-4-5-full' }),
      estimateArt({
        variant: 'art-diffusion-4-5-full',
        width: 1024,
        height: 1024,
        steps: 23,
        count: 1,
        referenceCount: 0,
      }),
    ],
    [
      input('workbench', {
        model: 'art-v4.5',
        model_variant: 'art-diffusion-4-5-full',
        width: 1216,
        height: 832,
        steps: 28,
        count: 2,
        reference_asset_ids: ['a'],
      }),
      estimateArt({
        variant: 'art-diffusion-4-5-full',
        width: 1216,
        height: 832,
        steps: 28,
        count: 2,
        referenceCount: 1,
      }),
    ],
  ])('prices %o as its kind does', (submission, expected) => {
    expect(estimateFor(submission)).toEqual(expected)
  })

  it('reaches the price with every field that changes it', () => {
    const usd = (s: SubmitTaskInput) => costOf(s).costUsd
    expect(usd(input('image', { model: 'std-image-2' }))).toBe(0.01)
    expect(usd(input('image', { model: 'std-image-2', n: 3 }))).toBe(0.03)
    expect(usd(input('image', { model: 'std-image-2', quality: 'high' }))).toBe(0.02)
    expect(usd(input('video', { model: 'motion-2.0', resolution: '1080p', duration: 10 }))).toBe(
      4.4908,
    )
    // still-5.0-pro charges each reference after the first: URLs and, for an edit, its files.
    const still = { model: 'still-5.0-pro', image_urls: ['u'] }
    const oneRef = usd(input('image', still))!
    expect(usd(input('image', { ...still, image_urls: ['u', 'v'] }))).toBeGreaterThan(oneRef)
    expect(usd(input('edit', still, { images: [{}] }))).toBe(
      usd(input('image', { ...still, image_urls: ['u', 'v'] })),
    )
    expect(usd(input('image', still))).toBe(oneRef)
    const art = { width: 1216, height: 832, steps: 28 }
    expect(
      usd(
        input('native', { model: 'art-diffusion-4-5-full', parameters: { ...art, n_samples: 2 } }),
      ),
    ).toBe(0.007048)
    expect(
      usd(input('workbench', { model_variant: 'art-diffusion-4-5-full', ...art, count: 2 })),
    ).toBe(0.007048)
    // The aspect ratio makes an estimate approximate where the table is for another one.
    const approximate = { kind: 'usd', approximate: true }
    expect(estimateFor(input('image', { model: 'art-v4.5', aspect_ratio: '16:9' }))).toMatchObject(
      approximate,
    )
    expect(
      estimateFor(input('video', { model: 'motion-2.0', duration: 5, aspect_ratio: '9:16' })),
    ).toMatchObject(approximate)
    // So does a video made from reference videos.
    expect(
      estimateFor(input('video', { model: 'motion-2.0', duration: 5, mode: 'all-reference' })),
    ).toMatchObject(approximate)
  })

  it('leaves out fields of the wrong type, as the forms would never send them', () => {
    const plain = estimateFor(input('image', { model: 'std-image-2' }))
    expect(estimateFor(input('image', { model: 'std-image-2', quality: 3 }))).toEqual(plain)
    expect(estimateFor(input('image', { model: 'std-image-2', n: '3' }))).toEqual(plain)
    const square = estimateFor(input('image', { model: 'art-v4.5' }))
    expect(estimateFor(input('image', { model: 'art-v4.5', aspect_ratio: 16 }))).toEqual(square)
  })
})

describe('costOf', () => {
  it('stores a figure with its label, or null with the words when the model is not offered', () => {
    expect(costOf(input('image', { model: 'std-image-2' }))).toEqual({
      costUsd: 0.01,
      costLabel: '$0.01',
    })
    expect(costOf(input('workbench', { model_variant: 'nope' }))).toEqual({
      costUsd: null,
      costLabel: 'Not offered',
    })
  })
})

describe('promptOf', () => {
  it('is the native input, the prompt of any other kind, or empty', () => {
    expect(promptOf(input('native', { input: 'in', prompt: 'p' }))).toBe('in')
    expect(promptOf(input('image', { input: 'in', prompt: 'p' }))).toBe('p')
    expect(promptOf(input('video', {}))).toBe('')
    expect(promptOf(input('native', {}))).toBe('')
  })
})

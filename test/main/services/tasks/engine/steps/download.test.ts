/**
 * What steps/download.ts hands the library with each paid result: the request's own words
 * (negative prompt and seed wherever the request keeps them), its parameters without bulky
 * Base64, and each output's share of the estimate. The sidecar is built from this, so a wrong
 * field here is a wrong record of what the user paid for.
 */
import type { SubmitOutcome } from '@main/services/tasks/ports'
import { newTask, type Rig, rig } from '@test/support/taskFakes'
import { afterEach, describe, expect, it } from 'vitest'

let r: Rig
afterEach(async () => {
  await r?.close()
})

const twoOutputs = (): SubmitOutcome => ({
  type: 'outputs',
  outputs: [
    { type: 'url', url: 'https://cdn.test/a.png' },
    { type: 'url', url: 'https://cdn.test/b.png' },
  ],
})

/** Submits a task and runs the clock until it is saved; returns the metas the library got. */
async function savedMetas(task: Parameters<Rig['submit']>[0]) {
  const t = r.submit(task)
  await r.clock.runUntil(() => r.journal.get(t.id)!.state === 'saved', 60_000)
  expect(r.journal.get(t.id)!.state).toBe('saved')
  return r.sink.saved.filter((s) => s.meta.taskId === t.id).map((s) => s.meta)
}

describe('a saved result’s metadata', () => {
  it('splits the estimate over the outputs, in output order', async () => {
    r = rig()
    r.gateway.onSubmit = twoOutputs
    const metas = await savedMetas(newTask({ costUsd: 0.08 }))
    expect(metas.map((m) => [m.index, m.costEstimate])).toEqual([
      [0, 0.04],
      [1, 0.04],
    ])
    const unpriced = await savedMetas(newTask({ costUsd: null }))
    expect(unpriced.map((m) => m.costEstimate)).toEqual([null, null])
  })

  it('takes the negative prompt and seed from the request, or else from its parameters', async () => {
    r = rig()
    const top = await savedMetas(
      newTask({ request: { model: 'm', prompt: 'p', negative_prompt: 'blur', seed: 7 } }),
    )
    expect(top[0]).toMatchObject({ negativePrompt: 'blur', seed: 7 })
    const nested = await savedMetas(
      newTask({
        request: { model: 'm', prompt: 'p', parameters: { negative_prompt: 'noise', seed: 9 } },
      }),
    )
    expect(nested[0]).toMatchObject({ negativePrompt: 'noise', seed: 9 })
    const none = await savedMetas(newTask({ request: { model: 'm', prompt: 'p' } }))
    expect(none[0]).toMatchObject({ negativePrompt: '', seed: null })
  })

  it('a seed that is not a finite number, or a negative prompt that is not text, is left out', async () => {
    r = rig()
    const odd = await savedMetas(
      newTask({
        request: {
          model: 'm',
          prompt: 'p',
          negative_prompt: 42,
          seed: 'random',
          parameters: { seed: Number.POSITIVE_INFINITY },
        },
      }),
    )
    expect(odd[0]).toMatchObject({ negativePrompt: '', seed: null })
    const infinite = await savedMetas(
      newTask({ request: { model: 'm', prompt: 'p', seed: Number.NEGATIVE_INFINITY } }),
    )
    expect(infinite[0]!.seed).toBeNull()
  })

  it('keeps every parameter as sent but replaces text over 2,000 characters (a Base64 image) with its length', async () => {
    r = rig()
    const image = 'A'.repeat(2_001)
    const edge = 'B'.repeat(2_000)
    const deep = { a: { b: { c: { d: { e: { s: image, f: { g: { h: image } } } } } } } }
    const [meta] = await savedMetas(
      newTask({
        request: {
          model: 'm',
          prompt: 'p',
          init_image: image,
          mask: edge,
          steps: 30,
          tiling: false,
          style: null,
          images: [image, 'small'],
          parameters: { control: { image } },
          deep,
        },
      }),
    )
    expect(meta!.params).toMatchObject({
      model: 'm',
      init_image: '[2001 characters]',
      mask: edge,
      steps: 30,
      tiling: false,
      style: null,
      images: ['[2001 characters]', 'small'],
      parameters: { control: { image: '[2001 characters]' } },
    })
    // Nesting is followed six levels down (requests are shallow); anything deeper is kept as it was.
    expect(meta!.params.deep).toEqual({
      a: { b: { c: { d: { e: { s: '[2001 characters]', f: { g: { h: image } } } } } } },
    })
    expect(meta!.params).not.toHaveProperty('referenceCount')
  })

  it('an edit records how many reference images it was sent with', async () => {
    r = rig()
    const [meta] = await savedMetas(
      newTask({
        kind: 'edit',
        files: { images: ['/refs/a.png', '/refs/b.png'] } as never,
      }),
    )
    expect(meta!.params.referenceCount).toBe(2)
  })
})

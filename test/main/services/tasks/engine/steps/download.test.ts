/**
 * What steps/download.ts hands the library with each paid result: the request's own words
 * (negative prompt and seed wherever the request keeps them), its parameters without bulky
 * Base64, and each output's share of the estimate. The sidecar is built from this, so a wrong
 * field here is a wrong record of what the user paid for.
 */
import type { SubmitOutcome } from '@main/services/tasks/ports'
import { failure, newTask, type Rig, rig } from '@test/support/taskFakes'
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
          list: [{ a: { b: { c: { d: { e: { f: { h: image } } } } } } }],
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
    // Arrays count as a level too: the seventh level inside this list is kept as it was.
    expect(meta!.params.list).toEqual([{ a: { b: { c: { d: { e: { f: { h: image } } } } } } }])
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

describe('a download that keeps failing', () => {
  it('counts bad files per output: a saved output clears the count, so one bad file each renews nothing', async () => {
    r = rig({ policy: { maxBadDownloads: 2 } })
    r.gateway.onSubmit = twoOutputs
    const tries = new Map<number, number>()
    r.gateway.onDownload = (task, _o, index) => {
      const n = (tries.get(index) ?? 0) + 1
      tries.set(index, n)
      if (n === 1) throw failure('bad_response', { message: 'The download ended early' })
      return { path: `/s/${task.id}/${index}.png`, bytes: 9, mime: 'image/png', ext: 'png' }
    }
    const metas = await savedMetas(newTask())
    expect(metas.map((m) => m.index)).toEqual([0, 1])
    // Two bad files in a row would renew the links (a second submission); one per output must not.
    expect(r.gateway.count('submit')).toBe(1)
    expect([...tries.values()]).toEqual([2, 2])
  })
})

describe('a download that fails', () => {
  it('a result the library saved just before a crash is adopted for the first missing output, not saved again', async () => {
    r = rig()
    r.gateway.onSubmit = twoOutputs
    const t = r.submit(newTask())
    // The library holds a file for this task that the journal never recorded (a crash in between).
    r.sink.saved.push({
      meta: { taskId: t.id, index: 0 } as never,
      file: { path: '/s/orphan.png', bytes: 9, mime: 'image/png', ext: 'png' },
      libraryId: 'lib-orphan',
    })
    await r.clock.runUntil(() => r.journal.get(t.id)!.state === 'saved', 60_000)
    expect(r.journal.get(t.id)!.state).toBe('saved')
    expect(r.journal.results(t.id).map((x) => [x.index, x.libraryId])).toEqual([
      [0, 'lib-orphan'],
      [1, 'lib-2'],
    ])
    expect(r.gateway.count('download')).toBe(1)
  })

  it('after a restart, only a save the journal does not know is adopted: recorded ones stay theirs', async () => {
    r = rig()
    r.gateway.onSubmit = twoOutputs
    let offline = true
    r.gateway.onDownload = (task, _o, index) => {
      if (index === 1 && offline) throw failure('network')
      return { path: `/s/${task.id}/${index}.png`, bytes: 9, mime: 'image/png', ext: 'png' }
    }
    const t = r.submit(newTask())
    // The first output is saved and recorded; the second waits out a dead network.
    await r.clock.runUntil(() => r.journal.results(t.id).length === 1, 60_000)
    await r.restart()
    offline = false
    await r.clock.runUntil(() => r.journal.get(t.id)!.state === 'saved', 60_000)
    expect(r.journal.results(t.id).map((x) => [x.index, x.libraryId])).toEqual([
      [0, 'lib-1'],
      [1, 'lib-2'],
    ])
  })

  it.each([
    ['bad_response', 2],
    ['internal', 1],
  ] as const)(
    'with a limit of one bad file, a first %s renews the links at once only when it is a bad file (%i sends)',
    async (code, sends) => {
      r = rig({ policy: { maxBadDownloads: 1 } })
      r.gateway.onDownload = (task, _o, index, n) => {
        if (n === 1) throw failure(code, { message: 'The download ended early' })
        return { path: `/s/${task.id}/${index}.png`, bytes: 9, mime: 'image/png', ext: 'png' }
      }
      await savedMetas(newTask())
      expect(r.gateway.count('submit')).toBe(sends)
      expect(r.gateway.count('download')).toBe(2)
    },
  )

  it('links that stay gone tell the user why and what to do', async () => {
    r = rig({ policy: { maxLinkRenewals: 0 } })
    r.gateway.onDownload = () => {
      throw failure('not_found', { status: 403, message: 'The result link is no longer valid' })
    }
    const t = r.submit(newTask())
    await r.clock.runUntil(() => r.journal.get(t.id)!.state === 'needs_attention', 60_000)
    const error = r.journal.get(t.id)!.error!
    expect(error.code).toBe('not_found')
    expect(error.message).toContain('The result link is no longer valid')
    expect(error.message.length).toBeGreaterThan('The result link is no longer valid'.length)
    expect(error.action).toBeTruthy()
  })
})

describe('which downloads need the service account', () => {
  it('a video download goes through the service, so it waits for an account; a CDN image does not', async () => {
    r = rig()
    r.gateway.onSubmit = () => {
      // Signed out right after the paid send: the result must wait, not be downloaded anonymously.
      r.gateway.accountId = null
      return { type: 'outputs', outputs: [{ type: 'video', serverId: 'v1' }] }
    }
    const video = r.submit(newTask({ kind: 'video' }))
    await r.clock.runUntil(() => r.gateway.count('download') > 0, 10 * 60_000)
    expect(r.gateway.count('download')).toBe(0)
    r.gateway.accountId = 'acct'
    await r.clock.runUntil(() => r.journal.get(video.id)!.state === 'saved', 10 * 60_000)
    expect(r.gateway.count('download')).toBe(1)

    r.gateway.onSubmit = () => {
      r.gateway.accountId = null
      return { type: 'outputs', outputs: [{ type: 'url', url: 'https://cdn.test/a.png' }] }
    }
    const image = r.submit(newTask())
    await r.clock.runUntil(() => r.journal.get(image.id)!.state === 'saved', 60_000)
    expect(r.journal.get(image.id)!.state).toBe('saved')
  })
})

describe('which account a failed video download pauses', () => {
  const video = (): SubmitOutcome => ({
    type: 'outputs',
    outputs: [{ type: 'video', serverId: 'v1' }],
  })
  const file = { path: '/s/v.mp4', bytes: 9, mime: 'video/mp4', ext: 'mp4' }

  it('a 429 on the download pauses the task’s own account for its Retry-After before the retry', async () => {
    r = rig()
    r.gateway.onSubmit = video
    r.gateway.onDownload = (_t, _o, _i, n) => {
      if (n === 1) throw failure('rate_limited', { retryAfterMs: 30_000 })
      return file
    }
    await savedMetas(newTask({ kind: 'video' }))
    const at = r.gateway.calls.filter((c) => c.op === 'download').map((c) => c.at)
    expect(at).toHaveLength(2)
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(30_000)
  })

  it('a 429 while saving a downloaded video pauses the same account before it is fetched again', async () => {
    r = rig()
    r.gateway.onSubmit = video
    r.gateway.onDownload = () => file
    r.sink.failNext = failure('rate_limited', { retryAfterMs: 30_000 })
    await savedMetas(newTask({ kind: 'video' }))
    const at = r.gateway.calls.filter((c) => c.op === 'download').map((c) => c.at)
    expect(at).toHaveLength(2)
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(30_000)
  })
})

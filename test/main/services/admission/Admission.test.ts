import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { type AdmissionOptions, admissionOver } from '@main/services/admission/Admission'
import type { SpendLedger } from '@main/services/journal/SpendLedger'
import type { GatewayTask, SubmitOutcome } from '@main/services/tasks/ports'
import type { AppError } from '@shared/result'
import { rejection } from '@test/support/rejection'
import { failure, running } from '@test/support/taskFakes'
import { taskServiceRig } from '@test/support/taskServiceRig'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * The one way in for paid requests (issue #26): validate, copy references, the budget gate, the
 * journal (task and ledger rows in one transaction), the engine; wired as the container wires it
 * over a scripted gateway on a virtual clock.
 */
const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

function service(opts: Parameters<typeof taskServiceRig>[0] = {}) {
  const rig = taskServiceRig(opts)
  cleanups.push(() => rig.close())
  return rig
}

const video = { model: 'motion-2.0', prompt: 'a wave', duration: 5, resolution: '720p' }
const png = (colour: string, side = 64) =>
  sharp({ create: { width: side, height: side, channels: 3, background: colour } })
    .png()
    .toBuffer()

describe('Admission: a single request', () => {
  it('validates with the catalog before journaling or sending: field-level errors', async () => {
    const { svc, admission, gateway, clock } = service()
    const error = await rejection(
      admission.submit({ kind: 'video', request: { ...video, duration: 99, resolution: '4k' } }),
    )
    expect(error.code).toBe('validation')
    expect(error.fields).toMatchObject({
      duration: expect.stringContaining('4 to 15'),
      resolution: expect.any(String),
    })
    await clock.advance(60_000)
    expect(await svc.list()).toEqual([])
    expect(gateway.calls).toEqual([])
  })

  it('journals a valid task with its estimate and the demo flag, and sends it', async () => {
    const { svc, admission, gateway, clock, journal } = service()
    gateway.onSubmit = () => ({ type: 'task', serverId: 'v1', status: running(0) })
    const view = await admission.submit({ kind: 'video', request: video })
    expect(view).toMatchObject({
      kind: 'video',
      state: 'queued',
      model: 'motion-2.0',
      prompt: 'a wave',
      costUsd: 0.9072,
      costLabel: '$0.9072',
      retryOf: null,
    })
    expect(journal.tasks.get(view.id)).toMatchObject({ retryOf: null, batch: null })
    await clock.advance(1_000)
    expect(gateway.count('submit')).toBe(1)
    expect((await svc.get(view.id)).state).toBe('running')
  })

  it('the same requestId never starts a second generation', async () => {
    const { svc, admission, gateway, clock } = service()
    const a = await admission.submit({
      kind: 'image',
      requestId: 'req-abcdefgh',
      request: { model: 'std-image-2', prompt: 'x' },
    })
    const b = await admission.submit({
      kind: 'image',
      requestId: 'req-abcdefgh',
      request: { model: 'std-image-2', prompt: 'x' },
    })
    expect(b.id).toBe(a.id)
    await clock.advance(10_000)
    expect(gateway.count('submit')).toBe(1)
    expect(await svc.list()).toHaveLength(1)
  })

  it('answers the first task for its requestId without looking at the request again, even at once', async () => {
    const { svc, admission, gateway, clock } = service()
    const request = { model: 'std-image-2', prompt: 'x' }
    const [a, b] = await Promise.all([
      admission.submit({ kind: 'image', requestId: 'req-together', request }),
      admission.submit({ kind: 'image', requestId: 'req-together', request }),
    ])
    expect(b.id).toBe(a.id)
    // The form changed since (now invalid): the request id still answers the task it made.
    const c = await admission.submit({
      kind: 'image',
      requestId: 'req-together',
      request: { ...request, quality: 'ultra' },
    })
    expect(c.id).toBe(a.id)
    await clock.advance(10_000)
    expect(gateway.count('submit')).toBe(1)
    expect(await svc.list()).toHaveLength(1)
  })

  it('copies edit references into the task folder and sends the copies', async () => {
    const { admission, gateway, clock, dir } = service()
    const src = join(dir, 'ref.png')
    writeFileSync(
      src,
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#08f' } })
        .png()
        .toBuffer(),
    )
    const missing = await rejection(
      admission.submit({
        kind: 'edit',
        request: { model: 'std-image-2', prompt: 'x' },
        images: [join(dir, 'nope.png')],
      }),
    )
    expect(missing.fields).toMatchObject({ 'images.0': expect.any(String) })
    const view = await admission.submit({
      kind: 'edit',
      request: { model: 'std-image-2', prompt: 'bluer' },
      images: [src],
    })
    let sent: string[] = []
    gateway.onSubmit = (task) => {
      sent = task.files.images
      return { type: 'outputs', outputs: [{ type: 'url', url: 'https://cdn.test/e.png' }] }
    }
    await clock.advance(5_000)
    expect(sent).toHaveLength(1)
    expect(sent[0]).not.toBe(src)
    expect(sent[0]!.startsWith(join(dir, 'tasks', view.id))).toBe(true)
    expect(readFileSync(sent[0]!)).toEqual(readFileSync(src))
  })

  it('keeps a native source image and mask as files with the task, not Base64 in its record', async () => {
    const { admission, gateway, clock, dir, journal } = service()
    const png = (colour: string) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
        .png()
        .toBuffer()
    const image = join(dir, 'source.png')
    const mask = join(dir, 'mask.png')
    writeFileSync(image, await png('#0a0'))
    writeFileSync(mask, await png('#fff'))
    const request = {
      input: 'a garden',
      model: 'art-diffusion-4-5-full',
      action: 'infill',
      parameters: { width: 64, height: 64, steps: 10, n_samples: 1, seed: 1 },
    }
    // An infill without its image is refused before anything is kept or sent.
    const missing = await rejection(admission.submit({ kind: 'native', request, mask }))
    expect(missing.code).toBe('validation')
    const view = await admission.submit({ kind: 'native', request, image, mask })
    let sent: GatewayTask | null = null
    gateway.onSubmit = (task) => {
      sent = task
      return { type: 'outputs', outputs: [{ type: 'file', path: '/staging/x.png' }] }
    }
    await clock.advance(5_000)
    const task = sent as unknown as GatewayTask
    expect(task.files.image!.startsWith(join(dir, 'tasks', view.id))).toBe(true)
    expect(task.files.mask!.startsWith(join(dir, 'tasks', view.id))).toBe(true)
    expect(readFileSync(task.files.image!)).toEqual(readFileSync(image))
    const parameters = task.request.parameters as Record<string, unknown>
    expect(parameters.image).toBeUndefined()
    expect(parameters.mask).toBeUndefined()
    // The journal row holds paths, not megabytes of Base64.
    const row = JSON.stringify(journal.tasks.list().find((t) => t.id === view.id))
    expect(row.length).toBeLessThan(4000)
  })

  it('retry as new uses a new key and links to the original; actions the state forbids are refused', async () => {
    const { svc, admission, gateway, clock } = service()
    gateway.onSubmit = (_t, n) => {
      if (n === 1) throw Object.assign(new Error('x'), { error: undefined })
      return { type: 'outputs', outputs: [{ type: 'url', url: 'https://cdn.test/r.png' }] }
    }
    const first = await admission.submit({
      kind: 'image',
      request: { model: 'std-image-2', prompt: 'y' },
    })
    await clock.advance(60_000)
    expect((await svc.get(first.id)).state).toBe('saved')
    expect((await rejection(svc.cancel(first.id))).code).toBe('validation')
    const again = await admission.retryAsNew(first.id)
    expect(again).toMatchObject({ retryOf: first.id, state: 'queued' })
    await clock.advance(60_000)
    const keys = new Set(gateway.calls.filter((c) => c.op === 'submit').map((c) => c.key))
    expect(keys.size).toBe(2)
    const opened = await svc.openResult(again.id)
    expect(opened[0]).toMatchObject({
      media: 'image',
      url: expect.stringMatching(/^gen-media:\/\/library\//),
    })
    await svc.dismiss(first.id)
    expect((await svc.list()).map((v) => v.id)).toEqual([again.id])
  })
})

describe('Admission: retry as new, refused', () => {
  it('refuses a task that is gone or dismissed, and one that has not ended', async () => {
    const { svc, admission, gateway, clock, journal } = service()
    gateway.onSubmit = () => ({ type: 'task', serverId: 'srv-1', status: null })
    gateway.onStatus = () => running(null)
    const first = await admission.submit({
      kind: 'image',
      request: { model: 'std-image-2', prompt: 'y' },
    })
    await clock.advance(1_000)
    expect((await svc.get(first.id)).state).toBe('running')
    expect(await rejection(admission.retryAsNew(first.id))).toMatchObject({
      code: 'validation',
      message: expect.stringMatching(/can run again as new/),
    })
    expect((await rejection(admission.retryAsNew('no-such-task'))).code).toBe('not_found')
    await svc.cancel(first.id)
    await clock.advance(1_000)
    await svc.dismiss(first.id)
    expect((await rejection(admission.retryAsNew(first.id))).code).toBe('not_found')
    await clock.advance(10_000)
    expect(journal.tasks.list()).toEqual([])
    expect(gateway.count('submit')).toBe(1)
  })
})

describe('Admission: retry as new of a demo result', () => {
  it('stays a demo request, whatever the connection is now', async () => {
    const rig = service()
    let demo = true
    const admission = admissionOver(rig.journal, {
      userDataDir: rig.dir,
      gate: rig.gate,
      intake: rig.svc,
      connection: async () => ({ demo }),
      clock: rig.clock,
    })
    rig.gateway.onSubmit = () => ({
      type: 'outputs',
      outputs: [{ type: 'url', url: 'https://cdn.test/d.png' }],
    })
    const first = await admission.submit({
      kind: 'image',
      request: { model: 'std-image-2', prompt: 'd' },
    })
    await rig.clock.advance(60_000)
    demo = false
    rig.budgets = { ...rig.budgets, dailyUsd: 0.000001 }
    const again = await admission.retryAsNew(first.id)
    expect(rig.journal.tasks.get(again.id)).toMatchObject({ demo: true, retryOf: first.id })
  })
})

describe('Admission: one check for every reference, nothing kept of a refusal', () => {
  it('refuses a truncated PNG and a JPEG with no frame header for an edit: nothing journaled or sent', async () => {
    const { admission, journal, gateway, clock, dir } = service()
    const whole = await png('#08f')
    const cut = join(dir, 'cut.png')
    writeFileSync(cut, whole.subarray(0, whole.length - 30))
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#f00' } })
      .jpeg()
      .toBuffer()
    // Start of image, then straight to end of image: a JPEG by its magic bytes, with no pixels.
    const broken = join(dir, 'broken.jpg')
    writeFileSync(broken, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x02, 0xff, 0xd9]))
    const good = join(dir, 'good.jpg')
    writeFileSync(good, jpeg)
    const edit = (images: string[]) =>
      admission.submit({ kind: 'edit', request: { model: 'std-image-2', prompt: 'x' }, images })

    const truncated = await rejection(edit([cut]))
    expect(truncated.code).toBe('validation')
    expect(truncated.fields).toMatchObject({ 'images.0': expect.stringMatching(/cut short/) })
    const noFrame = await rejection(edit([good, broken]))
    expect(noFrame.fields).toMatchObject({ 'images.1': expect.stringMatching(/header/) })
    expect(noFrame.fields?.['images.0']).toBeUndefined()
    await clock.advance(10_000)
    expect(journal.tasks.list()).toEqual([])
    expect([...journal.ledger.rows('1970-01-01', '2100-01-01', true)]).toEqual([])
    expect(gateway.calls).toEqual([])
    // The same files pass once whole: the check is about the bytes, not the names.
    writeFileSync(cut, whole)
    await expect(edit([cut, good])).resolves.toMatchObject({ state: 'queued' })
  })

  it('a native source cut short is refused before any copy is kept', async () => {
    const { admission, journal, dir } = service()
    const whole = await png('#0a0')
    const image = join(dir, 'source.png')
    writeFileSync(image, whole.subarray(0, whole.length - 12))
    const error = await rejection(
      admission.submit({
        kind: 'native',
        request: {
          input: 'a garden',
          model: 'art-diffusion-4-5-full',
          action: 'img2img',
          parameters: { width: 64, height: 64, steps: 10, n_samples: 1, seed: 1, strength: 0.5 },
        },
        image,
      }),
    )
    expect(error).toMatchObject({ code: 'validation', message: expect.stringMatching(/cut short/) })
    expect(journal.tasks.list()).toEqual([])
    expect(existsSync(join(dir, 'tasks')) ? readdirSync(join(dir, 'tasks')) : []).toEqual([])
  })
})

describe('Admission: the budget gate and the journal', () => {
  it('a request over a cap is refused with nothing journaled, nothing sent and its copies removed', async () => {
    const rig = service({ demo: false })
    const { admission, journal, gateway, clock, dir } = rig
    // Room for the video and not a cent more.
    rig.budgets = { ...rig.budgets, dailyUsd: 0.908 }
    const src = join(dir, 'ref.png')
    writeFileSync(src, await png('#123'))
    const first = await admission.submit({ kind: 'video', request: video })
    expect(first.costUsd).toBeCloseTo(0.9072)
    const over = await rejection(
      admission.submit({
        kind: 'edit',
        request: { model: 'std-image-2', prompt: 'x' },
        images: [src],
      }),
    )
    expect(over.code).toBe('over_budget')
    expect(over.message).toMatch(/Nothing was sent/)
    expect(journal.tasks.list().map((t) => t.id)).toEqual([first.id])
    expect(readdirSync(join(dir, 'tasks')).filter((d) => d !== first.id)).toEqual([])
    // Going over once is the user's choice: then it is journaled like any other.
    const chosen = await admission.submit({
      kind: 'edit',
      request: { model: 'std-image-2', prompt: 'x' },
      images: [src],
      overrideBudget: true,
    })
    await clock.advance(10_000)
    expect(gateway.count('submit', chosen.id)).toBe(1)
  })

  it('retry as new meets the budget like any new request', async () => {
    const rig = service({ demo: false })
    const { admission, clock, gateway, journal } = rig
    gateway.onSubmit = () => ({
      type: 'outputs',
      outputs: [{ type: 'url', url: 'https://cdn.test/r.png' }],
    })
    const first = await admission.submit({ kind: 'video', request: video })
    await clock.advance(60_000)
    rig.budgets = { ...rig.budgets, dailyUsd: 1 }
    const refused = await rejection(admission.retryAsNew(first.id, { allowRepeat: true }))
    expect(refused.code).toBe('over_budget')
    expect(journal.tasks.list()).toHaveLength(1)
  })

  it('a task row never exists without its ledger row: a failed ledger write journals nothing', async () => {
    const { admission, journal, gateway, clock } = service({
      ledger: (real) =>
        Object.assign(Object.create(real) as typeof real, {
          open: () => {
            throw new Error('disk full')
          },
        }),
    })
    await expect(admission.submit({ kind: 'video', request: video })).rejects.toThrow(/disk full/)
    await clock.advance(10_000)
    expect(journal.tasks.list()).toEqual([])
    expect(gateway.calls).toEqual([])
  })

  it('every new task has its own key and a pending ledger row with its estimate before anything is sent', async () => {
    const { admission, journal, gateway, clock } = service({ demo: false })
    const seenAtSend: unknown[] = []
    gateway.before = (call) => {
      if (call.op === 'submit') seenAtSend.push(journal.ledger.forTask(call.taskId)?.status)
    }
    const views = [
      await admission.submit({ kind: 'video', request: video }),
      await admission.submit({ kind: 'video', request: { ...video, prompt: 'another wave' } }),
    ]
    await clock.advance(5_000)
    expect(seenAtSend).toEqual(['pending', 'pending'])
    const keys = views.map((v) => journal.tasks.get(v.id)!.idempotencyKey)
    expect(new Set(keys).size).toBe(2)
    expect(journal.ledger.forTask(views[0]!.id)).toMatchObject({ basis: 'estimate' })
  })
})

describe('Admission: a batch', () => {
  const cell = (index: number) => ({ index, x: null, y: null, repeat: index + 1, picks: [] })
  const record =
    (requestId: string, total: number) => (id: string, demo: boolean, now: number) => ({
      id,
      requestId,
      title: 't',
      kind: 'video' as const,
      model: 'motion-2.0',
      state: 'running' as const,
      createdAt: now,
      updatedAt: now,
      total,
      estimateUsd: 0.9072 * total,
      axes: { xField: null, yField: null, xValues: [], yValues: [] },
      demo,
    })

  it('journals every request with the batch row at once; the same requestId admits nothing twice', async () => {
    const { admission, journal, gateway, clock } = service()
    gateway.onSubmit = (task) => ({ type: 'task', serverId: `s-${task.id}`, status: running(0) })
    const entries = [0, 1, 2].map((i) => ({
      input: { kind: 'video' as const, request: video },
      cell: cell(i),
    }))
    const a = await admission.submitBatch({
      requestId: 'batch-req-1',
      entries,
      override: false,
      record: record('batch-req-1', 3),
    })
    const b = await admission.submitBatch({
      requestId: 'batch-req-1',
      entries,
      override: false,
      record: record('batch-req-1', 3),
    })
    expect(b.batchId).toBe(a.batchId)
    expect(journal.batches.get(a.batchId)).toMatchObject({ total: 3, requestId: 'batch-req-1' })
    const tasks = journal.tasks.byBatch(a.batchId)
    expect(tasks.map((t) => t.batch?.index)).toEqual([0, 1, 2])
    await clock.advance(5_000)
    expect(gateway.count('submit')).toBe(3)
  })

  it('answers the batch of its requestId at once and without looking at the requests again', async () => {
    const { admission, journal, gateway, clock } = service()
    gateway.onSubmit = (task) => ({ type: 'task', serverId: `s-${task.id}`, status: running(0) })
    const entries = [0, 1].map((i) => ({
      input: { kind: 'video' as const, request: video },
      cell: cell(i),
    }))
    const batch = {
      requestId: 'batch-req-2',
      entries,
      override: false,
      record: record('batch-req-2', 2),
    }
    const [a, b] = await Promise.all([admission.submitBatch(batch), admission.submitBatch(batch)])
    expect(b.batchId).toBe(a.batchId)
    const invalid = entries.map((e) => ({
      ...e,
      input: { ...e.input, request: { ...video, duration: 99 } },
    }))
    expect((await admission.submitBatch({ ...batch, entries: invalid })).batchId).toBe(a.batchId)
    expect(journal.batches.list()).toHaveLength(1)
    expect(journal.tasks.byBatch(a.batchId)).toHaveLength(2)
    await clock.advance(5_000)
    expect(gateway.count('submit')).toBe(2)
  })

  it('weighs the whole batch against the caps, worded as a batch; going over once is the user’s choice', async () => {
    const rig = service({ demo: false })
    rig.budgets = { ...rig.budgets, dailyUsd: 1.5 }
    const entries = [0, 1].map((i) => ({
      input: { kind: 'video' as const, request: video },
      cell: cell(i),
    }))
    const refused = await rejection(
      rig.admission.submitBatch({
        requestId: 'batch-over',
        entries,
        override: false,
        record: record('batch-over', 2),
      }),
    )
    expect(refused.code).toBe('over_budget')
    expect(refused.message).toMatch(/^This batch /)
    expect(refused.action).toMatch(/for this batch\.$/)
    expect(rig.journal.batches.list()).toEqual([])
    const chosen = await rig.admission.submitBatch({
      requestId: 'batch-over-anyway',
      entries,
      override: true,
      record: record('batch-over-anyway', 2),
    })
    expect(rig.journal.tasks.byBatch(chosen.batchId)).toHaveLength(2)
  })

  it('one invalid request refuses the whole batch, worded by the batch, with nothing journaled', async () => {
    const { admission, journal } = service()
    const entries = [0, 1].map((i) => ({
      input: { kind: 'video' as const, request: i === 1 ? { ...video, duration: 99 } : video },
      cell: cell(i),
      relabel: (e: { error: AppError }): never => {
        throw Object.assign(new Error('relabelled'), {
          error: { ...e.error, message: `Request ${i + 1}: ${e.error.message}` },
        })
      },
    }))
    const error = await rejection(
      admission.submitBatch({
        requestId: 'batch-req-2',
        entries,
        override: false,
        record: record('batch-req-2', 2),
      }),
    )
    expect(error.message).toMatch(/^Request 2: /)
    expect(journal.batches.list()).toEqual([])
    expect(journal.tasks.list()).toEqual([])
  })
})

describe('Admission: a chat reply', () => {
  it('opens a text row before the reply and ends it in the order asked', async () => {
    const { admission, journal } = service({ demo: false })
    admission.text.opened({ id: 'reply-1', model: 'chat-model', prompt: 'hello' })
    admission.text.ended('reply-1', 'settled')
    await admission.idle()
    const rows = [...journal.ledger.rows('1970-01-01', '2100-01-01', true)]
    expect(rows).toMatchObject([
      { id: 'reply-1', kind: 'text', status: 'settled', amountUsd: null },
    ])
  })
})

describe('Admission: a chat reply, where its row is kept', () => {
  /** Admission over the rig's journal, recording the text rows it opens. */
  function chatAdmission(
    rig: ReturnType<typeof service>,
    sources: Pick<AdmissionOptions, 'connection' | 'project'>,
  ) {
    const opened: Array<Parameters<SpendLedger['open']>[0]> = []
    const real = rig.journal.ledger
    const ledger = Object.assign(Object.create(real) as SpendLedger, {
      open: (e: Parameters<SpendLedger['open']>[0]) => (opened.push(e), real.open(e)),
    })
    const admission = admissionOver(
      { ...rig.journal, ledger, transaction: (fn) => rig.journal.transaction(fn) },
      { userDataDir: rig.dir, gate: rig.gate, intake: rig.svc, clock: rig.clock, ...sources },
    )
    return { admission, opened }
  }

  it('stamps the row with admission’s clock, the connection’s demo flag and the active project', async () => {
    const rig = service()
    await rig.clock.advance(90_000)
    const { admission, opened } = chatAdmission(rig, {
      connection: async () => ({ demo: true }),
      project: async () => 'Portraits',
    })
    admission.text.opened({ id: 'reply-2', model: 'chat-model', prompt: 'hello' })
    await admission.idle()
    expect(opened).toMatchObject([
      { id: 'reply-2', demo: true, project: 'Portraits', createdAt: rig.clock.now() },
    ])
  })

  it('counts a reply as real and outside any project when neither can be read', async () => {
    const rig = service()
    const { admission, opened } = chatAdmission(rig, {
      connection: async () => Promise.reject(new Error('keychain locked')),
      project: async () => Promise.reject(new Error('settings unreadable')),
    })
    admission.text.opened({ id: 'reply-3', model: 'chat-model', prompt: 'hello' })
    await admission.idle()
    expect(opened).toMatchObject([{ id: 'reply-3', demo: false, project: null }])
    const none = chatAdmission(rig, { connection: async () => null })
    none.admission.text.opened({ id: 'reply-4', model: 'chat-model', prompt: 'hello' })
    await none.admission.idle()
    expect(none.opened).toMatchObject([{ id: 'reply-4', demo: false, project: null }])
  })
})

describe('Admission: "you already paid for this" (issue #29)', () => {
  const image = { model: 'std-image-2', prompt: 'a lighthouse at dusk' }
  const saved: SubmitOutcome = {
    type: 'outputs',
    outputs: [{ type: 'url', url: 'https://cdn.test/p.png' }],
  }

  it('refuses an exact repeat of a paid request whose result was saved; generating again anyway is a choice', async () => {
    const { admission, journal, gateway, clock } = service({ demo: false })
    gateway.onSubmit = () => saved
    const first = await admission.submit({ kind: 'image', request: image })
    await clock.advance(60_000)
    expect(journal.tasks.get(first.id)!.state).toBe('saved')

    // Field order is not part of the request; the submission's own id is not either.
    const again = await rejection(
      admission.submit({
        kind: 'image',
        requestId: 'req-repeat-1',
        request: { prompt: image.prompt, model: image.model },
      }),
    )
    expect(again.code).toBe('repeat')
    expect(again.message).toMatch(/^You paid \$0\.\d+ for this on \d{4}-\d{2}-\d{2}\.$/)
    expect(again.repeat).toMatchObject({
      taskId: first.id,
      libraryIds: [expect.any(String)],
      amountUsd: first.costUsd,
    })
    const sent = gateway.count('submit')
    expect(journal.tasks.list()).toHaveLength(1)

    const anyway = await admission.submit({ kind: 'image', request: image, allowRepeat: true })
    await clock.advance(60_000)
    expect(gateway.count('submit')).toBe(sent + 1)
    expect(journal.tasks.get(anyway.id)!.state).toBe('saved')
  })

  it('a request that failed (nothing saved, nothing to open) is not a repeat', async () => {
    const { admission, journal, gateway, clock } = service({ demo: false })
    let sends = 0
    gateway.onSubmit = () => {
      if (++sends === 1) throw failure('model_unavailable')
      return saved
    }
    const first = await admission.submit({ kind: 'image', request: image })
    await clock.advance(60_000)
    expect(journal.tasks.get(first.id)!.state).toBe('failed')
    const second = await admission.submit({ kind: 'image', request: image })
    await clock.advance(60_000)
    expect(journal.tasks.get(second.id)!.state).toBe('saved')
  })

  it('another prompt, another model or another reference image is another request', async () => {
    const { admission, gateway, clock, dir } = service({ demo: false })
    gateway.onSubmit = () => saved
    const a = join(dir, 'a.png')
    const b = join(dir, 'b.png')
    const aCopy = join(dir, 'renamed.png')
    writeFileSync(a, await png('#111'))
    writeFileSync(aCopy, await png('#111'))
    writeFileSync(b, await png('#222'))
    await admission.submit({ kind: 'edit', request: image, images: [a] })
    await clock.advance(60_000)
    await expect(
      admission.submit({ kind: 'edit', request: image, images: [b] }),
    ).resolves.toMatchObject({ state: 'queued' })
    await expect(
      admission.submit({
        kind: 'edit',
        request: { ...image, prompt: 'a lighthouse' },
        images: [a],
      }),
    ).resolves.toMatchObject({ state: 'queued' })
    // The same bytes under another name are the same reference.
    expect(
      (await rejection(admission.submit({ kind: 'edit', request: image, images: [aCopy] }))).code,
    ).toBe('repeat')
  })

  it('a seeded kind with no seed named is random, so never a repeat; a fixed seed is', async () => {
    const { admission, gateway, clock } = service({ demo: false })
    gateway.onSubmit = () => ({
      type: 'outputs',
      outputs: [{ type: 'inline', b64: 'iVBORw0KGgo=' }],
    })
    const request = (seed?: number) => ({
      input: 'a garden',
      model: 'art-diffusion-4-5-full',
      action: 'generate',
      parameters: {
        width: 64,
        height: 64,
        steps: 10,
        n_samples: 1,
        ...(seed === undefined ? {} : { seed }),
      },
    })
    await admission.submit({ kind: 'native', request: request() })
    await admission.submit({ kind: 'native', request: request(7) })
    await clock.advance(60_000)
    await expect(admission.submit({ kind: 'native', request: request() })).resolves.toMatchObject({
      state: 'queued',
    })
    expect((await rejection(admission.submit({ kind: 'native', request: request(7) }))).code).toBe(
      'repeat',
    )
  })

  it('retry as new of a saved request asks first; demo results were never paid for', async () => {
    const paid = service({ demo: false })
    paid.gateway.onSubmit = () => saved
    const first = await paid.admission.submit({ kind: 'image', request: image })
    await paid.clock.advance(60_000)
    expect((await rejection(paid.admission.retryAsNew(first.id))).code).toBe('repeat')
    await expect(paid.admission.retryAsNew(first.id, { allowRepeat: true })).resolves.toMatchObject(
      {
        retryOf: first.id,
      },
    )

    const demo = service({ demo: true })
    demo.gateway.onSubmit = () => saved
    await demo.admission.submit({ kind: 'image', request: image })
    await demo.clock.advance(60_000)
    await expect(demo.admission.submit({ kind: 'image', request: image })).resolves.toMatchObject({
      state: 'queued',
    })
  })
})

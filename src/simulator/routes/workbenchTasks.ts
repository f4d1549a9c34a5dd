/**
 * A simulated workbench task's life after it was accepted: its JSON view, the timed run that
 * emits queued, previews and done (or error), and the SSE stream that replays and follows those
 * events (start, resume by the events path, Last-Event-ID).
 */

import type { RouteRequest } from '../context'
import { renderPng } from '../png'
import { ART_LIMITS } from '../rules/catalog'
import type { ArtTask, TaskEvent } from '../state/workbenchStore'
import { iso, PREVIEWS, terminal, usd, WORKBENCH_FAIL_MARKER } from './workbenchShared'

export function taskJson(rq: RouteRequest, t: ArtTask) {
  return {
    id: t.id,
    status: t.status,
    progress: t.progress,
    model: 'art-v4.5',
    model_variant: t.variant.id,
    prompt: t.req.prompt,
    width: t.req.width,
    height: t.req.height,
    steps: t.req.steps,
    count: t.req.count,
    seed: t.seed,
    quote_id: t.quote.id,
    client_request_id: t.clientRequestId,
    price_usd: usd(t.quote.micros),
    payment_method: t.charge.paidFrom,
    created_at: iso(t.createdAt),
    updated_at: iso(t.updatedAt),
    images: t.images.map((im) => imageJson(rq, t, im)),
    error: t.error,
  }
}

function imageJson(rq: RouteRequest, t: ArtTask, im: ArtTask['images'][number]) {
  return {
    index: im.index,
    url: rq.ctx.cdn.publish(im.png, {
      contentType: 'image/png',
      filename: `task-${t.id}-${im.index}.png`,
    }),
    width: im.width,
    height: im.height,
    seed: im.seed,
  }
}

function emit(t: ArtTask, event: TaskEvent['event'], data: () => unknown): void {
  const e: TaskEvent = { id: t.events.length + 1, event, data }
  t.events.push(e)
  for (const l of t.listeners) l(e)
}

/** Drives one task through queued → running (previews) → completed | failed on scaled timers. */
export function runTask(rq: RouteRequest, t: ArtTask): void {
  const { ctx } = rq
  const account = rq.account
  const w = t.req.width as number
  const h = t.req.height as number
  const step = ctx.opts.timings.workbenchStepMs
  const fails = String(t.req.prompt).includes(WORKBENCH_FAIL_MARKER)
  const touch = () => (t.updatedAt = ctx.opts.now())
  emit(t, 'queued', () => ({ task_id: t.id, status: 'queued', position: 0 }))

  const preview = (k: number) => async () => {
    t.status = 'running'
    t.progress = Math.round((k / (PREVIEWS + 1)) * 100)
    touch()
    const pw = 64
    const ph = Math.max(8, Math.round((64 * h) / w))
    const png = await renderPng({
      width: pw,
      height: ph,
      seed: `${t.variant.id}\n${String(t.req.prompt)}\n${t.seed}\npreview${k}`,
    })
    const progress = t.progress
    emit(t, 'preview', () => ({
      task_id: t.id,
      status: 'running',
      step: Math.round(((t.req.steps as number) * k) / (PREVIEWS + 1)),
      steps: t.req.steps,
      progress,
      index: 0,
      width: pw,
      height: ph,
      image: png.toString('base64'),
    }))
    if (fails && k === 1) {
      t.status = 'failed'
      t.error = { code: 'generation_failed', message: 'The simulated generation failed' }
      touch()
      ctx.ledger.refund(account, t.charge)
      emit(t, 'error', () => ({ task_id: t.id, status: 'failed', error: t.error }))
    }
  }
  for (let k = 1; k <= PREVIEWS; k++) {
    const at = ctx.opts.timings.workbenchQueuedMs + (k - 1) * step
    ctx.schedule(at, () => {
      if (!terminal(t)) void preview(k)()
    })
  }
  ctx.schedule(ctx.opts.timings.workbenchQueuedMs + PREVIEWS * step, () => {
    if (terminal(t)) return
    void (async () => {
      const count = t.req.count as number
      for (let i = 0; i < count; i++) {
        const seed = (t.seed + i) % (ART_LIMITS.seed[1] + 1)
        const png = await renderPng({
          width: w,
          height: h,
          seed: `${t.variant.id}\n${String(t.req.prompt)}\n${seed}`,
          text: {
            Title: 'Gen Studio simulator',
            Description: String(t.req.prompt),
            Software: 'Gen Studio simulator',
            Source: `${t.variant.label} (${t.variant.id})`,
            Comment: JSON.stringify({
              prompt: t.req.prompt,
              steps: t.req.steps,
              seed,
              width: w,
              height: h,
            }),
          },
        })
        t.images.push({ png, width: w, height: h, seed, index: i })
      }
      t.status = 'completed'
      t.progress = 100
      touch()
      emit(t, 'done', () => ({
        task_id: t.id,
        status: 'completed',
        images: t.images.map((im) => imageJson(rq, t, im)),
        price_usd: usd(t.quote.micros),
        payment_method: t.charge.paidFrom,
      }))
    })()
  })
}

/** Streams a task's events after `lastEventId`, then live ones until done or error. */
export function streamTask(rq: RouteRequest, task: ArtTask, lastEventId: number): Promise<void> {
  const sse = rq.sse(true)
  let sent = lastEventId
  let chain = Promise.resolve()
  const push = (e: TaskEvent) => {
    chain = chain.then(async () => {
      if (e.id <= sent || sse.closed) return
      sent = e.id
      await sse.send(e.event, JSON.stringify(e.data()), e.id)
      if (e.event === 'done' || e.event === 'error') sse.end()
    })
    return chain
  }
  return new Promise<void>((resolve) => {
    const finish = () => {
      task.listeners.delete(listener)
      resolve()
    }
    const listener = (e: TaskEvent) => void push(e).then(() => sse.closed && finish())
    // Listen first, then queue the replay: the chain keeps events in order without gaps.
    task.listeners.add(listener)
    rq.res.once('close', finish)
    for (const e of task.events) void push(e)
    void chain.then(() => {
      if (terminal(task) && sent >= task.events.length) sse.end()
      if (sse.closed) finish()
    })
  })
}

/**
 * The workbench quote rule of steps/submit.ts (issue #32): a price is accepted silently only when
 * it is known and within what the user saw (the estimate for a first quote, the same price for a
 * re-quote); anything else waits for the user, and nothing is sent meanwhile.
 */
import { completed, failure, newTask, type Rig, rig, running } from '@test/support/taskFakes'
import { afterEach, describe, expect, it } from 'vitest'

let r: Rig
afterEach(async () => {
  await r?.close()
})

const state = (id: string) => r.journal.get(id)!.state

async function until(done: () => boolean, maxMs = 60_000): Promise<void> {
  await r.clock.runUntil(done, maxMs)
  expect(done()).toBe(true)
}

const wb = (
  over: { costUsd?: number | null; quote?: { quoteId: string; priceUsd: number | null } } = {},
) =>
  newTask({
    kind: 'workbench',
    model: 'art-v4.5',
    costUsd: over.costUsd === undefined ? 0.003 : over.costUsd,
    request: { model: 'art-v4.5', model_variant: 'art-diffusion-4-5-full', prompt: 'cat' },
    quote: over.quote ? { ...over.quote, quotedAt: 0 } : null,
  })

const saves = () =>
  ({
    type: 'task',
    serverId: 's',
    status: completed([{ type: 'url', url: 'https://cdn.test/s.png' }]),
  }) as const

describe('a workbench quote', () => {
  it('without a price is never accepted silently: the task waits and nothing is sent', async () => {
    r = rig()
    r.gateway.onEstimate = () => ({ quoteId: 'unpriced', priceUsd: null })
    const t = r.submit(wb())
    await until(() => state(t.id) === 'needs_attention')
    expect(r.journal.get(t.id)).toMatchObject({
      attention: 'quote_changed',
      pendingQuote: { quoteId: 'unpriced', priceUsd: null },
      quote: null,
    })
    await r.clock.advance(10 * 60_000)
    expect(r.gateway.count('submit')).toBe(0)
  })

  it('re-quoted without a price after expiry waits too: one send, with the old quote', async () => {
    r = rig()
    r.gateway.onSubmit = () => {
      throw failure('quote_expired')
    }
    r.gateway.onEstimate = () => ({ quoteId: 'unpriced', priceUsd: null })
    const t = r.submit(wb({ quote: { quoteId: 'old', priceUsd: 0.003 } }))
    await until(() => state(t.id) === 'needs_attention')
    expect(r.journal.get(t.id)).toMatchObject({
      attention: 'quote_changed',
      pendingQuote: { quoteId: 'unpriced', priceUsd: null },
      quote: { quoteId: 'old', priceUsd: 0.003 },
    })
    expect(r.gateway.calls.filter((c) => c.op === 'submit').map((c) => c.quoteId)).toEqual(['old'])
  })

  it('at exactly the estimate is accepted and sent; a hair above it waits', async () => {
    r = rig()
    r.gateway.onSubmit = saves
    r.gateway.onEstimate = () => ({ quoteId: 'even', priceUsd: 0.003 })
    const even = r.submit(wb())
    await until(() => state(even.id) === 'saved')
    expect(r.gateway.calls.find((c) => c.op === 'submit')).toMatchObject({ quoteId: 'even' })

    r.gateway.onEstimate = () => ({ quoteId: 'above', priceUsd: 0.00301 })
    const above = r.submit(wb())
    await until(() => state(above.id) === 'needs_attention')
    expect(r.journal.get(above.id)).toMatchObject({ attention: 'price_above_estimate' })
  })

  it('below the estimate is accepted: the user saw more than it costs', async () => {
    r = rig()
    r.gateway.onSubmit = saves
    r.gateway.onEstimate = () => ({ quoteId: 'cheap', priceUsd: 0.001 })
    const t = r.submit(wb())
    await until(() => state(t.id) === 'saved')
    expect(r.journal.get(t.id)!.quote).toMatchObject({ quoteId: 'cheap', priceUsd: 0.001 })
  })

  it('for a request with no estimate waits, whatever the price, even free', async () => {
    for (const priceUsd of [0.001, 0]) {
      r = rig()
      r.gateway.onEstimate = () => ({ quoteId: 'priced', priceUsd })
      const t = r.submit(wb({ costUsd: null }))
      await until(() => state(t.id) === 'needs_attention')
      expect(r.journal.get(t.id)).toMatchObject({ attention: 'price_above_estimate' })
      expect(r.gateway.count('submit')).toBe(0)
      await r.close()
    }
  })

  it('a first quote the service refuses ends the task as refused: nothing was sent', async () => {
    r = rig()
    r.gateway.onEstimate = () => {
      throw failure('forbidden')
    }
    const t = r.submit(wb())
    await until(() => state(t.id) === 'failed')
    expect(r.journal.get(t.id)!.error).toMatchObject({ code: 'forbidden' })
    expect(r.gateway.count('submit')).toBe(0)
  })

  it('only a workbench task is re-quoted on quote_expired; another failure re-sends the same quote', async () => {
    r = rig()
    r.gateway.onSubmit = (_t, n) => {
      if (n === 1) throw failure('server')
      return saves()
    }
    const t = r.submit(wb({ quote: { quoteId: 'kept', priceUsd: 0.003 } }))
    await until(() => state(t.id) === 'saved')
    expect(r.gateway.count('estimate')).toBe(0)
    expect(r.gateway.calls.filter((c) => c.op === 'submit').map((c) => c.quoteId)).toEqual([
      'kept',
      'kept',
    ])
    const image = r.submit(newTask())
    r.gateway.onSubmit = (_t, n) => {
      if (n === 1) throw failure('quote_expired')
      return { type: 'outputs', outputs: [{ type: 'url', url: 'https://cdn.test/i.png' }] }
    }
    await until(() => state(image.id) === 'saved')
    expect(r.gateway.count('estimate')).toBe(0)
    expect(r.gateway.count('submit', image.id)).toBe(2)
  })

  it('re-quoted after expiry at a lower price still waits: a re-quote must match', async () => {
    r = rig()
    r.gateway.onSubmit = (_t, n) => {
      if (n === 1) throw failure('quote_expired')
      return saves()
    }
    r.gateway.onEstimate = () => ({ quoteId: 'lower', priceUsd: 0.002 })
    const t = r.submit(wb({ quote: { quoteId: 'old', priceUsd: 0.003 } }))
    await until(() => state(t.id) === 'needs_attention')
    expect(r.journal.get(t.id)).toMatchObject({
      attention: 'quote_changed',
      pendingQuote: { quoteId: 'lower', priceUsd: 0.002 },
    })
    expect(r.gateway.count('submit')).toBe(1)
  })
})

describe('an accepted submission', () => {
  it('that is already finished is downloaded at once: no poll', async () => {
    r = rig()
    r.gateway.onSubmit = () => ({
      type: 'task',
      serverId: 'v1',
      status: completed([{ type: 'video', serverId: 'v1' }]),
    })
    const t = r.submit(newTask({ kind: 'video' }))
    await until(() => state(t.id) === 'saved')
    expect(r.gateway.count('status')).toBe(0)
    expect(r.journal.get(t.id)!.serverId).toBe('v1')
  })

  it('shows the status it came with, and is first polled after the first-poll delay', async () => {
    r = rig({ policy: { poll: { firstMs: 7_000 } } })
    r.gateway.onSubmit = () => ({
      type: 'task',
      serverId: 'v2',
      status: { phase: 'running', raw: 'in_queue', progress: 0.25, outputs: null, error: null },
    })
    r.gateway.onStatus = () => completed([{ type: 'video', serverId: 'v2' }])
    const t = r.submit(newTask({ kind: 'video' }))
    await until(() => state(t.id) === 'running')
    const sentAt = r.gateway.calls.find((c) => c.op === 'submit')!.at
    expect(r.journal.get(t.id)).toMatchObject({ serverStatus: 'in_queue', progress: 0.25 })
    await until(() => state(t.id) === 'saved')
    expect(r.gateway.calls.find((c) => c.op === 'status')!.at - sentAt).toBe(7_000)
  })

  it('without a status is running with nothing known yet', async () => {
    r = rig()
    r.gateway.onSubmit = () => ({ type: 'task', serverId: 'v3', status: null })
    r.gateway.onStatus = () => running(null)
    const t = r.submit(newTask({ kind: 'video' }))
    await until(() => state(t.id) === 'running')
    expect(r.journal.get(t.id)).toMatchObject({
      serverId: 'v3',
      serverStatus: null,
      progress: null,
    })
  })

  it('resets the unusable-answer count: odd answers before and after it never add up', async () => {
    r = rig({ policy: { maxBadAnswers: 3 } })
    r.gateway.onSubmit = (_t, n) => {
      if (n <= 2) throw failure('bad_response')
      return { type: 'task', serverId: 'v4', status: null }
    }
    r.gateway.onStatus = (_t, n) => {
      if (n <= 2) throw failure('bad_response')
      return completed([{ type: 'video', serverId: 'v4' }])
    }
    const t = r.submit(newTask({ kind: 'video' }))
    await until(() => state(t.id) === 'saved' || state(t.id) === 'needs_attention', 10 * 60_000)
    expect(state(t.id)).toBe('saved')
  })

  it('anchors the progress line at the progress it came with', async () => {
    r = rig({ policy: { poll: { firstMs: 5_000, factor: 1, jitter: 0 } } })
    r.gateway.onSubmit = () => ({
      type: 'task',
      serverId: 'v5',
      status: { phase: 'running', raw: 'running', progress: 0.5, outputs: null, error: null },
    })
    r.gateway.onStatus = (_t, n) =>
      n === 1 ? running(0.75) : completed([{ type: 'video', serverId: 'v5' }])
    const t = r.submit(newTask({ kind: 'video' }))
    await until(() => state(t.id) === 'saved')
    const polls = r.gateway.calls.filter((c) => c.op === 'status').map((c) => c.at)
    // 50 % at the start, 75 % five seconds later: finished at ten seconds, so the next poll
    // comes after the five-second backoff (not two seconds, as a line from 0 % would say).
    expect(polls[1]! - polls[0]!).toBe(5_000)
  })
})

import type { TaskRecord } from '@main/services/journal/TaskJournal'
import {
  InvalidTransition,
  stoppedByUser,
  type TaskEvent,
  transition,
} from '@main/services/tasks/engine/transitions'
import type { AttentionReason, TaskState } from '@shared/tasks/states'
import { TASK_STATES } from '@shared/tasks/states'
import { describe, expect, it } from 'vitest'

const NOW = 1_000_000
const err = { code: 'server' as const, message: 'x' }
const quote = { quoteId: 'q2', priceUsd: 0.004, quotedAt: 5 }

type Current = Parameters<typeof transition>[0]
const task = (state: TaskState, extra: Partial<TaskRecord> = {}): Current => ({
  state,
  attention: null,
  serverId: null,
  outputs: null,
  startedAt: null,
  attempts: 0,
  kind: 'video',
  pendingQuote: null,
  ...extra,
})

/** One example of every event. */
const EVENTS: TaskEvent[] = [
  { type: 'start' },
  { type: 'send' },
  { type: 'accepted', serverId: 'v1', status: 'queued', progress: 0 },
  { type: 'outputs', outputs: [{ type: 'video', serverId: 'v1' }] },
  { type: 'progress', status: 'in_progress', progress: 0.4 },
  { type: 'server_failed', error: err },
  { type: 'refused', error: { code: 'validation', message: 'bad' } },
  { type: 'transient', notice: { code: 'timeout', message: 'slow' } },
  { type: 'quoted', quote },
  { type: 'quote_changed', quote, reason: 'quote_changed' },
  { type: 'quote_confirmed' },
  { type: 'blocked', error: { code: 'auth', message: 'key' } },
  { type: 'renew_links' },
  { type: 'links_lost', error: { code: 'not_found', message: 'gone' } },
  { type: 'result_saved' },
  { type: 'saved' },
  { type: 'resume' },
  { type: 'cancel' },
  { type: 'dismiss' },
]

/** The allowed source states of each event (needs_attention depends on the reason; see below). */
const ALLOWED: Record<TaskEvent['type'], TaskState[]> = {
  start: ['queued'],
  send: ['submitting'],
  accepted: ['submitting', 'running'],
  outputs: ['submitting', 'running', 'downloading'],
  progress: ['running'],
  server_failed: ['submitting', 'running', 'downloading'],
  refused: ['submitting'],
  transient: ['submitting', 'running', 'downloading'],
  quoted: ['submitting'],
  quote_changed: ['submitting'],
  quote_confirmed: [],
  blocked: ['submitting', 'running', 'downloading'],
  renew_links: ['downloading'],
  links_lost: ['downloading'],
  result_saved: ['downloading'],
  saved: ['downloading'],
  resume: [],
  // Issue #13: the user can stop or hide a task whatever it is doing.
  cancel: ['queued', 'submitting', 'running', 'downloading'],
  dismiss: [
    'queued',
    'submitting',
    'running',
    'downloading',
    'saved',
    'failed',
    'cancelled',
    'needs_attention',
  ],
}

describe('task transitions: every event from every state', () => {
  for (const event of EVENTS) {
    for (const state of TASK_STATES) {
      const allowed = ALLOWED[event.type].includes(state)
      it(`${event.type} from ${state} is ${allowed ? 'allowed' : 'refused'}`, () => {
        const run = () => transition(task(state, { attention: 'blocked' }), event, NOW)
        if (allowed) expect(run).not.toThrow()
        else if (
          // resume and dismiss from needs_attention (blocked) are allowed; covered below
          state === 'needs_attention' &&
          (event.type === 'resume' || event.type === 'dismiss')
        )
          expect(run).not.toThrow()
        else expect(run).toThrow(InvalidTransition)
      })
    }
  }
})

describe('task transitions: what each one does', () => {
  it('start leaves the local queue without counting a send', () => {
    expect(transition(task('queued'), { type: 'start' }, NOW)).toEqual({
      state: 'submitting',
      notice: null,
    })
  })

  it('send counts the attempt and stamps the first send time only once', () => {
    const first = transition(task('submitting'), { type: 'send' }, NOW)
    expect(first).toMatchObject({ attempts: 1, startedAt: NOW })
    const again = transition(
      task('submitting', { attempts: 1, startedAt: 7 }),
      { type: 'send' },
      NOW,
    )
    expect(again).toMatchObject({ attempts: 2, startedAt: 7 })
  })

  it('no transition ever touches the idempotency key', () => {
    for (const event of EVENTS) {
      for (const state of TASK_STATES) {
        try {
          const patch = transition(
            task(state, { attention: 'quote_changed', pendingQuote: quote }),
            event,
            NOW,
          )
          expect(Object.keys(patch)).not.toContain('idempotencyKey')
        } catch (e) {
          expect(e).toBeInstanceOf(InvalidTransition)
        }
      }
    }
  })

  it('only server_failed and refused end a task as failed', () => {
    const failing = new Set<string>()
    for (const event of EVENTS) {
      for (const state of TASK_STATES) {
        try {
          const patch = transition(task(state, { attention: 'blocked' }), event, NOW)
          if (patch.state === 'failed') failing.add(event.type)
        } catch {
          // refused transition
        }
      }
    }
    expect([...failing].sort()).toEqual(['refused', 'server_failed'])
  })

  it('a transient problem (timeout, 5xx, 429, pending) keeps the state and only sets a notice', () => {
    for (const state of ['submitting', 'running', 'downloading'] as const) {
      const patch = transition(task(state), EVENTS[7]!, NOW)
      expect(patch).toEqual({ notice: { code: 'timeout', message: 'slow' } })
    }
  })

  it('accepted stores the server id; outputs move to downloading; saved stamps the end', () => {
    expect(transition(task('submitting'), EVENTS[2]!, NOW)).toMatchObject({
      state: 'running',
      serverId: 'v1',
    })
    expect(transition(task('running'), EVENTS[3]!, NOW)).toMatchObject({
      state: 'downloading',
      outputs: [{ type: 'video', serverId: 'v1' }],
    })
    expect(() => transition(task('running'), { type: 'outputs', outputs: [] }, NOW)).toThrow(
      InvalidTransition,
    )
    expect(transition(task('downloading'), { type: 'saved' }, NOW)).toMatchObject({
      state: 'saved',
      finishedAt: NOW,
      progress: 1,
    })
  })

  it('renewing links asks a server task again, or re-sends a synchronous request with its key', () => {
    expect(
      transition(task('downloading', { serverId: 'v1' }), { type: 'renew_links' }, NOW),
    ).toMatchObject({
      state: 'running',
      outputs: null,
    })
    expect(transition(task('downloading'), { type: 'renew_links' }, NOW)).toMatchObject({
      state: 'submitting',
      outputs: null,
    })
  })

  it('a changed quote waits for the user; confirming queues the task with the new quote', () => {
    const waiting = transition(task('submitting', { kind: 'workbench' }), EVENTS[9]!, NOW)
    expect(waiting).toMatchObject({
      state: 'needs_attention',
      attention: 'quote_changed',
      pendingQuote: quote,
    })
    const confirmed = transition(
      task('needs_attention', { attention: 'quote_changed', pendingQuote: quote }),
      { type: 'quote_confirmed' },
      NOW,
    )
    expect(confirmed).toMatchObject({ state: 'queued', quote, pendingQuote: null, attention: null })
    for (const attention of ['blocked', 'result_unavailable'] as AttentionReason[]) {
      expect(() =>
        transition(
          task('needs_attention', { attention, pendingQuote: quote }),
          { type: 'quote_confirmed' },
          NOW,
        ),
      ).toThrow(InvalidTransition)
    }
  })

  // Issue #18: each of these had a surviving mutant.
  it('a price above the estimate is confirmed the same way as a changed quote', () => {
    const confirmed = transition(
      task('needs_attention', { attention: 'price_above_estimate', pendingQuote: quote }),
      { type: 'quote_confirmed' },
      NOW,
    )
    expect(confirmed).toMatchObject({ state: 'queued', quote, pendingQuote: null, attention: null })
  })

  it('a task whose quote changed can be cancelled, and dismissing it cancels it', () => {
    const changed = task('needs_attention', { attention: 'quote_changed', pendingQuote: quote })
    expect(transition(changed, { type: 'cancel' }, NOW)).toMatchObject({
      state: 'cancelled',
      finishedAt: NOW,
      pendingQuote: null,
    })
    expect(transition(changed, { type: 'dismiss' }, NOW)).toMatchObject({
      state: 'cancelled',
      dismissed: true,
    })
  })

  it('Try again after lost result links asks the service again with the same key', () => {
    const lost = (extra: Partial<TaskRecord>) =>
      transition(
        task('needs_attention', { attention: 'result_unavailable', ...extra }),
        { type: 'resume' },
        NOW,
      )
    expect(lost({})).toMatchObject({ state: 'submitting', attention: null, error: null })
    expect(lost({ serverId: 'v1' })).toMatchObject({ state: 'running' })
  })

  it('dismissing a blocked, possibly charged task only hides it: it is not cancelled', () => {
    for (const attention of ['blocked', 'result_unavailable'] as AttentionReason[]) {
      expect(
        transition(
          task('needs_attention', { attention, serverId: 'v1' }),
          { type: 'dismiss' },
          NOW,
        ),
      ).toEqual({ dismissed: true })
    }
  })

  it('resume returns a blocked task to the furthest phase the journal reached', () => {
    const blocked = (extra: Partial<TaskRecord>) =>
      transition(
        task('needs_attention', { attention: 'blocked', ...extra }),
        { type: 'resume' },
        NOW,
      )
    expect(blocked({})).toMatchObject({ state: 'submitting' })
    expect(blocked({ serverId: 'v1' })).toMatchObject({ state: 'running' })
    expect(blocked({ serverId: 'v1', outputs: [{ type: 'video', serverId: 'v1' }] })).toMatchObject(
      {
        state: 'downloading',
      },
    )
    expect(() =>
      transition(task('needs_attention', { attention: 'quote_changed' }), { type: 'resume' }, NOW),
    ).toThrow(InvalidTransition)
  })

  it('cancel stops only local work: queued, or a price the user has not confirmed', () => {
    expect(transition(task('queued'), { type: 'cancel' }, NOW)).toMatchObject({
      state: 'cancelled',
    })
    expect(
      transition(
        task('needs_attention', { attention: 'price_above_estimate' }),
        { type: 'cancel' },
        NOW,
      ),
    ).toMatchObject({ state: 'cancelled' })
    expect(() =>
      transition(task('needs_attention', { attention: 'blocked' }), { type: 'cancel' }, NOW),
    ).toThrow(InvalidTransition)
  })

  it('cancel before the first send cancels; after it, the task stops for the user with its key kept', () => {
    expect(transition(task('submitting'), { type: 'cancel' }, NOW)).toMatchObject({
      state: 'cancelled',
      finishedAt: NOW,
    })
    for (const sent of [
      task('submitting', { attempts: 1 }),
      task('running', { attempts: 1, serverId: 'v1' }),
      task('downloading', { attempts: 2, outputs: [{ type: 'video', serverId: 'v1' }] }),
    ]) {
      const patch = transition(sent, { type: 'cancel' }, NOW)
      expect(patch).toEqual({
        state: 'needs_attention',
        attention: 'blocked',
        error: stoppedByUser(),
        notice: null,
      })
      // It says what happened and what to do (a possible charge, Try again or Dismiss).
      expect(patch.error!.message).not.toBe('')
      expect(patch.error!.action).not.toBe('')
      expect(patch.error!.message).not.toBe(patch.error!.action)
      // Try again from there goes back to where the journal got, with the same key.
      const resumed = transition({ ...sent, ...patch }, { type: 'resume' }, NOW)
      expect(resumed.state).toBe(sent.state)
    }
  })

  it('dismiss of a task in progress stops it the same way and hides it', () => {
    expect(transition(task('queued'), { type: 'dismiss' }, NOW)).toMatchObject({
      state: 'cancelled',
      dismissed: true,
    })
    expect(
      transition(task('running', { attempts: 1, serverId: 'v1' }), { type: 'dismiss' }, NOW),
    ).toMatchObject({ state: 'needs_attention', attention: 'blocked', dismissed: true })
  })

  it('dismiss hides a task; for a task waiting on a price it also cancels it', () => {
    expect(transition(task('saved'), { type: 'dismiss' }, NOW)).toEqual({ dismissed: true })
    expect(
      transition(task('needs_attention', { attention: 'quote_changed' }), { type: 'dismiss' }, NOW),
    ).toMatchObject({ state: 'cancelled', dismissed: true })
  })
})

// Issue #18: the edges that had surviving mutants.
describe('transition edges', () => {
  it('a refused transition names itself, the state and the event', () => {
    const e = (() => {
      try {
        transition(task('saved'), { type: 'start' }, NOW)
      } catch (error) {
        return error
      }
    })()
    expect(e).toBeInstanceOf(InvalidTransition)
    expect(e).toMatchObject({ name: 'InvalidTransition', state: 'saved', event: 'start' })
    expect((e as Error).message).toMatch(/saved.*start/)
  })

  it('resume goes back as far as the journal got: an empty output list is no outputs', () => {
    const blocked = (extra: Partial<TaskRecord>) =>
      transition(
        task('needs_attention', { attention: 'blocked', ...extra }),
        { type: 'resume' },
        NOW,
      )
    expect(blocked({ outputs: [], serverId: 'v1' })).toMatchObject({ state: 'running' })
    expect(blocked({ outputs: [], serverId: null })).toMatchObject({ state: 'submitting' })
    expect(blocked({ outputs: [{ type: 'video', serverId: 'v1' }] })).toMatchObject({
      state: 'downloading',
    })
  })

  it('a stale quote reason on a task that is not waiting does not make Cancel forget it', () => {
    const running = task('running', { attention: 'quote_changed', serverId: 'v1', attempts: 1 })
    expect(transition(running, { type: 'cancel' }, NOW)).toMatchObject({
      state: 'needs_attention',
      attention: 'blocked',
      error: { code: 'cancelled' },
    })
  })

  it('a quote is confirmed only while the task waits on it', () => {
    const stale = task('submitting', { attention: 'quote_changed', pendingQuote: quote })
    expect(() => transition(stale, { type: 'quote_confirmed' }, NOW)).toThrow(InvalidTransition)
  })

  it('saving one result of several clears the notice and nothing else', () => {
    expect(transition(task('downloading'), { type: 'result_saved' }, NOW)).toEqual({
      notice: null,
    })
  })
})

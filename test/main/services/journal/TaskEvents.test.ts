import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { Journal } from '@main/services/journal/Journal'
import { MESSAGE_LIMIT } from '@main/services/journal/TaskEvents'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
let journal: Journal

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gen-studio-events-'))
  journal = new Journal(join(dir, 'tasks.sqlite'))
})

afterEach(() => {
  journal.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('TaskEvents: each task’s history', () => {
  it('reads a task’s rows back oldest first, apart from other tasks’', () => {
    journal.events.record('a', 20, 'send', 'submitting', { attempts: 1 })
    journal.events.record('b', 5, 'start', 'submitting')
    journal.events.record('a', 10, 'start', 'submitting')
    journal.events.record('a', 20, 'accepted', 'running', { serverStatus: 'queued' })
    expect(journal.events.forTask('a')).toEqual([
      { at: 10, event: 'start', state: 'submitting', detail: null },
      { at: 20, event: 'send', state: 'submitting', detail: { attempts: 1 } },
      { at: 20, event: 'accepted', state: 'running', detail: { serverStatus: 'queued' } },
    ])
    expect(journal.events.forTask('none')).toEqual([])
  })

  it('the latest row of an event (a second report replaces the first reason)', () => {
    journal.events.record('a', 10, 'unusable', 'saved', { reason: 'hands are wrong' })
    journal.events.record('a', 30, 'unusable', 'saved', { reason: 'blurred' })
    journal.events.record('a', 40, 'dismiss', 'saved')
    expect(journal.events.latest('a', 'unusable')?.detail).toEqual({ reason: 'blurred' })
    expect(journal.events.latest('a', 'saved')).toBeNull()
  })

  it('keeps messages bounded and without anything shaped like a key', () => {
    const huge = `Invalid key sk-proj-ABCDEFGH12345678 ${'z'.repeat(100_000)}`
    journal.events.record('a', 1, 'refused', 'failed', {
      error: { code: 'auth', message: huge },
      notice: { code: 'pending', message: 'Authorization: Bearer abc.def.ghi was sent' },
      reason: 'too dark '.repeat(2_000),
    })
    const d = journal.events.forTask('a')[0]!.detail!
    expect(d.error!.message).not.toContain('sk-proj-ABCDEFGH12345678')
    expect(d.error!.message.length).toBeLessThanOrEqual(MESSAGE_LIMIT)
    expect(d.error!.code).toBe('auth')
    expect(d.notice!.message).not.toContain('abc.def.ghi')
    expect(d.notice!.message).toMatch(/^Authorization: \[redacted\].* was sent$/)
    expect(d.reason!.length).toBe(MESSAGE_LIMIT)
  })
})

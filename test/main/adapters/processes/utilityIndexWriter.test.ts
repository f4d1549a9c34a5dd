import { EventEmitter } from 'node:events'

import {
  type UtilityChild,
  utilityIndexWriter,
  WRITER_CLOSE_MS,
  WRITER_RESTARTS,
} from '@main/adapters/processes/utilityIndexWriter'
import type {
  WriterEvent,
  WriterReply,
  WriterResult,
} from '@main/services/library/writer/IndexWriter'
import { describe, expect, it, vi } from 'vitest'

/** A utility process played in memory: records what main posts, and says what a test makes it say. */
class Child extends EventEmitter implements UtilityChild {
  readonly posted: Array<{ id: number; job: { type: string } }> = []
  killed = false
  postMessage(message: unknown): void {
    this.posted.push(message as never)
  }
  kill(): boolean {
    this.killed = true
    return true
  }
  say(reply: WriterReply): void {
    this.emit('message', reply)
  }
}

function rig(restarts?: number) {
  const children: Child[] = []
  const writer = utilityIndexWriter(() => {
    const c = new Child()
    children.push(c)
    return c
  }, restarts)
  return { writer, children }
}

const tick = () => new Promise((r) => setImmediate(r))
const built: WriterResult = {
  type: 'built',
  written: 1,
  ids: ['a'],
  others: [],
  errors: [],
  conflicts: [],
}

describe('utilityIndexWriter (the writer protocol, main’s side)', () => {
  it('starts the process with the first job, sends it once the index is open, passes progress and resolves with the result', async () => {
    const { writer, children } = rig()
    const events: WriterEvent[] = []
    const done = writer.run({ type: 'build', root: '/lib' }, (e) => events.push(e))
    await tick()
    const [child] = children
    expect(child!.posted).toEqual([])
    child!.say({ ready: true })
    expect(child!.posted).toEqual([{ id: 1, job: { type: 'build', root: '/lib' } }])
    child!.say({ id: 1, event: { type: 'progress', written: 500 } })
    child!.say({ id: 99, event: { type: 'progress', written: 7 } })
    child!.say({ id: 1, event: built })
    expect(await done).toEqual(built)
    expect(events).toEqual([{ type: 'progress', written: 500 }])
    // The process stays for the next job, which goes at once.
    const second = writer.run({ type: 'upsert', rows: [] })
    await tick()
    expect(children).toHaveLength(1)
    expect(child!.posted[1]).toEqual({ id: 2, job: { type: 'upsert', rows: [] } })
    child!.say({ id: 2, event: { type: 'upserted', ids: [] } })
    expect(await second).toEqual({ type: 'upserted', ids: [] })
  })

  it('rejects a job that failed inside the writer, and runs the next', async () => {
    const { writer, children } = rig()
    const failed = writer.run({ type: 'restart', root: '/lib' })
    const after = writer.run({ type: 'upsert', rows: [] })
    await tick()
    children[0]!.say({ ready: true })
    children[0]!.say({ id: 1, failed: 'disk I/O error' })
    await expect(failed).rejects.toThrow('disk I/O error')
    await tick()
    expect(children[0]!.posted.map((p) => p.id)).toEqual([1, 2])
    children[0]!.say({ id: 2, event: { type: 'upserted', ids: [] } })
    await expect(after).resolves.toEqual({ type: 'upserted', ids: [] })
  })

  it('starts a writer that ended mid-job again and sends the job again, saying so', async () => {
    const { writer, children } = rig()
    const events: WriterEvent[] = []
    const done = writer.run({ type: 'build', root: '/lib' }, (e) => events.push(e))
    await tick()
    children[0]!.say({ ready: true })
    children[0]!.emit('exit', 139)
    expect(children).toHaveLength(2)
    // Messages of the dead process no longer count.
    children[0]!.say({ id: 1, event: built })
    children[1]!.say({ ready: true })
    expect(children[1]!.posted).toEqual([{ id: 1, job: { type: 'build', root: '/lib' } }])
    children[1]!.say({ id: 1, event: built })
    expect(await done).toEqual(built)
    expect(events).toEqual([{ type: 'restarted-writer', attempt: 1 }])
  })

  it(`gives a job up after ${WRITER_RESTARTS} restarts (the library then works on main's thread)`, async () => {
    const { writer, children } = rig()
    const done = writer.run({ type: 'build', root: '/lib' })
    await tick()
    for (let i = 0; i <= WRITER_RESTARTS; i++) children[i]!.emit('exit', 1)
    await expect(done).rejects.toThrow(/stopped \(exit code 1\) and was given up/)
    expect(children).toHaveLength(WRITER_RESTARTS + 1)
    // An idle process that ends is started again only for the next job.
    const later = writer.run({ type: 'upsert', rows: [] })
    await tick()
    expect(children).toHaveLength(WRITER_RESTARTS + 2)
    children.at(-1)!.say({ ready: true })
    children.at(-1)!.say({ id: 2, event: { type: 'upserted', ids: [] } })
    await expect(later).resolves.toEqual({ type: 'upserted', ids: [] })
  })

  it('close() asks the process to close the index, rejects the running job and resolves once it exited; later jobs reject at once', async () => {
    const { writer, children } = rig()
    const done = writer.run({ type: 'build', root: '/lib' })
    await tick()
    children[0]!.say({ ready: true })
    let closed = false
    const closing = writer.close().then(() => (closed = true))
    await expect(done).rejects.toThrow('closed')
    expect(children[0]!.posted.at(-1)).toEqual({ close: true })
    await tick()
    // Main's own connection must close after the writer's: close waits for the exit.
    expect(closed).toBe(false)
    expect(children[0]!.killed).toBe(false)
    children[0]!.emit('exit', 0)
    await closing
    expect(children[0]!.killed).toBe(false)
    // The exit does not start another process.
    expect(children).toHaveLength(1)
    await expect(writer.run({ type: 'upsert', rows: [] })).rejects.toThrow('closed')
  })

  it('close() kills a process that does not exit when asked, and waits for that exit too (each wait bounded)', async () => {
    vi.useFakeTimers()
    try {
      const { writer, children } = rig()
      void writer.run({ type: 'build', root: '/lib' }).catch(() => {})
      await vi.advanceTimersByTimeAsync(0)
      let closed = false
      const closing = writer.close().then(() => (closed = true))
      await vi.advanceTimersByTimeAsync(WRITER_CLOSE_MS - 1)
      expect(children[0]!.killed).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(children[0]!.killed).toBe(true)
      expect(closed).toBe(false)
      children[0]!.emit('exit', 143)
      await closing
      // A process that ignores even the kill does not hold the app's quit for ever.
      const again = rig()
      void again.writer.run({ type: 'build', root: '/lib' }).catch(() => {})
      await vi.advanceTimersByTimeAsync(0)
      let ended = false
      const stuck = again.writer.close().then(() => (ended = true))
      await vi.advanceTimersByTimeAsync(2 * WRITER_CLOSE_MS - 1)
      expect(ended).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      await stuck
      expect(again.children[0]!.killed).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('close() with no process running resolves at once and starts none', async () => {
    const { writer, children } = rig()
    await writer.close()
    expect(children).toHaveLength(0)
  })
})

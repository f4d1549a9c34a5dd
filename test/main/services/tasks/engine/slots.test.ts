import { settle } from '@main/adapters/clock/ManualClock'
import { ConcurrencySlots } from '@main/services/tasks/engine/slots'
import { describe, expect, it } from 'vitest'

const limits = { image: 1, video: 2, art: 1, workbench: 1 }

/**
 * Awaits a slot that must already be granted (release and new limits hand slots over at once):
 * one turn of the event loop, then it fails instead of waiting for the test's timeout.
 */
const granted = <T>(p: Promise<T>): Promise<T> =>
  Promise.race([
    p,
    settle().then(() => {
      throw new Error('the slot was not granted at once')
    }),
  ])

describe('concurrency slots', () => {
  it('starts waiters in the order they asked, per kind, as slots free up', async () => {
    const slots = new ConcurrencySlots(limits)
    const signal = new AbortController().signal
    const started: string[] = []
    const wait = (id: string) => slots.wait('image', id, signal).then(() => started.push(id))
    await granted(wait('a'))
    const b = wait('b')
    const c = wait('c')
    await Promise.resolve()
    expect(started).toEqual(['a'])
    // Another kind is not held up by images.
    await granted(slots.wait('video', 'v', signal))
    slots.release('a')
    await granted(b)
    expect(started).toEqual(['a', 'b'])
    slots.release('b')
    await granted(c)
    expect(started).toEqual(['a', 'b', 'c'])
  })

  it('lets a held task keep its place, drops an aborted waiter, and opens with new limits', async () => {
    const slots = new ConcurrencySlots(limits)
    slots.hold('art', 'recovered')
    const abort = new AbortController()
    const aborted = slots.wait('art', 'x', abort.signal)
    abort.abort()
    await expect(aborted).rejects.toThrow('aborted')
    let y = false
    const waiting = slots.wait('art', 'y', new AbortController().signal).then(() => (y = true))
    await Promise.resolve()
    expect(y).toBe(false)
    slots.setLimits({ ...limits, art: 2 })
    await granted(waiting)
    expect(y).toBe(true)
    // A task that already holds a slot does not wait again.
    await granted(slots.wait('art', 'recovered', new AbortController().signal))
  })
})

describe('concurrency slots in run order', () => {
  it('a freed slot goes to the first waiter in the run order; ids it does not list go last', async () => {
    const order = ['c', 'b', 'a']
    const slots = new ConcurrencySlots(limits, () => order)
    const signal = new AbortController().signal
    const started: string[] = []
    const wait = (id: string) => slots.wait('image', id, signal).then(() => started.push(id))
    await granted(wait('first'))
    const waiting = ['a', 'unlisted', 'b', 'c'].map((id) => [id, wait(id)] as const)
    await settle()
    expect(started).toEqual(['first'])
    let holder = 'first'
    for (const expected of ['c', 'b', 'a', 'unlisted']) {
      slots.release(holder)
      await granted(waiting.find(([id]) => id === expected)![1])
      holder = expected
    }
    expect(started).toEqual(['first', 'c', 'b', 'a', 'unlisted'])
  })

  it('reads the run order (a journal query) only when a free slot has waiters to choose from', async () => {
    let reads = 0
    const slots = new ConcurrencySlots(limits, () => {
      reads++
      return ['b', 'a']
    })
    const signal = new AbortController().signal
    // One asker and a free slot: nothing to choose.
    await granted(slots.wait('image', 'first', signal))
    const a = slots.wait('image', 'a', signal)
    expect(reads).toBe(0)
    // Two waiters, but no slot free: nothing to hand out yet.
    const b = slots.wait('image', 'b', signal)
    slots.setLimits(limits)
    expect(reads).toBe(0)
    slots.release('first')
    await granted(b)
    expect(reads).toBe(1)
    // The last waiter gets the next slot without another read.
    slots.release('b')
    await granted(a)
    expect(reads).toBe(1)
  })
})

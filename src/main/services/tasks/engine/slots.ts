import type { ConcurrencyKey } from '@shared/tasks/states'

export type Limits = Record<ConcurrencyKey, number>

interface SlotWaiter {
  id: string
  resolve: () => void
}

/**
 * The run order of the tasks that may wait (the journal's queue order). Ids it does not list keep
 * the order they asked in, after those it lists.
 */
export type SlotOrder = () => readonly string[]

/**
 * Concurrency per kind of task (Settings: images, video, art, workbench): a task holds a slot
 * from the moment it leaves the queue until its driver stops. A freed slot goes to the first
 * waiter in `order` (the user's queue order, batch priority), read when the slot is granted, so
 * a reorder made while tasks wait counts; without an order, waiters start in the order they asked.
 */
export class ConcurrencySlots {
  private readonly slots = new Map<ConcurrencyKey, Set<string>>()
  private readonly waiters = new Map<ConcurrencyKey, SlotWaiter[]>()

  constructor(
    private limits: Limits,
    private readonly order?: SlotOrder,
  ) {}

  /** New limits (settings changed): waiting tasks start if slots opened. */
  setLimits(limits: Limits): void {
    this.limits = { ...limits }
    for (const key of this.waiters.keys()) this.pump(key)
  }

  /** Takes a slot without waiting (a task already at the server keeps its place). */
  hold(key: ConcurrencyKey, id: string): void {
    this.slotSet(key).add(id)
  }

  /** Resolves once the task has a slot; rejects if `signal` aborts while it waits. */
  wait(key: ConcurrencyKey, id: string, signal: AbortSignal): Promise<void> {
    const set = this.slotSet(key)
    if (set.has(id)) return Promise.resolve()
    const queue = this.waiters.get(key) ?? []
    this.waiters.set(key, queue)
    return new Promise<void>((resolve, reject) => {
      const waiter: SlotWaiter = { id, resolve }
      queue.push(waiter)
      signal.addEventListener(
        'abort',
        () => {
          const i = queue.indexOf(waiter)
          if (i >= 0) queue.splice(i, 1)
          reject(new Error('aborted'))
        },
        // Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent, a signal fires 'abort' at most once, so `once` changes nothing anyone can observe
        { once: true },
      )
      this.pump(key)
    })
  }

  /** Frees whatever slot the task held; the next waiter of that kind starts. */
  release(id: string): void {
    for (const [key, set] of this.slots) {
      if (set.delete(id)) this.pump(key)
    }
  }

  private slotSet(key: ConcurrencyKey): Set<string> {
    let s = this.slots.get(key)
    if (!s) this.slots.set(key, (s = new Set()))
    return s
  }

  private pump(key: ConcurrencyKey): void {
    const set = this.slotSet(key)
    const queue = this.waiters.get(key) ?? []
    const free = () => set.size < Math.max(1, this.limits[key])
    if (queue.length > 1 && free() && this.order) this.sort(queue)
    while (queue.length > 0 && free()) {
      const w = queue.shift()!
      set.add(w.id)
      w.resolve()
    }
  }

  /** Puts the waiters in run order (stable: ids the order does not list stay last, as they asked). */
  private sort(queue: SlotWaiter[]): void {
    const rank = new Map<string, number>()
    for (const [i, id] of this.order!().entries()) rank.set(id, i)
    const last = Number.MAX_SAFE_INTEGER
    queue.sort((a, b) => (rank.get(a.id) ?? last) - (rank.get(b.id) ?? last))
  }
}

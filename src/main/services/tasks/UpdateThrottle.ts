import type { Clock } from '../../adapters/clock/Clock'

/**
 * Coalesces task changes into at most one flush per `intervalMs` (10 per second by default): a
 * task that changes 50 times between two flushes is sent once, with its latest state. The
 * first change after a quiet spell goes out at once, so a single update is never delayed.
 */
export class UpdateThrottle {
  private readonly pending = new Set<string>()
  private lastFlush = -Infinity
  private scheduled = false
  private readonly stop = new AbortController()

  constructor(
    private readonly clock: Clock,
    private readonly flush: (ids: string[]) => void,
    private readonly intervalMs = 100,
  ) {}

  add(id: string): void {
    if (this.stop.signal.aborted) return
    this.pending.add(id)
    if (this.scheduled) return
    const wait = this.lastFlush + this.intervalMs - this.clock.now()
    if (wait <= 0) {
      this.run()
      return
    }
    this.scheduled = true
    this.clock.sleep(wait, this.stop.signal).then(
      () => {
        this.scheduled = false
        this.run()
      },
      () => {
        this.scheduled = false
      },
    )
  }

  private run(): void {
    if (this.pending.size === 0) return
    const ids = [...this.pending]
    this.pending.clear()
    this.lastFlush = this.clock.now()
    this.flush(ids)
  }

  /** Sends what is pending now and stops scheduling. */
  close(): void {
    this.run()
    this.stop.abort()
  }
}

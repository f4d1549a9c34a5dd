/**
 * Work started in the background, at most `width` at a time: `start` waits for a free slot,
 * `done` waits for all and throws the first failure, `settled` waits for all and never throws.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>()
  private failure: { error: unknown } | null = null

  constructor(private readonly width: number) {}

  /** Starts `work` once a slot is free; throws an earlier failure instead, so the caller stops early. */
  async start(work: () => Promise<void>): Promise<void> {
    while (this.running.size >= this.width) await Promise.race(this.running)
    if (this.failure) throw this.failure.error
    const p: Promise<void> = work().then(
      () => void this.running.delete(p),
      (error: unknown) => {
        this.failure ??= { error }
        this.running.delete(p)
      },
    )
    this.running.add(p)
  }

  async done(): Promise<void> {
    await this.settled()
    if (this.failure) throw this.failure.error
  }

  async settled(): Promise<void> {
    await Promise.all(this.running)
  }
}

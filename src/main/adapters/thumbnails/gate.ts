/**
 * Runs at most `limit` jobs at once; the rest wait in call order. The thumbnailer shares one per
 * app so a library of thousands asks sharp for a few pictures at a time, never all of them.
 */
export class Gate {
  private running = 0
  private readonly waiting: Array<() => void> = []

  constructor(private readonly limit: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((r) => this.waiting.push(r))
    this.running++
    try {
      return await job()
    } finally {
      this.running--
      this.waiting.shift()?.()
    }
  }
}

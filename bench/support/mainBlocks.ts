import { PerformanceObserver } from 'node:perf_hooks'

/** A block of main's event loop, told apart: its wall time, and how much of it V8's GC took. */
export interface MainBlocks {
  /**
   * From the start to the first tick, in ms: the synchronous work the figure starts with (the
   * app does it once, at its own start: constructing the library service, forking the writer).
   * The event-loop delay histogram leaves this interval out; the figures below do too.
   */
  first: number
  /** The most CPU this process used between two ticks, in ms. */
  cpuMax: number
  /** The longest gap between two ticks, in ms of wall time. */
  longest: number
  /** How much of that gap V8's garbage collector paused main's thread for, in ms. */
  longestGc: number
  /** The longest gap once the GC pauses inside each gap are taken out: main's own work. */
  longestOutsideGc: number
}

/** Gaps shorter than this are not kept (a 1 ms timer ticks late by a few ms on a busy machine). */
const KEEP_GAPS_MS = 5

/**
 * Main's blocks during a figure, from a 1 ms timer: the longest gap between its ticks, the most
 * CPU this process used in one (`process.cpuUsage`: its GC helper threads count too, so CPU can
 * pass wall), and, from V8's own `gc` entries (perf_hooks), how much of each gap was a
 * collection. A collection of main's heap is V8's, not the app's code: the split says which of
 * the two a long block was (at 1M items, 67 ms of the build's longest gap, 69.7 ms, was a
 * collection). The reader threads and the index writer run in the writer's
 * process, so what this process uses is main's (and libuv's).
 */
export function mainBlocks(): { stop: () => Promise<MainBlocks> } {
  const gcs: Array<[number, number]> = []
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push([e.startTime, e.startTime + e.duration])
  })
  observer.observe({ entryTypes: ['gc'] })
  const gaps: Array<[number, number]> = []
  let cpu = process.cpuUsage()
  let cpuMax = 0
  const start = performance.now()
  let first = NaN
  let last = start
  const timer = setInterval(() => {
    const now = performance.now()
    const used = process.cpuUsage(cpu)
    cpu = process.cpuUsage()
    if (Number.isNaN(first)) first = now - start
    else {
      if (now - last >= KEEP_GAPS_MS) gaps.push([last, now])
      cpuMax = Math.max(cpuMax, (used.user + used.system) / 1000)
    }
    last = now
  }, 1)
  return {
    stop: async () => {
      clearInterval(timer)
      // gc entries reach the observer on a later turn of the loop.
      await new Promise((resolve) => setImmediate(resolve))
      observer.disconnect()
      const gcIn = ([a, b]: [number, number]) =>
        gcs.reduce((sum, [s, e]) => sum + Math.max(0, Math.min(b, e) - Math.max(a, s)), 0)
      let longest: [number, number] = [0, 0]
      let longestOutsideGc = 0
      for (const gap of gaps) {
        if (gap[1] - gap[0] > longest[1] - longest[0]) longest = gap
        longestOutsideGc = Math.max(longestOutsideGc, gap[1] - gap[0] - gcIn(gap))
      }
      return {
        first,
        cpuMax,
        longest: longest[1] - longest[0],
        longestGc: gcIn(longest),
        longestOutsideGc,
      }
    },
  }
}

import { describe, expect, it } from 'vitest'

import { exposeGc } from '../../bench/support/exposeGc'
import { mainBlocks } from '../../bench/support/mainBlocks'

/** Holds this thread for `ms` of wall time, as a long synchronous step of main would. */
function hold(ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until);
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

/**
 * library-index's "longest block outside GC" is only as true as this split: a block of the app's
 * own work must count whole, a collection inside a block must come out of it, and the synchronous
 * start (before the first tick) must not count as a block at all.
 */
describe('bench/support/mainBlocks', () => {
  it("counts a block of main's own work whole, and leaves the synchronous start out", async () => {
    const blocks = mainBlocks()
    hold(250) // before the first tick: the start
    await tick()
    hold(40)
    await tick()
    const b = await blocks.stop()
    expect(b.first).toBeGreaterThanOrEqual(250)
    expect(b.longest).toBeGreaterThanOrEqual(40)
    expect(b.longest).toBeLessThan(250)
    expect(b.longestOutsideGc).toBeCloseTo(b.longest - b.longestGc, 6)
    expect(b.longestOutsideGc).toBeGreaterThanOrEqual(40 - b.longestGc)
  })

  it("takes V8's collections out of the block they fell in", async () => {
    const gc = exposeGc()
    // Something for the collector to do: a few MB of live objects.
    const live = Array.from({ length: 200_000 }, (_, i) => ({ i, s: `item ${i}` }))
    const blocks = mainBlocks()
    await tick()
    for (let k = 0; k < 3; k++) gc()
    await tick()
    const b = await blocks.stop()
    expect(live.length).toBe(200_000)
    expect(b.longestGc).toBeGreaterThan(0)
    expect(b.longestGc).toBeLessThanOrEqual(b.longest)
    expect(b.longestOutsideGc).toBeLessThan(b.longest)
  })
})

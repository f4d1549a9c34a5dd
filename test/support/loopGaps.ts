/**
 * Watches this process's event loop with a 1 ms timer, for tests that main's thread is never held
 * long (a hostile file read, a lock another connection holds). `stop()` ends the watch and
 * returns the longest gap between two ticks, in ms, counting the time since the last tick.
 */
export function watchLoopGaps(): { stop(): number } {
  let longest = 0
  let last = performance.now()
  const tick = () => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
  }
  const timer = setInterval(tick, 1)
  return {
    stop() {
      clearInterval(timer)
      tick()
      return longest
    },
  }
}

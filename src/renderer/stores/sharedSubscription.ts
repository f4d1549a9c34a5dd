/**
 * One main → renderer subscription shared by every component that connects to a store: the
 * first join subscribes, the last release unsubscribes, and a release called twice (a React
 * effect cleaned up twice in development) counts once. Each store keeps one at module level, so
 * however many screens show its data, each event is received once.
 */
export function sharedSubscription(): {
  join(subscribe: () => () => void): () => void
} {
  let connections = 0
  let unsubscribe: (() => void) | null = null
  return {
    join(subscribe) {
      connections++
      if (connections === 1) unsubscribe = subscribe()
      let released = false
      return () => {
        if (released) return
        released = true
        connections--
        if (connections === 0) {
          unsubscribe?.()
          unsubscribe = null
        }
      }
    },
  }
}

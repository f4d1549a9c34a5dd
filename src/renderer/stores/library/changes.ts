import { api } from '../../api/client'

const listeners = new Set<() => void>()
let unsubscribe: (() => void) | null = null

/**
 * The renderer's one `library:changed` subscription, fanned out to whoever needs it: the library
 * store (grid and detail), the organise store (collection counts) and the similar-images answers.
 * One subscription means one bridge listener however many parts listen, and one place to change
 * how a change is delivered. It exists while anyone listens; returns the stop function.
 */
export function onLibraryChanged(listener: () => void): () => void {
  listeners.add(listener)
  if (!unsubscribe) {
    unsubscribe = api().on('library:changed', () => {
      for (const l of [...listeners]) l()
    })
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && unsubscribe) {
      unsubscribe()
      unsubscribe = null
    }
  }
}

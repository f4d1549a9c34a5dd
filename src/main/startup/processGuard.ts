/** The part of `process` the guard listens on (a plain EventEmitter in tests). */
export interface GuardedProcess {
  on(event: 'uncaughtException' | 'unhandledRejection', listener: (error: unknown) => void): unknown
  off(
    event: 'uncaughtException' | 'unhandledRejection',
    listener: (error: unknown) => void,
  ): unknown
}

/**
 * The last line of defence in main: an error nobody caught (a stream's `error` with no listener,
 * a rejected promise nobody awaited) is logged, redacted by the diagnostics log, and the app goes
 * on. Without a listener Electron shows "A JavaScript error occurred in the main process" for each
 * one; with one, it leaves them to the app
 * (a maintainer in https://github.com/electron/electron/issues/7530). Every such error is
 * still a bug: the tests fail on any of them (vitest's own listener sees them too).
 *
 * Returns the function that removes the listeners (on quit).
 */
export function guardProcess(
  target: GuardedProcess,
  report: (scope: string, error: unknown) => void,
): () => void {
  const safely = (scope: string) => (error: unknown) => {
    try {
      report(scope, error)
    } catch {
      // The log itself failed (disk gone): the console is all that is left.
      console.error(`Gen Studio: ${scope}`, error)
    }
  }
  const onException = safely('uncaught exception in main')
  const onRejection = safely('unhandled rejection in main')
  // One guard per process: a main script evaluated again in the same process (the tests' Electron
  // double) replaces the earlier guard instead of stacking listeners.
  const holder = target as GuardedProcess & { [ACTIVE_GUARD]?: () => void }
  holder[ACTIVE_GUARD]?.()
  target.on('uncaughtException', onException)
  target.on('unhandledRejection', onRejection)
  const unguard = () => {
    target.off('uncaughtException', onException)
    target.off('unhandledRejection', onRejection)
    if (holder[ACTIVE_GUARD] === unguard) delete holder[ACTIVE_GUARD]
  }
  holder[ACTIVE_GUARD] = unguard
  return unguard
}

const ACTIVE_GUARD = Symbol.for('gen-studio.processGuard')

import type { TaskEvents } from './TaskEvents'
import type { TaskLedgerHook } from './taskLedger'

/** Events that only move a progress bar: the history would fill with them and say nothing. */
const UNRECORDED = new Set(['progress'])

/**
 * The engine's ledger hook with the task's history written beside it: the hook is called inside
 * the transaction of every state change, so each history row commits with the change it
 * describes (a crash leaves both or neither). One prepared INSERT per change. Without `events`
 * (a journal with no history) the hook is returned as it is.
 */
export function withHistory(hook: TaskLedgerHook, events?: TaskEvents): TaskLedgerHook {
  if (!events) return hook
  return {
    changed(t, event) {
      hook.changed(t, event)
      if (UNRECORDED.has(event)) return
      events.record(t.id, t.updatedAt, event, t.state, {
        ...(t.error ? { error: t.error } : {}),
        ...(t.notice ? { notice: t.notice } : {}),
        ...(t.serverStatus ? { serverStatus: t.serverStatus } : {}),
        ...(t.attempts !== undefined ? { attempts: t.attempts } : {}),
      })
    },
  }
}

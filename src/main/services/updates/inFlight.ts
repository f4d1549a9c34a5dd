/** What holds an install back: paid tasks between sent and saved, and chat replies being answered. */
export interface InFlight {
  tasks: number
  replies: number
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * The words Settings shows for what an install waits for, e.g. "1 paid request" or
 * "1 paid request and 2 chat replies": the user sees which work to let finish.
 */
export function describeInFlight(busy: InFlight): string {
  const parts = [
    busy.tasks > 0 ? count(busy.tasks, 'paid request', 'paid requests') : null,
    busy.replies > 0 ? count(busy.replies, 'chat reply', 'chat replies') : null,
  ].filter((p): p is string => p !== null)
  return parts.length > 0 ? parts.join(' and ') : 'nothing'
}

import { t } from '../../i18n'

/** What holds an install back: paid tasks between sent and saved, and chat replies being answered. */
export interface InFlight {
  tasks: number
  replies: number
}

/**
 * The words Settings shows for what an install waits for, e.g. "1 paid request" or
 * "1 paid request and 2 chat replies": the user sees which work to let finish.
 */
export function describeInFlight(busy: InFlight): string {
  if (busy.tasks > 0 && busy.replies > 0)
    return t('inFlightBoth', { tasks: busy.tasks, replies: busy.replies })
  if (busy.tasks > 0) return t('inFlightTasks', { count: busy.tasks })
  if (busy.replies > 0) return t('inFlightReplies', { count: busy.replies })
  return t('inFlightNothing')
}

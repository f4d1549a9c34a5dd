import type { AppError } from '@shared/result'

import { t as tr } from '../../../i18n'
import type { TaskRecord } from '../../journal/TaskJournal'
import type { TaskGateway } from '../ports'

/**
 * The account a task's requests are charged to, or the notice the task shows while it waits
 * instead: no address and key in Settings, or a keychain that cannot be read (locked, or its
 * service not running). A keychain that throws is logged once per episode (the task's notice
 * says so at the next ask), so a locked keychain does not fill the log, and no driver stops with
 * no word to the user.
 */
export async function accountOrNotice(
  gateway: Pick<TaskGateway, 'account'>,
  t: TaskRecord,
  log?: (level: 'warn', message: string, extra: { taskId: string; data: string }) => void,
): Promise<string | AppError> {
  try {
    const account = await gateway.account()
    if (account) return account
    return {
      code: 'not_connected',
      message: tr('notConnectedTask'),
      action: tr('notConnectedTaskAction'),
    }
  } catch (e) {
    if (t.notice?.code !== 'no_secure_store')
      log?.('warn', 'The API key could not be read from the keychain', {
        taskId: t.id,
        data: String(e),
      })
    return {
      code: 'no_secure_store',
      message: tr('keychainUnreadableTask'),
      action: tr('keychainUnreadableTaskAction'),
    }
  }
}

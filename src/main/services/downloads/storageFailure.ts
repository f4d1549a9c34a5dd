import { defineKeys } from '@shared/i18n/keys'
import { AppFailure } from '@shared/result'

import { t } from '../../i18n'

/** Each file-system error code Gen Studio explains, as a key of main's messages. */
const STORAGE_MESSAGES: Record<string, string> = defineKeys('main', {
  ENOSPC: 'fsENOSPC',
  EDQUOT: 'fsEDQUOT',
  EROFS: 'fsEROFS',
  EACCES: 'fsEACCES',
  EPERM: 'fsEACCES',
  ENOENT: 'fsENOENT',
  ENOTDIR: 'fsENOTDIR',
  EISDIR: 'fsEISDIR',
  EMFILE: 'fsEMFILE',
  EIO: 'fsEIO',
})

/** Turns a file-system error into a `storage` AppFailure naming the folder; others unchanged. */
export function storageFailure(e: unknown, dir: string): unknown {
  const code = (e as NodeJS.ErrnoException | null)?.code
  if (!code || !Object.hasOwn(STORAGE_MESSAGES, code)) return e
  return new AppFailure({
    code: 'storage',
    message: t('saveFailedIn', { dir, reason: t(STORAGE_MESSAGES[code]!), code }),
    action:
      code === 'ENOSPC' || code === 'EDQUOT' ? t('saveFailedFullAction') : t('saveFailedAction'),
  })
}

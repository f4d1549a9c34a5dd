import { AppFailure } from '@shared/result'

const STORAGE_MESSAGES: Record<string, string> = {
  ENOSPC: 'The disk is full.',
  EDQUOT: 'The disk quota is exhausted.',
  EROFS: 'The folder is on a read-only disk.',
  EACCES: 'Gen Studio may not write to this folder.',
  EPERM: 'Gen Studio may not write to this folder.',
  ENOENT: 'The folder does not exist (was a drive removed?).',
  ENOTDIR: 'The destination is not a folder.',
  EISDIR: 'A folder is in the way of the file.',
  EMFILE: 'Too many files are open.',
  EIO: 'The disk reported an input/output error.',
}

/** Turns a file-system error into a `storage` AppFailure naming the folder; others unchanged. */
export function storageFailure(e: unknown, dir: string): unknown {
  const code = (e as NodeJS.ErrnoException | null)?.code
  if (!code || !Object.hasOwn(STORAGE_MESSAGES, code)) return e
  return new AppFailure({
    code: 'storage',
    message: `Could not save into ${dir}: ${STORAGE_MESSAGES[code]} (${code})`,
    action:
      code === 'ENOSPC' || code === 'EDQUOT'
        ? 'Free some disk space or choose another library folder in Settings, then retry the download.'
        : 'Choose a writable library folder in Settings, then retry the download.',
  })
}

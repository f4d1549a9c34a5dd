import { join } from 'node:path'

import { NativeBindingError } from '../adapters/sqlite/nativeBinding'
import { t } from '../i18n'

/** What the user is told when the main process cannot start: a title and what to do. */
export interface StartupFailure {
  title: string
  message: string
}

export interface StartupContext {
  /** The app's data folder (userData). */
  userDataDir: string
  /** Run from a source checkout (`npm start`) rather than an installed package. */
  fromCheckout: boolean
}

const NATIVE_LOAD =
  /NODE_MODULE_VERSION|did not self-register|invalid ELF header|not a valid Win32 application|mach-o|wrong ELF class|ERR_DLOPEN_FAILED/i
const CORRUPT = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB'])
const NO_WRITE = new Set(['EACCES', 'EPERM', 'EROFS'])

const detail = (e: unknown) => (e instanceof Error ? e.message : String(e))

/**
 * Turns a start-up error into words for the native error dialog: what failed, and the one thing
 * to do about it, in main's current language (main/i18n). Never includes secrets (start-up errors carry file paths and codes, not keys).
 */
export function describeStartupFailure(error: unknown, ctx: StartupContext): StartupFailure {
  const e = error as { code?: string; databasePath?: string; path?: string }
  const code = e?.code ?? ''
  if (
    error instanceof NativeBindingError ||
    NATIVE_LOAD.test(detail(error)) ||
    code === 'ERR_DLOPEN_FAILED'
  ) {
    return {
      title: t('startupNativeTitle'),
      message: [
        t('startupNativeWhat'),
        ctx.fromCheckout ? t('startupNativeFixCheckout') : t('startupNativeFixInstalled'),
        t('startupDetails', { detail: detail(error) }),
      ].join('\n\n'),
    }
  }
  if (CORRUPT.has(code)) {
    return {
      title: t('startupCorruptTitle'),
      message: [
        e.databasePath
          ? t('startupCorruptWhat', { file: e.databasePath, detail: detail(error) })
          : t('startupCorruptUnknownWhat', { detail: detail(error) }),
        t('startupCorruptFix'),
      ].join('\n\n'),
    }
  }
  if (NO_WRITE.has(code) || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY') {
    return {
      title: t('startupNoWriteTitle'),
      message: [
        t('startupNoWriteWhat', { dir: ctx.userDataDir, detail: detail(error) }),
        t('startupNoWriteFix'),
      ].join('\n\n'),
    }
  }
  if (code === 'ENOSPC' || code === 'SQLITE_FULL') {
    return {
      title: t('startupDiskFullTitle'),
      message: t('startupDiskFull', { dir: ctx.userDataDir }),
    }
  }
  return {
    title: t('startupUnknownTitle'),
    message: [
      detail(error),
      t('startupUnknownReport', { logs: join(ctx.userDataDir, 'logs') }),
    ].join('\n\n'),
  }
}

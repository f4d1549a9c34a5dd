import { NativeBindingError } from '../adapters/sqlite/nativeBinding'

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
 * to do about it. Never includes secrets (start-up errors carry file paths and codes, not keys).
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
      title: 'Gen Studio could not load its database engine',
      message: [
        'The database engine (better-sqlite3) is built for a different version of Electron or Node.js than the one running, so Gen Studio cannot open its library index and task journal.',
        ctx.fromCheckout
          ? 'Run `npm run native` in the project folder (it downloads or builds better-sqlite3 for Electron and needs internet access), then `npm start` again.'
          : 'Reinstall Gen Studio from the latest installer. Your library, settings and key are kept.',
        `Details: ${detail(error)}`,
      ].join('\n\n'),
    }
  }
  if (CORRUPT.has(code)) {
    const file = e.databasePath ?? 'a database file'
    return {
      title: 'A Gen Studio database is damaged',
      message: [
        `Gen Studio cannot read ${file} (${detail(error)}). It was left untouched.`,
        'Quit, move that file aside (or restore it from a backup), then start Gen Studio again: it starts with an empty one. The files in your library are not affected.',
      ].join('\n\n'),
    }
  }
  if (NO_WRITE.has(code) || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY') {
    return {
      title: 'Gen Studio cannot write to its data folder',
      message: [
        `Gen Studio keeps its settings, task journal and library index in ${ctx.userDataDir}, and cannot write there (${detail(error)}).`,
        'Check that the folder exists and that your user may write to it, then start Gen Studio again.',
      ].join('\n\n'),
    }
  }
  if (code === 'ENOSPC' || code === 'SQLITE_FULL') {
    return {
      title: 'The disk is full',
      message: `Gen Studio could not write to ${ctx.userDataDir} because the disk is full. Free some space, then start Gen Studio again.`,
    }
  }
  return {
    title: 'Gen Studio could not start',
    message: [
      detail(error),
      `If this keeps happening, please report it with the files in ${ctx.userDataDir}/logs (they hold no keys or prompts).`,
    ].join('\n\n'),
  }
}

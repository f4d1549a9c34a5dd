import { t } from '../../../i18n'
import type { LibraryCore } from '../core/LibraryCore'
import { type IndexRow, LibraryIndex } from '../index/LibraryIndex'
import { leaveCheckpointsToWriter, takeCheckpointsBack } from '../index/walCheckpoints'
import type { IndexWriter, WriterEvent, WriterResult } from '../writer/IndexWriter'

/** How often a build's progress reaches the renderer (library:status), in ms. */
const PROGRESS_MS = 250

type Built = Extract<WriterResult, { type: 'built' } | { type: 'unreadable' }>
type Restarted = Extract<WriterResult, { type: 'restarted' }>

/**
 * The writer's events as the library shows them: progress as the item count of a status that is
 * not ready yet (without counting the index on main's thread), and a writer that had to be started
 * again in the log and as the status's message until the build ends.
 */
function watcher(core: LibraryCore): (event: WriterEvent) => void {
  let shownAt = 0
  return (event) => {
    if (event.type === 'restarted-writer') {
      core.log(
        `The index writer stopped and was started again (attempt ${event.attempt}); indexing goes on.`,
      )
      // Said in the Library until the build ends (an `ok` state's message is a notice).
      if (core.state === 'ok') core.stateMessage = t('libWriterRestarted')
      core.emitStatus()
      return
    }
    if (event.type !== 'progress') return
    core.indexing = event.written
    const now = core.now()
    if (now - shownAt < PROGRESS_MS) return
    shownAt = now
    core.emitStatus()
  }
}

/**
 * A first index in the writer process: its result, or null when the writer could not do it (the
 * library then builds on main's thread, which re-reads only what is not indexed yet).
 */
export async function buildInWriter(
  core: LibraryCore,
  writer: IndexWriter,
  root: string,
): Promise<Built | null> {
  try {
    const result = await writer.run({ type: 'build', root }, watcher(core))
    return result.type === 'built' || result.type === 'unreadable' ? result : null
  } catch (e) {
    // Closing rejects the running job: nothing failed, and nothing is indexed instead.
    if (!core.closed)
      writerFailed(core, `The index writer failed; indexing on main's thread instead: ${String(e)}`)
    return null
  } finally {
    core.indexing = null
    // Formatted only when there is a message to compare: the first message main formats pays
    // ICU's locale set-up (28–45 ms of main's thread at the end of a build, under load).
    if (core.stateMessage !== null && core.stateMessage === t('libWriterRestarted'))
      core.stateMessage = null
  }
}

/**
 * Opens the index, in the writer process first when there is one: that brings its schema up to
 * date there, since a migration that fills a table reads every row (46 s at 1M items for schema
 * 8) and main's event loop stays free while it runs. Then main's own connection, at the current
 * schema. A writer that cannot start leaves the migration to main.
 */
export async function openIndex(core: LibraryCore): Promise<LibraryIndex> {
  const writer = core.options.writer
  let writerOpen = false
  if (writer) {
    try {
      await writer.run({ type: 'open' })
      writerOpen = true
    } catch (e) {
      if (!core.closed)
        core.log(`The index writer could not open the index; opening it here: ${String(e)}`)
    }
  }
  if (core.closed) throw new Error('The library is closed.')
  const index = new LibraryIndex(core.options.indexPath, core.options.openDatabase)
  if (writerOpen) leaveCheckpointsToWriter(index.db)
  return index
}

/** The writer failed: main writes in its place from now, so it checkpoints again too. */
function writerFailed(core: LibraryCore, message: string): void {
  core.log(message)
  if (core.index) takeCheckpointsBack(core.index.db)
}

/**
 * A restart's reconcile in the writer: the files that changed and the rows dropped for files gone.
 * Throws when the folder cannot be listed; null when the writer failed (main walks it instead).
 */
export async function restartInWriter(
  core: LibraryCore,
  writer: IndexWriter,
  root: string,
): Promise<Restarted | null> {
  let result: WriterResult
  try {
    result = await writer.run({ type: 'restart', root }, watcher(core))
  } catch (e) {
    if (!core.closed)
      writerFailed(
        core,
        `The index writer failed; reconciling on main's thread instead: ${String(e)}`,
      )
    return null
  }
  if (result.type === 'unreadable') throw new Error(result.message)
  return result.type === 'restarted' ? result : null
}

/** Rows main made, written by the writer when there is one (else, or if it fails, here). */
export async function writeRows(core: LibraryCore, rows: IndexRow[]): Promise<void> {
  if (!rows.length) return
  const writer = core.options.writer
  if (writer) {
    try {
      await writer.run({ type: 'upsert', rows })
      return
    } catch (e) {
      writerFailed(core, `The index writer failed; writing on main's thread instead: ${String(e)}`)
    }
  }
  core.idx().upsert(rows)
}

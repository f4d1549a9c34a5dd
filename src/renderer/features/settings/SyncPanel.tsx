import type { LibrarySyncStatus } from '@shared/library/syncStatus'
import type { TrashEntry } from '@shared/library/trash'
import type { AppError } from '@shared/result'
import { useCallback, useEffect, useState } from 'react'

import { restoreDeleted, syncStatus } from '../../api/sync'
import { ErrorBanner } from '../../components/ErrorBanner'
import { onLibraryChanged } from '../../stores/library/changes'
import { formatDateTime } from '../library/format'

/** How often the panel looks again while it is open (transfers come and go on their own). */
const REFRESH_MS = 5000

const ENGINE: Record<NonNullable<LibrarySyncStatus['engine']>, string> = {
  syncthing: 'Syncthing (its .stfolder marker is in the folder)',
  dropbox: 'Dropbox (its .dropbox marker is in the folder)',
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/**
 * Settings → Sync (issue #28): the library folder's sync state as the app sees it (transfers
 * arriving, conflicts merged, the last change from another machine), the library's trash with
 * Restore, and how to set up Syncthing. The app never starts or configures the sync engine:
 * everything here is read from the folder.
 */
export function SyncPanel() {
  const [status, setStatus] = useState<LibrarySyncStatus | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  const load = useCallback(async () => {
    const r = await syncStatus()
    if (r.ok) setStatus(r.value)
    else setError(r.error)
  }, [])

  useEffect(() => {
    void load()
    const timer = setInterval(() => void load(), REFRESH_MS)
    const off = onLibraryChanged(() => void load())
    return () => {
      clearInterval(timer)
      off()
    }
  }, [load])

  async function restore(entry: TrashEntry) {
    setBusy(entry.token)
    setNotice(null)
    const r = await restoreDeleted(entry.token)
    setBusy(null)
    if (r.ok) setNotice(`Restored ${plural(r.value.length, 'item')} to the library.`)
    else setError(r.error)
    await load()
  }

  return (
    <section className="panel" aria-labelledby="sync-title">
      <h2 id="sync-title">Sync</h2>
      <p className="muted">
        Keep one library on several machines by syncing the library folder with Syncthing, Dropbox
        or a network share. Gen Studio never starts or configures your sync app; this is what it
        sees in the folder.
      </p>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {status ? <SyncFacts status={status} /> : <p aria-busy="true">Looking at the folder…</p>}
      {notice ? (
        <p role="status" className="muted">
          {notice}
        </p>
      ) : null}
      {status ? <TrashList status={status} busy={busy} onRestore={(e) => void restore(e)} /> : null}
      <SyncGuide />
    </section>
  )
}

/** "Watching", "Polling every 3 s" or both, with the reason the folder is polled. */
function changesText(c: LibrarySyncStatus['changes']): string {
  const poll = c.pollEverySec === null ? null : `polling every ${c.pollEverySec} s`
  const how = c.watching
    ? poll
      ? `Watching the folder, and ${poll}`
      : 'Watching the folder'
    : poll
      ? `${poll[0]!.toUpperCase()}${poll.slice(1)}`
      : 'Not watching (changes are picked up on Rescan)'
  return c.reason ? `${how}. ${c.reason}` : how
}

function SyncFacts({ status }: { status: LibrarySyncStatus }) {
  return (
    <>
      <dl className="facts" aria-label="Sync state">
        <dt>Sync app seen</dt>
        <dd>{status.engine ? ENGINE[status.engine] : 'None detected in this folder'}</dd>
        <dt>Arriving</dt>
        <dd>
          {status.arriving || status.waiting
            ? `${plural(status.arriving, 'transfer')} under way, ${plural(status.waiting, 'file')} waiting to be complete`
            : 'Nothing arriving'}
        </dd>
        <dt>Conflicts merged</dt>
        <dd>
          {status.conflictsMerged
            ? `${status.conflictsMerged} since Gen Studio started (last ${formatDateTime(status.lastMergeAt ?? 0)})`
            : 'None since Gen Studio started'}
        </dd>
        <dt>Changes noticed by</dt>
        <dd>{changesText(status.changes)}</dd>
        <dt>Last change from another machine</dt>
        <dd>
          {status.lastExternalChangeAt
            ? formatDateTime(status.lastExternalChangeAt)
            : 'None since Gen Studio started'}
        </dd>
      </dl>
      {status.problems.length ? (
        <ul aria-label="Conflict copies kept aside">
          {status.problems.map((p) => (
            <li key={p.relPath}>
              <code>{p.relPath}</code>: {p.message}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  )
}

function TrashList(props: {
  status: LibrarySyncStatus
  busy: string | null
  onRestore: (entry: TrashEntry) => void
}) {
  const { trash, trashCount } = props.status
  return (
    <>
      <h3 id="trash-title">Library trash</h3>
      <p className="muted">
        Deleted items wait here for 30 days, on every machine that syncs the folder, then go to the
        system trash.
      </p>
      {trash.length === 0 ? (
        <p>The library’s trash is empty.</p>
      ) : (
        <ul aria-labelledby="trash-title">
          {trash.map((e) => (
            <li key={e.token}>
              {describe(e)}, deleted {formatDateTime(e.deletedAt)}; kept until{' '}
              {formatDateTime(e.purgeAt)}{' '}
              <button
                type="button"
                disabled={props.busy !== null}
                aria-label={`Restore ${describe(e)}`}
                onClick={() => props.onRestore(e)}
              >
                {props.busy === e.token ? 'Restoring…' : 'Restore'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {trashCount > trash.length ? (
        <p className="muted">and {trashCount - trash.length} older deletes</p>
      ) : null}
    </>
  )
}

const describe = (e: TrashEntry) => {
  const first = e.relPaths[0]?.split('/').pop() ?? 'files'
  return e.relPaths.length > 1 ? `${first} and ${e.relPaths.length - 1} more` : first
}

function SyncGuide() {
  return (
    <details>
      <summary>Set up Syncthing</summary>
      <ol>
        <li>Install Syncthing on each machine (Linux: the “syncthing” package).</li>
        <li>
          In Syncthing’s web page on each machine, add the other machine under “Add Remote Device”
          with its device ID (Actions → Show ID).
        </li>
        <li>
          On this machine, add the library folder shown above under “Library folder” as a shared
          folder (folder type “Send &amp; Receive”) and share it with the other machine.
        </li>
        <li>
          On the other machine, accept the folder, place it where you like, and choose that place as
          the library folder in Gen Studio’s Settings there.
        </li>
      </ol>
      <p className="muted">
        Each machine keeps its own search index, thumbnails, task journal and spending records in
        Gen Studio’s data folder, never in the library folder: do not sync that folder. Edits made
        on two machines at once are merged (the newest change of each field wins), Syncthing’s
        temporary files are ignored until a file is complete, and deletes go to the library’s trash.
      </p>
    </details>
  )
}

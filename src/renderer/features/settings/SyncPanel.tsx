import { defineKeys } from '@shared/i18n/keys'
import type { LibrarySyncStatus } from '@shared/library/syncStatus'
import type { TrashEntry } from '@shared/library/trash'
import type { AppError } from '@shared/result'
import type { TFunction } from 'i18next'
import { useCallback, useEffect, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'

import { restoreDeleted, syncStatus } from '../../api/sync'
import { ErrorBanner } from '../../components/ErrorBanner'
import { formatDateTime } from '../../i18n/format'
import { onLibraryChanged } from '../../stores/library/changes'

/** How often the panel looks again while it is open (transfers come and go on their own). */
const REFRESH_MS = 5000

const ENGINE = defineKeys('settings', {
  syncthing: 'syncEngineSyncthing',
  dropbox: 'syncEngineDropbox',
}) satisfies Record<NonNullable<LibrarySyncStatus['engine']>, string>

/**
 * Settings → Sync (issue #28): the library folder's sync state as the app sees it (transfers
 * arriving, conflicts merged, the last change from another machine), the library's trash with
 * Restore, and how to set up Syncthing. The app never starts or configures the sync engine:
 * everything here is read from the folder.
 */
export function SyncPanel() {
  const { t } = useTranslation('settings')
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
    if (r.ok) setNotice(t('syncRestored', { count: r.value.length }))
    else setError(r.error)
    await load()
  }

  return (
    <section className="panel" aria-labelledby="sync-title">
      <h2 id="sync-title">{t('syncTitle')}</h2>
      <p className="muted">{t('syncIntro')}</p>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {status ? <SyncFacts status={status} /> : <p aria-busy="true">{t('syncLooking')}</p>}
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

/** "Watching", "Polling every 3 s" or both, with the reason the folder is polled (from main). */
function ChangesText({ changes: c }: { changes: LibrarySyncStatus['changes'] }) {
  const { t } = useTranslation('settings')
  const sec = c.pollEverySec
  const how = c.watching
    ? sec === null
      ? t('syncWatching')
      : t('syncWatchingAndPolling', { sec })
    : sec === null
      ? t('syncNotWatching')
      : t('syncPolling', { sec })
  return <>{c.reason ? t('syncChangesWithReason', { how, reason: c.reason }) : how}</>
}

function SyncFacts({ status }: { status: LibrarySyncStatus }) {
  const { t } = useTranslation('settings')
  return (
    <>
      <dl className="facts" aria-label={t('syncState')}>
        <dt>{t('syncAppSeen')}</dt>
        <dd>{status.engine ? t(ENGINE[status.engine]) : t('syncNoEngine')}</dd>
        <dt>{t('syncArriving')}</dt>
        <dd>
          {status.arriving || status.waiting
            ? t('syncTransfers', { arriving: status.arriving, waiting: status.waiting })
            : t('syncNothingArriving')}
        </dd>
        <dt>{t('syncConflictsMerged')}</dt>
        <dd>
          {status.conflictsMerged
            ? t('syncMergedSince', {
                count: status.conflictsMerged,
                last: formatDateTime(status.lastMergeAt ?? 0),
              })
            : t('syncNoneSinceStart')}
        </dd>
        <dt>{t('syncChangesBy')}</dt>
        <dd>
          <ChangesText changes={status.changes} />
        </dd>
        <dt>{t('syncLastExternal')}</dt>
        <dd>
          {status.lastExternalChangeAt
            ? formatDateTime(status.lastExternalChangeAt)
            : t('syncNoneSinceStart')}
        </dd>
      </dl>
      {status.problems.length ? (
        <ul aria-label={t('syncProblems')}>
          {status.problems.map((p) => (
            <li key={p.relPath}>
              <Trans
                t={t}
                i18nKey="syncProblem"
                values={{ path: p.relPath, message: p.message }}
                components={{ code: <code /> }}
              />
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
  const { t } = useTranslation('settings')
  const { trash, trashCount } = props.status
  return (
    <>
      <h3 id="trash-title">{t('trashTitle')}</h3>
      <p className="muted">{t('trashHint')}</p>
      {trash.length === 0 ? (
        <p>{t('trashEmpty')}</p>
      ) : (
        <ul aria-labelledby="trash-title">
          {trash.map((e) => (
            <li key={e.token}>
              {t('trashEntry', {
                what: describe(t, e),
                deleted: formatDateTime(e.deletedAt),
                until: formatDateTime(e.purgeAt),
              })}{' '}
              <button
                type="button"
                disabled={props.busy !== null}
                aria-label={t('restoreNamed', { what: describe(t, e) })}
                onClick={() => props.onRestore(e)}
              >
                {props.busy === e.token ? t('restoring') : t('restore')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {trashCount > trash.length ? (
        <p className="muted">{t('trashOlder', { count: trashCount - trash.length })}</p>
      ) : null}
    </>
  )
}

/** A deleted batch named by its first file, and how many more went with it. */
const describe = (t: TFunction<'settings'>, e: TrashEntry) => {
  const first = e.relPaths[0]?.split('/').pop()
  if (first === undefined) return t('trashFiles')
  return e.relPaths.length > 1
    ? t('trashFirstAndMore', { first, count: e.relPaths.length - 1 })
    : first
}

function SyncGuide() {
  const { t } = useTranslation('settings')
  return (
    <details>
      <summary>{t('guideTitle')}</summary>
      <ol>
        <li>{t('guideInstall')}</li>
        <li>{t('guideAddDevice')}</li>
        <li>{t('guideShareFolder')}</li>
        <li>{t('guideAccept')}</li>
      </ol>
      <p className="muted">{t('guideNotes')}</p>
    </details>
  )
}

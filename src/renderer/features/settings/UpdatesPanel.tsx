import './upkeep.css'

import type { UpdateView } from '@shared/ipc/contract/updates'
import type { AppError } from '@shared/result'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import {
  checkForUpdates,
  onUpdatesChanged,
  restartToUpdate,
  setUpdatePrefs,
  updatesState,
} from '../../api/updates'
import { ErrorBanner } from '../../components/ErrorBanner'
import { Field } from '../../components/Field'
import { pricesDate } from '../../forms/pricesDate'
import { formatDateTime } from '../../i18n/format'

/** The day the built-in prices were checked, as the language writes a date. */

/**
 * Updates and how current the built-in prices are. The check is the only thing the app asks
 * besides the service, and the user can turn it off here. A found update's notes are shown before
 * anything installs; it installs on quit or on "Restart now", never while a paid request is in
 * flight (main waits and says so).
 */
export function UpdatesPanel() {
  const { t } = useTranslation('settings')
  const [view, setView] = useState<UpdateView | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  const [feed, setFeed] = useState('')

  useEffect(() => {
    let live = true
    void updatesState().then((r) => {
      if (!live) return
      if (r.ok) {
        setView(r.value)
        setFeed(r.value.feedUrl)
      } else setError(r.error)
    })
    const off = onUpdatesChanged((v) => live && setView(v))
    return () => {
      live = false
      off()
    }
  }, [])

  const apply = async (run: () => ReturnType<typeof updatesState>) => {
    const r = await run()
    if (r.ok) {
      setView(r.value)
      setError(null)
    } else setError(r.error)
    return r
  }

  const saveFeed = async (event: FormEvent) => {
    event.preventDefault()
    const r = await apply(() => setUpdatePrefs({ feedUrl: feed }))
    if (r.ok) setFeed(r.value.feedUrl)
  }

  return (
    <section className="panel" aria-labelledby="updates-title" data-testid="updates-panel">
      <h2 id="updates-title">{t('updatesTitle')}</h2>
      <p className="muted" data-testid="prices-as-of">
        {t('pricesAsOf', { date: pricesDate() })}
      </p>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {view ? (
        <>
          <dl className="facts">
            <dt>{t('version')}</dt>
            <dd data-testid="update-version">{view.currentVersion}</dd>
            <dt>{t('updateStatus')}</dt>
            <dd data-testid="update-status" data-phase={view.phase} aria-live="polite">
              {view.message || t('notCheckedYet')}
            </dd>
            {view.lastCheckedAt ? (
              <>
                <dt>{t('lastChecked')}</dt>
                <dd>{formatDateTime(new Date(view.lastCheckedAt))}</dd>
              </>
            ) : null}
          </dl>
          {view.lastError ? (
            <p className="field-hint field-warning" role="status" data-testid="update-error">
              {t('lastCheckFailed', {
                at: formatDateTime(new Date(view.lastError.at)),
                message: view.lastError.message,
              })}
            </p>
          ) : null}
          {view.phase === 'downloading' && view.progress ? (
            <progress
              data-testid="update-progress"
              max={100}
              value={view.progress.percent}
              aria-label={t('updateDownload')}
            />
          ) : null}
          {view.available ? (
            <div data-testid="release-notes">
              <h3>{t('whatsNew', { version: view.available.version })}</h3>
              <pre className="release-notes">{view.available.notes || t('noReleaseNotes')}</pre>
            </div>
          ) : null}
          <div className="row">
            <label className="row">
              <input
                type="checkbox"
                checked={view.enabled}
                onChange={(e) => void apply(() => setUpdatePrefs({ enabled: e.target.checked }))}
              />
              {t('checkForUpdates')}
            </label>
            <Field label={t('channel')}>
              {(p) => (
                <select
                  {...p}
                  value={view.channel}
                  onChange={(e) =>
                    void apply(() =>
                      setUpdatePrefs({ channel: e.target.value === 'beta' ? 'beta' : 'stable' }),
                    )
                  }
                >
                  <option value="stable">{t('channelStable')}</option>
                  <option value="beta">{t('channelBeta')}</option>
                </select>
              )}
            </Field>
          </div>
          <div className="row">
            <button
              type="button"
              disabled={!view.enabled || view.phase === 'checking' || view.phase === 'downloading'}
              onClick={() => void apply(checkForUpdates)}
            >
              {t('checkNow')}
            </button>
            {view.phase === 'ready' || view.phase === 'waiting' ? (
              <button
                type="button"
                className="primary"
                disabled={view.phase === 'waiting'}
                onClick={() => void apply(restartToUpdate)}
              >
                {t('restartNow')}
              </button>
            ) : null}
          </div>
          <details>
            <summary>{t('updateFeed')}</summary>
            <form className="row" onSubmit={(e) => void saveFeed(e)} aria-label={t('updateFeed')}>
              <Field label={t('feedAddress')}>
                {(p) => (
                  <input {...p} type="url" value={feed} onChange={(e) => setFeed(e.target.value)} />
                )}
              </Field>
              <button type="submit">{t('saveFeed')}</button>
            </form>
            <Field label={t('updateTimeout')} hint={t('updateTimeoutHint')}>
              {(p) => (
                <select
                  {...p}
                  value={view.timeoutSeconds}
                  onChange={(e) =>
                    void apply(() => setUpdatePrefs({ timeoutSeconds: Number(e.target.value) }))
                  }
                >
                  {[...new Set([10, 30, 60, 120, 300, view.timeoutSeconds])]
                    .sort((a, b) => a - b)
                    .map((s) => (
                      <option key={s} value={s}>
                        {t('updateTimeoutSeconds', { count: s })}
                      </option>
                    ))}
                </select>
              )}
            </Field>
          </details>
        </>
      ) : null}
    </section>
  )
}

import './upkeep.css'

import type { CrashStatus, ReportPreview } from '@shared/ipc/contract/crash'
import type { AppError } from '@shared/result'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { crashStatus, previewReport, saveReport } from '../../api/crash'
import { ErrorBanner } from '../../components/ErrorBanner'
import { formatNumber } from '../../i18n/format'

/** Mebibytes with one decimal, in the language's number format (the unit is in the message). */
const mb = (bytes: number) =>
  formatNumber(bytes / (1024 * 1024), { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/**
 * Crash dumps and "Report a problem". Crash reports are never uploaded; the bundle is built on this
 * machine, shown file by file, and saved only where the user says. Sharing it is up to them.
 */
export function ProblemReportPanel() {
  const { t } = useTranslation('settings')
  const [status, setStatus] = useState<CrashStatus | null>(null)
  const [preview, setPreview] = useState<ReportPreview | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    void crashStatus().then((r) => live && (r.ok ? setStatus(r.value) : setError(r.error)))
    return () => {
      live = false
    }
  }, [])

  const build = async () => {
    setBusy(true)
    setSaved(null)
    const r = await previewReport()
    setBusy(false)
    if (r.ok) setPreview(r.value)
    else setError(r.error)
  }

  const save = async () => {
    if (!preview) return
    const r = await saveReport(preview.id)
    if (!r.ok) return setError(r.error)
    if (r.value.path) {
      setSaved(r.value.path)
      setPreview(null)
    }
  }

  return (
    <section className="panel" aria-labelledby="problems-title" data-testid="problems-panel">
      <h2 id="problems-title">{t('problemsTitle')}</h2>
      <p className="muted" data-testid="crash-status">
        {t('crashesStayHere')}{' '}
        {status
          ? t('crashDumpsKept', {
              count: status.dumps.length,
              size: mb(status.totalBytes),
              maxDumps: status.maxDumps,
              maxSize: mb(status.maxBytes),
            })
          : ''}
      </p>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {saved ? (
        <p role="status" data-testid="report-saved">
          {t('reportSaved', { path: saved })}
        </p>
      ) : null}
      {preview ? (
        <div data-testid="report-preview">
          <p>{t('reportHolds', { files: preview.entries.length, bytes: preview.totalBytes })}</p>
          {preview.entries.map((entry) => (
            <details key={entry.name}>
              <summary>{t('reportEntry', { name: entry.name, bytes: entry.bytes })}</summary>
              <pre className="report-entry">
                {entry.text}
                {entry.truncated ? `\n${t('reportTruncated')}` : ''}
              </pre>
            </details>
          ))}
          <div className="row">
            <button type="button" className="primary" onClick={() => void save()}>
              {t('saveReport')}
            </button>
            <button type="button" className="ghost" onClick={() => setPreview(null)}>
              {t('cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" disabled={busy} onClick={() => void build()}>
          {t('reportProblem')}
        </button>
      )}
    </section>
  )
}

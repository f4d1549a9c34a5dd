import './upkeep.css'

import type { CrashStatus, ReportPreview } from '@shared/ipc/contract/crash'
import type { AppError } from '@shared/result'
import { useEffect, useState } from 'react'

import { crashStatus, previewReport, saveReport } from '../../api/crash'
import { ErrorBanner } from '../../components/ErrorBanner'

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`

/**
 * Crash dumps and "Report a problem". Crash reports are never uploaded; the bundle is built on this
 * machine, shown file by file, and saved only where the user says. Sharing it is up to them.
 */
export function ProblemReportPanel() {
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
      <h2 id="problems-title">Problems and crash reports</h2>
      <p className="muted" data-testid="crash-status">
        Crash reports stay on this machine and are never uploaded.{' '}
        {status
          ? `${status.dumps.length} crash dump${status.dumps.length === 1 ? '' : 's'} kept (${mb(
              status.totalBytes,
            )}; at most ${status.maxDumps} and ${mb(status.maxBytes)}, oldest removed first).`
          : ''}
      </p>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {saved ? (
        <p role="status" data-testid="report-saved">
          Saved to {saved}. Nothing was sent.
        </p>
      ) : null}
      {preview ? (
        <div data-testid="report-preview">
          <p>
            This is everything the report holds ({preview.entries.length} files,{' '}
            {preview.totalBytes} bytes). Read it before you save it:
          </p>
          {preview.entries.map((entry) => (
            <details key={entry.name}>
              <summary>
                {entry.name} ({entry.bytes} bytes)
              </summary>
              <pre className="report-entry">
                {entry.text}
                {entry.truncated ? '\n… (shown in part; the saved file holds all of it)' : ''}
              </pre>
            </details>
          ))}
          <div className="row">
            <button type="button" className="primary" onClick={() => void save()}>
              Save report…
            </button>
            <button type="button" className="ghost" onClick={() => setPreview(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button type="button" disabled={busy} onClick={() => void build()}>
          Report a problem…
        </button>
      )}
    </section>
  )
}

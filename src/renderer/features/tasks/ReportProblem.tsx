import type { AppError } from '@shared/result'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { markUnusable } from '../../api/claims'
import { ErrorBanner } from '../../components/ErrorBanner'

/**
 * "Report a problem with this result" (issue #29): the user says why a saved result could not be
 * used; main keeps the report in the task's history, and the request is then listed (ticked)
 * when the user prepares a claim on the Spending screen.
 */
export function ReportProblem({ taskId }: { taskId: string }) {
  const { t } = useTranslation('tasks')
  const reasonId = useId()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const [reported, setReported] = useState(false)

  if (reported)
    return (
      <p role="status" data-testid="problem-reported">
        {t('reported')}
      </p>
    )
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        {t('reportProblem')}
      </button>
    )
  const send = async () => {
    setBusy(true)
    const r = await markUnusable(taskId, reason)
    setBusy(false)
    if (r.ok) setReported(true)
    else setError(r.error)
  }
  return (
    <form
      className="report-problem"
      onSubmit={(e) => {
        e.preventDefault()
        void send()
      }}
    >
      <label htmlFor={reasonId}>{t('reportReason')}</label>
      <textarea
        id={reasonId}
        value={reason}
        maxLength={1000}
        rows={3}
        autoFocus
        onChange={(e) => setReason(e.target.value)}
      />
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <div className="row">
        <button type="submit" className="primary" disabled={busy || reason.trim().length === 0}>
          {busy ? t('reportSending') : t('report')}
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          {t('cancel')}
        </button>
      </div>
    </form>
  )
}

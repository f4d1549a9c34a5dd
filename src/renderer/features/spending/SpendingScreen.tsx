import './spending.css'

import { Download, FileWarning, Wallet } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'

import { EmptyState } from '../../components/EmptyState'
import { ErrorBanner } from '../../components/ErrorBanner'
import { selectRange, useSpendingStore } from '../../stores/spending'
import { Breakdown } from './Breakdown'
import { BudgetPanel } from './BudgetPanel'
import { ClaimDialog } from './ClaimDialog'
import { DayChart } from './DayChart'
import { ProjectBreakdown } from './ProjectBreakdown'
import { ProjectCapsPanel } from './ProjectCapsPanel'
import { RangeChooser } from './RangeChooser'
import { dayText } from './spendWords'
import { TopList } from './TopList'
import { TotalsPanel } from './TotalsPanel'

/**
 * Spending: what the app estimated for a range of local days (by day, model, kind and project,
 * the most expensive generations, cost per kept image), CSV and invoice export, and the budget
 * caps (overall, per kind, per project). Reloads whenever
 * main says the ledger or the caps changed.
 */
export default function SpendingScreen() {
  const { t } = useTranslation('spending')
  const summary = useSpendingStore((s) => s.summary)
  const loading = useSpendingStore((s) => s.loading)
  const error = useSpendingStore((s) => s.error)
  const problem = useSpendingStore((s) => selectRange(s).problem)
  const watch = useSpendingStore((s) => s.watch)

  useEffect(() => watch({ summary: true }), [watch])

  const empty = summary !== null && summary.total.count === 0 && summary.total.failed === 0

  return (
    <section
      className="screen spend-screen"
      aria-labelledby="spend-title"
      data-testid="screen-spending"
    >
      <div className="row spend-head">
        <h1 id="spend-title">{t('title')}</h1>
        <ExportButton disabled={problem !== null} />
        <ClaimButton />
      </div>
      <RangeChooser />
      <ExportNotice />
      <ErrorBanner error={error} onDismiss={() => useSpendingStore.setState({ error: null })} />
      <div aria-busy={loading} aria-live="polite" className="spend-body">
        {summary === null ? (
          <p className="muted">{loading ? t('loading') : ''}</p>
        ) : empty ? (
          <EmptyState
            className="panel spend-empty"
            data-testid="spend-empty"
            icon={Wallet}
            title={
              summary.from === summary.to
                ? t('emptyOneDay', { day: dayText(summary.from, 'long') })
                : t('emptyRange', {
                    from: dayText(summary.from, 'long'),
                    to: dayText(summary.to, 'long'),
                  })
            }
            hint={summary.includeDemo ? t('emptyHint') : t('emptyHintNoDemo')}
          />
        ) : (
          <>
            <TotalsPanel summary={summary} />
            <section className="panel" aria-labelledby="spend-days-title">
              <h2 id="spend-days-title">{t('perDay')}</h2>
              <DayChart summary={summary} />
            </section>
            <section className="panel" aria-labelledby="spend-where-title">
              <h2 id="spend-where-title">{t('whereItWent')}</h2>
              <Breakdown summary={summary} />
            </section>
            <section className="panel" aria-labelledby="spend-projects-title">
              <h2 id="spend-projects-title">{t('perProject')}</h2>
              <ProjectBreakdown summary={summary} />
            </section>
            <TopList entries={summary.top} />
          </>
        )}
      </div>
      <BudgetPanel />
      <ProjectCapsPanel />
    </section>
  )
}

/** Writes the range's ledger rows to a CSV file the user picks (main shows the save dialog). */
function ExportButton({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('spending')
  const exporting = useSpendingStore((s) => s.exporting)
  const exportCsv = useSpendingStore((s) => s.exportCsv)
  return (
    <button type="button" disabled={disabled || exporting} onClick={() => void exportCsv()}>
      <Download aria-hidden />
      {exporting ? t('exporting') : t('exportCsv')}
    </button>
  )
}

/** Opens "Prepare a claim" over the range the screen shows. */
function ClaimButton() {
  const { t } = useTranslation('spending')
  const [open, setOpen] = useState(false)
  const from = useSpendingStore((s) => selectRange(s).range?.from ?? null)
  const to = useSpendingStore((s) => selectRange(s).range?.to ?? null)
  const range = useMemo(() => (from && to ? { from, to } : null), [from, to])
  return (
    <>
      <button type="button" disabled={range === null} onClick={() => setOpen(true)}>
        <FileWarning aria-hidden />
        {t('claimOpen')}
      </button>
      {open && range ? <ClaimDialog range={range} onClose={() => setOpen(false)} /> : null}
    </>
  )
}

/** Where the CSV went; nothing when the save dialog was cancelled. */
function ExportNotice() {
  const { t } = useTranslation('spending')
  const exported = useSpendingStore((s) => s.exported)
  if (!exported) return null
  return (
    <p className="spend-notice" role="status" data-testid="spend-exported">
      <Trans
        t={t}
        i18nKey="exportedRows"
        values={{ count: exported.rows, path: exported.path }}
        components={{ path: <span className="mono" /> }}
      />
    </p>
  )
}

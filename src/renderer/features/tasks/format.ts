import type { AppError } from '@shared/result'
import type { TaskView } from '@shared/tasks/views'
import { useTranslation } from 'react-i18next'

import { formatMoneyMicros, formatNumber } from '../../i18n/format'
import { adviceKey, fieldLabelKey, serverStatusKey } from './labels'

/** "0:07", "4:05", "1:02:09": elapsed time as a clock reads it. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const ss = String(s).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}

/** Time the task has taken: from the first send (or submission) to its end (or now). */
export function elapsedOf(t: TaskView, now: number): number {
  const from = t.startedAt ?? t.createdAt
  const to = t.finishedAt ?? now
  return to - from
}

/** A share (0..1) as the language writes percentages ("42%", "42 %"). */
export const percentText = (share: number) =>
  formatNumber(Math.round(share * 100) / 100, { style: 'percent' })

/** USD in the app's money format, at the ledger's precision (micro-dollars). */
const usdText = (usd: number) => formatMoneyMicros(Math.round(usd * 1_000_000))

/** The journal's English estimate label says the kind of estimate: "≈ $0.03", "Not offered". */
const APPROXIMATE_MARK = '≈'
const NOT_OFFERED_LABEL = 'Not offered'

/**
 * The words of the Tasks screen that depend on a task's data, in the interface language: prices,
 * estimates, the status line, the advice for an error, a field's name.
 */
export function useTaskText() {
  const { t } = useTranslation('tasks')

  /** "$0.0045" for a price; "no price shown" when the quote had none. */
  const price = (usd: number | null): string => (usd === null ? t('priceNone') : usdText(usd))

  /**
   * An estimate from its amount and the journal's label (kept in English in tasks.sqlite, so it is
   * read only for its kind): "≈ $0.03", "$0.03", "No published rate", "Not offered".
   */
  const estimate = (costUsd: number | null, costLabel: string): string => {
    if (costUsd !== null)
      return costLabel.startsWith(APPROXIMATE_MARK)
        ? t('estimateApprox', { amount: usdText(costUsd) })
        : usdText(costUsd)
    return costLabel === NOT_OFFERED_LABEL ? t('estimateNotOffered') : t('estimateNoRate')
  }

  /** What the user can do about an error: the service's own advice (via main), or ours by code. */
  const advice = (e: AppError): string | null => {
    if (e.action) return e.action
    const key = adviceKey(e.code)
    return key ? t(key) : null
  }

  /** A request field's name for people; its path when the app has no name for it. */
  const field = (path: string): string => {
    const key = fieldLabelKey(path)
    return key ? t(key) : path
  }

  /** The state in words, with progress when known ("Running · 42%"). */
  const status = (task: TaskView): string => {
    const percent = task.progress !== null ? percentText(task.progress) : null
    switch (task.state) {
      case 'queued':
        return t('statusQueued')
      case 'submitting':
        return task.attempts > 1
          ? t('statusResending', { attempt: task.attempts })
          : t('statusSending')
      case 'running': {
        const key = serverStatusKey(task.serverStatus)
        const server = key ? t(key) : null
        if (server && percent) return t('statusRunningServerProgress', { server, percent })
        if (server) return t('statusRunningServer', { server })
        if (percent) return t('statusRunningProgress', { percent })
        return t('statusRunning')
      }
      case 'downloading':
        return task.outputCount && task.outputCount > 1
          ? t('statusSavingOf', { done: task.results.length, total: task.outputCount })
          : t('statusSaving')
      case 'saved':
        return t('statusSaved', { count: task.results.length })
      case 'failed':
        return t('statusFailed')
      case 'needs_attention':
        return task.attention === 'quote_changed' || task.attention === 'price_above_estimate'
          ? t('statusWaitPrice')
          : t('statusWaitYou')
      case 'cancelled':
        return t('statusCancelled')
    }
  }

  return { price, estimate, advice, field, status }
}

import type { AxisField, BatchPlanView, BatchState } from '@shared/batch/types'
import { defineKeys } from '@shared/i18n/keys'
import type { BudgetRefusal } from '@shared/result'
import type { TaskKind, TaskState } from '@shared/tasks/states'

import { usd } from '../../components/spendFormat'
import { translate } from '../../i18n/translate'

/**
 * The batch screens' words for data, in the interface language (issue #34): axis fields
 * (`steps`, `aspect_ratio`), task kinds and states, batch states, durations, totals and budget
 * refusals. The shared tables (@shared/batch/axes, @shared/tasks/states) hold English for main
 * and logs; the screens label the same enums from the catalog. Callers render inside components
 * that call useTranslation('batch'), so a language change renders these again.
 */

/** What each axis varies, as a field label. */
export const AXIS_LABELS = defineKeys('batch', {
  prompt: 'axisPrompt',
  model: 'axisModel',
  size: 'axisSize',
  quality: 'axisQuality',
  aspect_ratio: 'axisAspectRatio',
  duration: 'axisDuration',
  resolution: 'axisResolution',
  steps: 'axisSteps',
  guidance: 'axisGuidance',
  seed: 'axisSeed',
  sampler: 'axisSampler',
}) satisfies Record<AxisField, string>

/** How to type an axis's values. */
export const AXIS_HINTS = defineKeys('batch', {
  prompt: 'axisHintPrompt',
  model: 'axisHintModel',
  size: 'axisHintSize',
  quality: 'axisHintQuality',
  aspect_ratio: 'axisHintAspectRatio',
  duration: 'axisHintDuration',
  resolution: 'axisHintResolution',
  steps: 'axisHintSteps',
  guidance: 'axisHintGuidance',
  seed: 'axisHintSeed',
  sampler: 'axisHintSampler',
}) satisfies Record<AxisField, string>

/** "3 queued": a batch's count of requests in one state. */
export const TASK_STATE_COUNTS = defineKeys('batch', {
  queued: 'countQueued',
  submitting: 'countSubmitting',
  running: 'countRunning',
  downloading: 'countDownloading',
  saved: 'countSaved',
  failed: 'countFailed',
  needs_attention: 'countNeedsAttention',
  cancelled: 'countCancelled',
}) satisfies Record<TaskState, string>

export const BATCH_STATE_LABELS = defineKeys('batch', {
  running: 'batchRunning',
  paused: 'batchPaused',
  cancelled: 'batchCancelled',
  done: 'batchDone',
}) satisfies Record<BatchState, string>

/** An axis's label; the workbench's model axis is its model variant. */
export const axisLabel = (field: AxisField, kind?: TaskKind): string =>
  kind === 'workbench' && field === 'model'
    ? translate('batch', 'axisModelVariant')
    : translate('batch', AXIS_LABELS[field])

/** Between facts on one line: a symbol, not a word. */
export const SEP = ' · '

/** US dollars in the interface language ("$0.04", "US$0.04"): the app's one money format. */
export const money = usd

/** "under a minute", "about 3 min", "about 1 h 20 min": an expectation, not a promise. */
export function humanDuration(seconds: number): string {
  if (seconds < 60) return translate('batch', 'durationUnderMinute')
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return translate('batch', 'durationMinutes', { minutes })
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return m
    ? translate('batch', 'durationHoursMinutes', { hours: h, minutes: m })
    : translate('batch', 'durationHours', { hours: h })
}

/** The plan's total as an estimate: "$0.40", "≈ $2.78", "no published rate", "$0.40 + 2 unpriced". */
export function totalLabel(plan: BatchPlanView): string {
  if (plan.count > 0 && plan.unpriced >= plan.count) return translate('batch', 'noRate')
  const sum = plan.approximate
    ? translate('batch', 'approximately', { amount: money(plan.totalUsd) })
    : money(plan.totalUsd)
  return plan.unpriced > 0
    ? translate('batch', 'totalWithUnpriced', { amount: sum, count: plan.unpriced })
    : sum
}

/** The text of the confirmation button: what will happen and what it is expected to cost. */
export const runLabel = (plan: BatchPlanView): string =>
  translate('batch', 'runCount', { count: plan.count, total: totalLabel(plan) })

/** Why the batch does not fit: the cap (which one, in words), what it costs and what is left. */
export function refusalText(r: BudgetRefusal): string {
  const figures = {
    estimate: money(r.requestUsd),
    cap: money(r.capUsd),
    spent: money(r.spentUsd),
    left: money(r.remainingUsd),
    period: r.period,
    kind: r.kind ?? 'all',
  }
  return r.project !== undefined
    ? translate('batch', 'refusalProject', { ...figures, project: r.project })
    : translate('batch', 'refusal', figures)
}

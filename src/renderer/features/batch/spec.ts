/**
 * The batch dialog's model as plain functions: the text the user typed becomes a `BatchSpec`, is
 * checked before main is asked, and main's answers (a plan, an error naming fields) become the
 * words the dialog shows. Kept out of the components so the rules are tested without rendering.
 */
import {
  type AxisField,
  type BatchPlanView,
  type BatchSpec,
  MAX_AXIS_VALUES,
  MAX_REPEAT,
} from '@shared/batch/types'
import { formatUsdMicros } from '@shared/pricing'
import type { AppError, BudgetRefusal } from '@shared/result'

export interface AxisDraft {
  /** '' while the axis is not used. */
  field: AxisField | ''
  /** Values as typed: comma-separated, or one per line (then commas stay inside values). */
  text: string
}

export interface BatchDraft {
  repeat: string
  seedBase: string
  x: AxisDraft
  y: AxisDraft
  title: string
  /** Leave out the requests already paid for (the plan lists them). */
  dropRepeats: boolean
}

export const EMPTY_DRAFT: BatchDraft = {
  repeat: '1',
  seedBase: '',
  x: { field: '', text: '' },
  y: { field: '', text: '' },
  title: '',
  dropRepeats: false,
}

/** The dialog's fields that can carry a message (main's field paths without the `spec.` prefix). */
export const SPEC_FIELDS = [
  'repeat',
  'seedBase',
  'x.field',
  'x.values',
  'y.field',
  'y.values',
  'title',
] as const
export type SpecField = (typeof SPEC_FIELDS)[number]
export type SpecErrors = Partial<Record<SpecField, string>>

const MAX_SEED = 4_294_967_295

/** "20, 30, 40" → ['20','30','40']; text with line breaks is split by lines only. */
export function parseValues(text: string): string[] {
  const parts = text.includes('\n') ? text.split(/\r?\n/) : text.split(',')
  return parts.map((v) => v.trim()).filter((v) => v.length > 0)
}

const intIn = (text: string, min: number, max: number): number | null => {
  if (!/^\d+$/.test(text.trim())) return null
  const n = Number(text.trim())
  return n >= min && n <= max ? n : null
}

/** What is wrong before anything is sent to main (main checks again, and checks more). */
export function draftErrors(d: BatchDraft): SpecErrors {
  const e: SpecErrors = {}
  if (intIn(d.repeat, 1, MAX_REPEAT) === null) e.repeat = `A whole number from 1 to ${MAX_REPEAT}`
  if (d.seedBase.trim() && intIn(d.seedBase, 0, MAX_SEED) === null)
    e.seedBase = `Leave empty, or a whole number from 0 to ${MAX_SEED}`
  for (const axis of ['x', 'y'] as const) {
    const a = d[axis]
    if (!a.field || (axis === 'y' && !d.x.field)) continue
    const n = parseValues(a.text).length
    if (n === 0) e[`${axis}.values`] = 'Give the axis at least one value'
    else if (n > MAX_AXIS_VALUES)
      e[`${axis}.values`] = `At most ${MAX_AXIS_VALUES} values on one axis`
  }
  if (d.x.field && d.y.field && d.x.field === d.y.field)
    e['y.field'] = 'X and Y vary the same setting; choose two different ones'
  return e
}

/** The spec main plans and runs; Y is only sent with an X. Call after `draftErrors` is empty. */
export function toSpec(d: BatchDraft): BatchSpec {
  const axis = (a: AxisDraft) => (a.field ? { field: a.field, values: parseValues(a.text) } : null)
  const x = axis(d.x)
  return {
    repeat: Number(d.repeat.trim()),
    seedBase: d.seedBase.trim() ? Number(d.seedBase.trim()) : null,
    x,
    y: x ? axis(d.y) : null,
    title: d.title.trim(),
    ...(d.dropRepeats ? { dropRepeats: true } : {}),
  }
}

/**
 * Sorts main's field messages: those about the batch go to their field (`spec.x.values.2` →
 * `x.values`), the rest (the form's own request) are listed as "path: message".
 */
export function splitFieldErrors(error: AppError | null): { fields: SpecErrors; rest: string[] } {
  const fields: SpecErrors = {}
  const rest: string[] = []
  for (const [path, message] of Object.entries(error?.fields ?? {})) {
    const p = path.replace(/^spec\./, '')
    const field = SPEC_FIELDS.find((f) => p === f || p.startsWith(`${f}.`))
    if (field) fields[field] ??= message
    else rest.push(`${path.replace(/^base\./, '')}: ${message}`)
  }
  return { fields, rest }
}

/** "under a minute", "about 3 min", "about 1 h 20 min": an expectation, not a promise. */
export function humanDuration(seconds: number): string {
  if (seconds < 60) return 'under a minute'
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `about ${minutes} min`
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return `about ${h} h${m ? ` ${m} min` : ''}`
}

export const usd = (v: number): string => formatUsdMicros(Math.round(v * 1_000_000))

/** The plan's total as an estimate: "$0.40", "≈ $2.78", "no published rate", "$0.40 + 2 unpriced". */
export function totalLabel(plan: BatchPlanView): string {
  if (plan.count > 0 && plan.unpriced >= plan.count) return 'no published rate'
  const sum = `${plan.approximate ? '≈ ' : ''}${usd(plan.totalUsd)}`
  return plan.unpriced > 0 ? `${sum} + ${plan.unpriced} without a published rate` : sum
}

/** The text of the confirmation button: what will happen and what it is expected to cost. */
export const runLabel = (plan: BatchPlanView): string =>
  `Run ${plan.count} request${plan.count === 1 ? '' : 's'} · ${totalLabel(plan)}`

/**
 * Which cap a refusal names, in words: "the daily cap", "the monthly image cap", "the daily cap
 * of project “Client X”".
 */
export function capName(r: BudgetRefusal): string {
  const of = r.project !== undefined ? ` of project “${r.project}”` : ''
  return `the ${r.period === 'day' ? 'daily' : 'monthly'} ${r.kind ? `${r.kind} ` : ''}cap${of}`
}

/** Why the batch does not fit: the cap, what it would cost and what is left. */
export const refusalText = (r: BudgetRefusal): string =>
  `This batch (estimated ${usd(r.requestUsd)}) goes over ${capName(r)} of ${usd(r.capUsd)}: ${usd(r.spentUsd)} is already committed, ${usd(r.remainingUsd)} is left.`

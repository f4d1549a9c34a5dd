/**
 * The batch dialog's model as plain functions: the text the user typed becomes a `BatchSpec`, is
 * checked before main is asked, and main's answers (a plan, an error naming fields) become the
 * words the dialog shows. Kept out of the components so the rules are tested without rendering.
 */
import { type AxisField, type BatchSpec, MAX_AXIS_VALUES, MAX_REPEAT } from '@shared/batch/types'
import type { AppError } from '@shared/result'

import { translate } from '../../i18n/translate'

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
  if (intIn(d.repeat, 1, MAX_REPEAT) === null)
    e.repeat = translate('batch', 'repeatRange', { max: MAX_REPEAT })
  if (d.seedBase.trim() && intIn(d.seedBase, 0, MAX_SEED) === null)
    e.seedBase = translate('batch', 'seedBaseRange', { max: String(MAX_SEED) })
  for (const axis of ['x', 'y'] as const) {
    const a = d[axis]
    if (!a.field || (axis === 'y' && !d.x.field)) continue
    const n = parseValues(a.text).length
    if (n === 0) e[`${axis}.values`] = translate('batch', 'axisEmpty')
    else if (n > MAX_AXIS_VALUES)
      e[`${axis}.values`] = translate('batch', 'axisTooMany', { max: MAX_AXIS_VALUES })
  }
  if (d.x.field && d.y.field && d.x.field === d.y.field)
    e['y.field'] = translate('batch', 'axisSame')
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

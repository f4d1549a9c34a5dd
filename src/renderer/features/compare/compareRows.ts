import type { LibraryItem } from '@shared/library/types'
import { MICROS_PER_USD } from '@shared/pricing'

import { formatMoneyMicros } from '../../i18n/format'
import { formatDuration } from '../library/format'

/** The rows every comparison has; their names are ROW_LABELS in CompareTable. */
export type FixedRow = 'prompt' | 'negativePrompt' | 'model' | 'seed' | 'size' | 'duration' | 'cost'

/** The words values are written with, in the interface language (the table passes them in). */
export interface RowWords {
  /** An item whose cost has no published rate. */
  noRate: string
  /** A true / false parameter: shown as words, never as the service's `true` / `false`. */
  yes: string
  no: string
}

/** One row of compare's settings table: a setting and its value for each item. */
export interface CompareRow {
  /** A FixedRow, or `param:<dotted key>` for a request parameter. */
  key: string
  /** The request parameter's dotted key (`parameters.steps`); absent for the fixed rows. */
  param?: string
  /** Prompts get a word diff; other rows show their values as they are. */
  kind: 'prompt' | 'value'
  /** Per item, in compare order; '—' when the item has no such setting. */
  values: string[]
  /** Not every item has the same value: the row is highlighted. */
  differs: boolean
}

const MISSING = '—'
/** Nested parameter objects (an art request's `parameters`) are opened this deep. */
const MAX_DEPTH = 3

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** JSON with sorted keys, so equal values compare equal whatever their key order. */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`
  if (isRecord(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(v[k])}`)
      .join(',')}}`
  return JSON.stringify(v) ?? 'undefined'
}

/** Nested parameters as dotted keys: `{parameters: {steps: 28}}` → `parameters.steps`. */
export function flattenParams(
  params: Record<string, unknown>,
  prefix = '',
  depth = 0,
  out: Map<string, unknown> = new Map(),
): Map<string, unknown> {
  for (const [k, v] of Object.entries(params)) {
    const key = prefix ? `${prefix}.${k}` : k
    if (isRecord(v) && depth < MAX_DEPTH && Object.keys(v).length)
      flattenParams(v, key, depth + 1, out)
    else out.set(key, v)
  }
  return out
}

const show = (v: unknown, words: RowWords): string =>
  v === undefined
    ? MISSING
    : typeof v === 'string'
      ? v
      : typeof v === 'boolean'
        ? v
          ? words.yes
          : words.no
        : stableJson(v)

/** A parameter that only repeats a row shown above (the request's prompt, model or seed). */
const repeatsTop = (item: LibraryItem, key: string, v: unknown) =>
  (typeof v === 'string' && (v === item.prompt || v === item.negativePrompt || v === item.model)) ||
  (typeof v === 'number' && v === item.seed && /seed$/i.test(key))

function row(
  key: string,
  raw: unknown[],
  words: RowWords,
  kind: CompareRow['kind'] = 'value',
): CompareRow {
  const canon = raw.map((v) => (v === undefined ? '\u0000missing' : stableJson(v)))
  return {
    key,
    kind,
    values: raw.map((v) => show(v, words)),
    differs: canon.some((c) => c !== canon[0]),
  }
}

/**
 * The settings table of compare: prompt, negative prompt, model, seed, size, (duration for
 * videos), every request parameter any item has (union of keys, nested ones dotted, sorted), and
 * the estimated cost; each row says whether the items differ in it, so the UI highlights exactly
 * those rows.
 */
export function compareRows(items: readonly LibraryItem[], words: RowWords): CompareRow[] {
  const flat = items.map((i) => flattenParams(i.params))
  const keys = [...new Set(flat.flatMap((f) => [...f.keys()]))].sort((a, b) => a.localeCompare(b))
  const rows: CompareRow[] = [
    row(
      'prompt',
      items.map((i) => i.prompt),
      words,
      'prompt',
    ),
    row(
      'negativePrompt',
      items.map((i) => i.negativePrompt),
      words,
      'prompt',
    ),
    row(
      'model',
      items.map((i) => i.model || undefined),
      words,
    ),
    row(
      'seed',
      items.map((i) => i.seed ?? undefined),
      words,
    ),
    row(
      'size',
      items.map((i) => (i.width && i.height ? `${i.width} × ${i.height}` : undefined)),
      words,
    ),
  ]
  if (items.some((i) => i.durationSec))
    rows.push(
      row(
        'duration',
        items.map((i) => (i.durationSec ? formatDuration(i.durationSec) : undefined)),
        words,
      ),
    )
  for (const key of keys) {
    const raw = flat.map((f) => f.get(key))
    if (raw.every((v, n) => v === undefined || repeatsTop(items[n]!, key, v))) continue
    rows.push({ ...row(`param:${key}`, raw, words), param: key })
  }
  rows.push(
    row(
      'cost',
      // The stored estimate in the app's money format; never what was charged.
      items.map((i) =>
        i.costEstimate === null
          ? words.noRate
          : formatMoneyMicros(Math.round(i.costEstimate * MICROS_PER_USD)),
      ),
      words,
    ),
  )
  return rows
}

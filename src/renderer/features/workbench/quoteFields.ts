import { getNativeModel } from '@shared/catalog'
import { defineKeys } from '@shared/i18n/keys'

import type { WorkbenchQuote } from '../../stores/generate/workbench'

/**
 * The workbench quote as rows people read (issue #34, item 5): the service answers with its own
 * field names and raw values (`model_variant`, `approximate: true`, `balance_sufficient: true`),
 * and none of those may reach the screen as words. Each field the service is known to send has a
 * label key and a way to show its value; anything else is kept apart as "in the service's words".
 */

/** Labels of the quote fields the service is known to send (dotted = one level of nesting). */
export const QUOTE_FIELD_LABELS = defineKeys('workbench', {
  model_variant: 'quoteFieldVariant',
  approximate: 'quoteFieldAccuracy',
  basis: 'quoteFieldBasis',
  balance_sufficient: 'quoteFieldBalance',
  'allowance.applies': 'quoteFieldAllowanceApplies',
  'allowance.used_usd': 'quoteFieldAllowanceUsed',
  'allowance.remaining_usd': 'quoteFieldAllowanceRemaining',
})
export type KnownQuoteField = keyof typeof QUOTE_FIELD_LABELS

/** Words for a boolean field's two values, per field: "Approximate"/"Exact", not "true"/"false". */
export const QUOTE_FLAG_WORDS = {
  approximate: defineKeys('workbench', { yes: 'quoteApproximateYes', no: 'quoteApproximateNo' }),
  balance_sufficient: defineKeys('workbench', { yes: 'quoteBalanceYes', no: 'quoteBalanceNo' }),
  'allowance.applies': defineKeys('workbench', {
    yes: 'quoteAllowanceAppliesYes',
    no: 'quoteAllowanceAppliesNo',
  }),
} satisfies Partial<Record<KnownQuoteField, { yes: string; no: string }>>

/** The payment methods the service names; another name is shown as the service wrote it. */
export const PAYMENT_METHOD_LABELS = defineKeys('workbench', {
  wallet: 'paymentWallet',
  allowance: 'paymentAllowance',
  balance: 'paymentWallet',
})

/** Fields shown in the quote's fixed rows (price, payment, expiry) or not meant for people. */
const SUMMARY_FIELD = /price|payment|allowance|quote_id|expires|micros/i

/** One value of a quote, in a shape the panel formats for the language. */
export type QuoteValue =
  | { kind: 'flag'; value: boolean }
  | { kind: 'usd'; value: number }
  | { kind: 'number'; value: number }
  | { kind: 'model'; label: string }
  | { kind: 'text'; value: string }

export interface QuoteRow {
  /** The service's field name: a React key, and the label when the field is not a known one. */
  field: string
  known: boolean
  value: QuoteValue
}

/** A boolean the service wrote as text ("true", "yes"); null when it is not one. */
function flagOf(v: string | number): boolean | null {
  if (typeof v === 'string' && /^(true|yes)$/i.test(v.trim())) return true
  if (typeof v === 'string' && /^(false|no)$/i.test(v.trim())) return false
  return null
}

/** How one field's value is shown: money for `_usd` fields, a model's name for its variant. */
export function quoteValueOf(field: string, v: string | number | boolean): QuoteValue {
  if (typeof v === 'boolean') return { kind: 'flag', value: v }
  const flag = flagOf(v)
  if (flag !== null) return { kind: 'flag', value: flag }
  if (field === 'model_variant' && typeof v === 'string') {
    return { kind: 'model', label: getNativeModel(v)?.label ?? v }
  }
  const n = typeof v === 'number' ? v : /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : null
  if (n !== null)
    return /usd$/i.test(field) ? { kind: 'usd', value: n } : { kind: 'number', value: n }
  return { kind: 'text', value: String(v) }
}

const isKnown = (field: string): field is KnownQuoteField => field in QUOTE_FIELD_LABELS

/**
 * The quote's rows beyond price, payment and expiry: known fields first, in the label map's
 * order, then the others as the service sent them.
 */
export function quoteRows(summary: WorkbenchQuote['summary']): {
  known: QuoteRow[]
  other: QuoteRow[]
} {
  const entries = Object.entries(summary.fields)
  const known = (Object.keys(QUOTE_FIELD_LABELS) as KnownQuoteField[]).flatMap((field) => {
    const raw = summary.fields[field]
    return raw === undefined ? [] : [{ field, known: true, value: quoteValueOf(field, raw) }]
  })
  const other = entries
    .filter(([k]) => !isKnown(k) && !SUMMARY_FIELD.test(k))
    .map(([field, raw]) => ({ field, known: false, value: quoteValueOf(field, raw) }))
  return { known, other }
}

/** True when the quote states its allowance use field by field (then those rows say it). */
export const allowanceInRows = (summary: WorkbenchQuote['summary']): boolean =>
  Object.keys(summary.fields).some((k) => k.startsWith('allowance.'))

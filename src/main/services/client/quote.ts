import type { OutputOf } from '@shared/ipc/contract'

/**
 * The one reader of a workbench quote. The spec shows only `data.quote_id`; price, payment method,
 * allowance use and expiry come under names it does not show, so this accepts the shapes a
 * service may reasonably send and nothing else. The form shows, and the task records, the price
 * this returns: one parser, so they cannot disagree.
 */
export interface QuoteTerms {
  /** The USD price the quote states, or null when it states none that can be read. */
  priceUsd: number | null
  paymentMethod: string | null
  allowance: string | null
  /** Epoch ms, or null. */
  expiresAt: number | null
  /** Every scalar field (one level of nesting flattened as `a.b`), for "show the quote as sent". */
  fields: Record<string, string | number | boolean>
}

/** What the workbench form shows of a quote (the contract's `generate:estimate` answer). */
export type QuoteSummary = OutputOf<'generate:estimate'>

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Price keys, most specific first: a total beats a unit price (a count of 4 may state both), a
 * USD amount beats an unlabelled one. Micro-dollar keys are read after all of them.
 */
export const PRICE_KEYS = [
  'total_usd',
  'price_usd',
  'priceUsd',
  'cost_usd',
  'amount_usd',
  'usd',
  'total',
  'price',
  'cost',
  'amount',
] as const
export const MICROS_KEYS = ['total_micros', 'price_micros', 'cost_micros', 'micros'] as const
/** Inside a price object ({ usd: 0.01 }), in this order. */
const INNER_KEYS = ['usd', 'amount', 'total', 'value'] as const

/** A non-negative finite amount: a number, or a plain decimal string ("0.0045"). */
function amount(v: unknown, depth = 0): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? v : null
  if (typeof v === 'string') return /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : null
  if (isObj(v) && depth === 0) {
    for (const k of INNER_KEYS) {
      const inner = amount(v[k], 1)
      if (inner !== null) return inner
    }
  }
  return null
}

function text(v: unknown): string | null {
  if (typeof v === 'string' && v !== '') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  return null
}

/** An allowance object ({applies, used_usd, remaining_usd, …}) or value, in words. */
function allowanceText(v: unknown): string | null {
  const plain = text(v)
  if (plain !== null) return plain
  if (!isObj(v)) return null
  const parts = Object.entries(v)
    .filter(([, x]) => typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean')
    .map(([k, x]) => {
      const label = k.replace(/_usd$/, '').replaceAll('_', ' ')
      const value =
        typeof x === 'boolean' ? (x ? 'yes' : 'no') : /_usd$/.test(k) ? `$${String(x)}` : String(x)
      return `${label}: ${value}`
    })
  return parts.length > 0 ? parts.join(', ') : null
}

function expiry(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return v < 1e12 ? v * 1000 : v
  if (typeof v === 'string' && v.trim() !== '') {
    if (/^\d+(\.\d+)?$/.test(v.trim())) return expiry(Number(v))
    const parsed = Date.parse(v)
    return Number.isFinite(parsed) ? parsed : null
  }
  return null
}

const first = <T>(o: Obj, keys: readonly string[], read: (v: unknown) => T | null): T | null => {
  for (const k of keys) {
    const v = read(o[k])
    if (v !== null) return v
  }
  return null
}

/** Reads a quote's terms out of an estimate's `data` (see QuoteTerms). */
export function quoteOf(data: Obj): QuoteTerms {
  const fields: QuoteTerms['fields'] = {}
  for (const [k, v] of Object.entries(data)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = v
    else if (isObj(v)) {
      for (const [k2, v2] of Object.entries(v)) {
        if (typeof v2 === 'string' || typeof v2 === 'number' || typeof v2 === 'boolean')
          fields[`${k}.${k2}`] ??= v2
      }
    }
  }
  const micros = first(data, MICROS_KEYS, (v) => amount(v, 1))
  const payment = isObj(data.payment) ? data.payment.method : undefined
  return {
    priceUsd: first(data, PRICE_KEYS, amount) ?? (micros !== null ? micros / 1_000_000 : null),
    paymentMethod:
      first(data, ['payment_method', 'paymentMethod', 'paid_from'], text) ??
      text(payment) ??
      text(data.payment),
    allowance:
      allowanceText(data.allowance) ??
      first(
        data,
        ['allowance_used', 'allowance_usage', 'allowance_used_usd', 'uses_allowance'],
        text,
      ),
    expiresAt: first(data, ['expires_at', 'expiresAt'], expiry),
    fields,
  }
}

/** The form's view of a quote: its id, its terms and when it was read. */
export function summarizeQuote(
  quote: { quoteId: string; data: Obj },
  now = Date.now(),
): QuoteSummary {
  return { quoteId: quote.quoteId, ...quoteOf(quote.data), quotedAt: now }
}

import { quoteOf, summarizeQuote } from '@main/services/client/quote'
import { describe, expect, it } from 'vitest'

/**
 * The one reader of a workbench quote's price (the spec shows only quote_id): every shape it
 * accepts, every shape it refuses, and the rule between competing fields.
 */
const ACCEPTED: Array<[string, Record<string, unknown>, number]> = [
  ['price_usd', { price_usd: 0.006 }, 0.006],
  ['total_usd', { total_usd: 0.05 }, 0.05],
  ['amount_usd', { amount_usd: 0.05 }, 0.05],
  ['cost_usd', { cost_usd: 0.004 }, 0.004],
  ['priceUsd', { priceUsd: 0.002 }, 0.002],
  ['usd', { usd: 0.001 }, 0.001],
  ['total', { total: 0.07 }, 0.07],
  ['price', { price: 0.0045 }, 0.0045],
  ['cost', { cost: 0.03 }, 0.03],
  ['amount', { amount: 0.02 }, 0.02],
  ['a decimal string', { price: '0.0045' }, 0.0045],
  ['an integer string', { price: ' 2 ' }, 2],
  ['zero (fully covered by an allowance)', { price_usd: 0 }, 0],
  ['price.usd', { price: { usd: 0.01 } }, 0.01],
  ['price.amount', { price: { amount: '0.011' } }, 0.011],
  ['total.value', { total: { value: 0.3 } }, 0.3],
  ['price_micros', { price_micros: 3000 }, 0.003],
  ['total_micros as a string', { total_micros: '6000' }, 0.006],
  ['micros', { micros: 1500 }, 0.0015],
  ['cost_micros', { cost_micros: 2500 }, 0.0025],
]

const REFUSED: Array<[string, Record<string, unknown>]> = [
  ['no price field', { quote_id: 'q', payment_method: 'allowance' }],
  ['a negative amount', { price_usd: -0.01 }],
  ['not a number', { price: 'free' }],
  ['a currency-formatted string', { price: '$0.01' }],
  ['an exponent string', { price: '1e-3' }],
  ['NaN', { price_usd: Number.NaN }],
  ['Infinity', { total_usd: Number.POSITIVE_INFINITY }],
  ['a boolean', { price: true }],
  ['an array', { price: [0.01] }],
  ['null', { price_usd: null }],
  ['an object without an amount', { price: { currency: 'USD' } }],
  ['an object two levels deep', { price: { usd: { value: 0.01 } } }],
  ['micros inside an object', { price_micros: { usd: 3000 } }],
]

describe('quoteOf: the price', () => {
  it.each(ACCEPTED)('reads %s', (_name, data, usd) => {
    expect(quoteOf(data).priceUsd).toBeCloseTo(usd, 12)
  })

  it.each(REFUSED)('refuses %s (null: "no price stated")', (_name, data) => {
    expect(quoteOf(data).priceUsd).toBeNull()
  })

  it('prefers a total to a unit price, USD-labelled to unlabelled, dollars to micro-dollars', () => {
    expect(quoteOf({ price_usd: 0.01, total_usd: 0.04 }).priceUsd).toBe(0.04)
    expect(quoteOf({ price: 0.5, price_usd: 0.01 }).priceUsd).toBe(0.01)
    expect(quoteOf({ price_micros: 9000, price: 0.002 }).priceUsd).toBe(0.002)
    // A refused field does not hide a readable one after it.
    expect(quoteOf({ total_usd: 'n/a', price_usd: 0.01 }).priceUsd).toBe(0.01)
  })
})

describe('the form and the task read the same price', () => {
  it.each(ACCEPTED)('for %s', (_name, data, usd) => {
    const form = summarizeQuote({ quoteId: 'q', data }).priceUsd
    // What ServiceTaskGateway.estimate records on the task:
    const task = quoteOf(data).priceUsd
    expect(form).toBe(task)
    expect(task).toBeCloseTo(usd, 12)
  })
})

describe('the rest of the quote', () => {
  it('reads payment method, allowance and expiry the way the service words them', () => {
    const q = summarizeQuote(
      {
        quoteId: 'quote_1',
        data: {
          quote_id: 'quote_1',
          price_usd: 0.0029,
          payment_method: 'allowance',
          allowance: { applies: true, used_usd: 0.0029, remaining_usd: 4.9971 },
          expires_at: '2030-01-01T00:00:00.000Z',
          basis: 'scaled',
        },
      },
      1000,
    )
    expect(q).toMatchObject({
      quoteId: 'quote_1',
      priceUsd: 0.0029,
      paymentMethod: 'allowance',
      allowance: 'applies: yes, used: $0.0029, remaining: $4.9971',
      expiresAt: Date.parse('2030-01-01T00:00:00.000Z'),
      quotedAt: 1000,
    })
    expect(q.fields.basis).toBe('scaled')
    expect(q.fields['allowance.remaining_usd']).toBe(4.9971)
  })

  it('leaves out what the answer does not state; expiry in seconds, ms or as a date', () => {
    const q = quoteOf({ quote_id: 'q', price_micros: 3000, expires_at: 1_900_000_000 })
    expect(q.expiresAt).toBe(1_900_000_000_000)
    expect(q.paymentMethod).toBeNull()
    expect(q.allowance).toBeNull()
    expect(quoteOf({ expiresAt: 1_900_000_000_000 }).expiresAt).toBe(1_900_000_000_000)
    expect(quoteOf({ expires_at: 'tomorrow' }).expiresAt).toBeNull()
    expect(quoteOf({ payment: { method: 'wallet' } }).paymentMethod).toBe('wallet')
  })
})

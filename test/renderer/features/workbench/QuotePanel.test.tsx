import { QuotePanel } from '@renderer/features/workbench/QuotePanel'
import { startI18n } from '@renderer/i18n/setup'
import type { WorkbenchQuote } from '@renderer/stores/generate/workbench'
import type { UiLanguage } from '@shared/i18n/locales'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * A quote shaped as the service (and the simulator, src/simulator/routes/workbench.ts) sends it,
 * flattened by main's quoteOf: service field names, raw booleans, dollar amounts as numbers.
 */
const SERVICE_FIELDS = {
  quote_id: 'quote_1a2b',
  model_variant: 'art-diffusion-4-5-full',
  price_usd: 0.0029,
  approximate: true,
  basis: 'V4.5 standard image (1024x1024, 23 steps) × 1, scaled',
  payment_method: 'allowance',
  'allowance.applies': true,
  'allowance.used_usd': 0.0029,
  'allowance.remaining_usd': 1.25,
  balance_sufficient: true,
  expires_at: '2026-11-26T13:10:00.000Z',
} as const

const quote = (fields: Record<string, string | number | boolean>): WorkbenchQuote => ({
  summary: {
    quoteId: 'quote_1a2b',
    priceUsd: 0.0029,
    paymentMethod: 'allowance',
    allowance: 'applies: yes, used: $0.0029, remaining: $1.25',
    expiresAt: Date.parse('2026-11-26T13:10:00.000Z'),
    quotedAt: Date.parse('2026-11-26T13:00:00.000Z'),
    fields,
  },
  fingerprint: 'f',
  request: { model: 'art-v4.5', model_variant: 'art-diffusion-4-5-full', prompt: 'a tower' },
})

/** Every service field name, as written and with underscores and dots turned into spaces. */
const RAW_NAMES = Object.keys(SERVICE_FIELDS).flatMap((k) => [k, k.replace(/[_.]/g, ' ')])

async function renderIn(language: UiLanguage, fields: Record<string, string | number | boolean>) {
  await act(async () => {
    await startI18n(language)
  })
  render(<QuotePanel quote={quote(fields)} problem={null} />)
  return screen.getByTestId('quote')
}

/** The quote's labels (dt) and values (dd) as shown. */
const cells = (el: HTMLElement, tag: 'dt' | 'dd') =>
  [...el.querySelectorAll(tag)].map((n) => (n.textContent ?? '').trim())

describe('the workbench quote in words people read (issue #34, item 5)', () => {
  afterEach(async () => {
    cleanup()
    await startI18n('en')
  })

  it.each(['en', 'ja', 'zh-Hans', 'ko'] as const)(
    'shows no service field name and no true/false in %s',
    async (language) => {
      const el = await renderIn(language, SERVICE_FIELDS)
      const text = el.textContent ?? ''
      for (const label of cells(el, 'dt')) {
        for (const raw of RAW_NAMES) expect(label).not.toBe(raw)
        expect(label).not.toMatch(/_/)
      }
      for (const value of cells(el, 'dd')) expect(value).not.toMatch(/^(true|false)$/i)
      expect(text).not.toMatch(/\b(true|false)\b|model.variant|balance.sufficient/i)
      expect(text).not.toContain('art-diffusion-4-5-full')
      expect(text).toContain('V4.5 Full')
      expect(text).not.toContain('…')
      // Every known field has its row: price, payment, expiry and the seven labelled fields.
      expect(cells(el, 'dt')).toHaveLength(10)
      expect(screen.queryByTestId('quote-other')).toBeNull()
    },
  )

  it('labels each field and value in Japanese, money in dollars', async () => {
    const el = await renderIn('ja', SERVICE_FIELDS)
    const rows = Object.fromEntries(cells(el, 'dt').map((dt, i) => [dt, cells(el, 'dd')[i]]))
    expect(rows['見積もり金額']).toBe('$0.0029')
    expect(rows['支払い方法']).toBe('メンバーシップ枠')
    expect(rows['モデル']).toBe('V4.5 Full')
    expect(rows['金額の精度']).toBe('概算（標準画像の価格から換算）')
    expect(rows['アカウント残高']).toBe('支払いに足ります')
    expect(rows['メンバーシップ枠']).toBe('この生成に使われます')
    expect(rows['使用後の残り枠']).toBe('$1.25')
    expect(el.textContent).not.toMatch(/[A-Za-z]{4,}_/)
  })

  it('words false values as the field means them, in Korean', async () => {
    const el = await renderIn('ko', {
      ...SERVICE_FIELDS,
      approximate: false,
      balance_sufficient: false,
      'allowance.applies': false,
    })
    const values = cells(el, 'dd')
    expect(values).toContain('정확')
    expect(values).toContain('결제하기에 부족합니다')
    expect(values).toContain('이번 생성에는 사용되지 않습니다')
  })

  it('keeps a field it does not know apart, still with no raw true/false', async () => {
    const el = await renderIn('zh-Hans', {
      ...SERVICE_FIELDS,
      priority_lane: true,
      queue_depth: 1200,
    })
    const other = screen.getByTestId('quote-other')
    expect(other.textContent).toContain('其他条款')
    expect(cells(other, 'dd')).toEqual(['是', '1,200'])
    expect(el.textContent).not.toMatch(/\b(true|false)\b/)
  })
})

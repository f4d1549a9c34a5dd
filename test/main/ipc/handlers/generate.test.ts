// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { STAGE_TTL_MS, stageUpload, summarizeQuote } from '@main/ipc/handlers/generate'
import { describe, expect, it } from 'vitest'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

describe('upload area (generate:stageFile)', () => {
  it('writes images under a name of its own with the extension of their bytes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stage-'))
    const r = await stageUpload(dir, new Uint8Array(PNG))
    expect(r.path.startsWith(dir)).toBe(true)
    expect(r.path).toMatch(/\.png$/)
    expect(readFileSync(r.path).equals(PNG)).toBe(true)
  })

  it('refuses bytes that are not PNG, JPEG or WebP, and sweeps staged files older than a day', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stage-'))
    await expect(stageUpload(dir, new TextEncoder().encode('not an image'))).rejects.toMatchObject({
      error: { code: 'validation' },
    })
    const old = join(dir, 'old.png')
    writeFileSync(old, PNG)
    const past = (Date.now() - STAGE_TTL_MS - 60_000) / 1000
    utimesSync(old, past, past)
    const fresh = await stageUpload(dir, new Uint8Array(PNG))
    expect(readdirSync(dir)).toEqual([fresh.path.slice(dir.length + 1)])
  })
})

describe('quote summary', () => {
  it('reads price, payment method, allowance and expiry the way the service words them', () => {
    const q = summarizeQuote(
      'quote_1',
      {
        quote_id: 'quote_1',
        price_usd: 0.0029,
        payment_method: 'allowance',
        allowance: { applies: true, used_usd: 0.0029, remaining_usd: 4.9971 },
        expires_at: '2030-01-01T00:00:00.000Z',
        basis: 'scaled',
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
  })

  it('leaves out what the answer does not state, and accepts seconds or micro-dollars', () => {
    const q = summarizeQuote('q', { quote_id: 'q', price_micros: 3000, expires_at: 1_900_000_000 })
    expect(q.priceUsd).toBe(0.003)
    expect(q.expiresAt).toBe(1_900_000_000_000)
    expect(q.paymentMethod).toBeNull()
    expect(q.allowance).toBeNull()
    expect(summarizeQuote('q', { quote_id: 'q' }).priceUsd).toBeNull()
  })
})

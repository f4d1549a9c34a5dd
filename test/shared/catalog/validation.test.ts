import {
  imageDimensions,
  sniffImageType,
  validateChat,
  validateImageEdit,
  validateImageGeneration,
  validateNative,
  validateResponses,
  validateVideo,
  validateWorkbench,
  type Validation,
} from '@shared/catalog'
import { fileBytes } from '@test/support/catalogFixtures'
import { RULE_MATRIX, type RuleCase } from '@test/support/ruleMatrix'
import { describe, expect, it } from 'vitest'

async function run(c: RuleCase): Promise<Validation> {
  const body = c.body()
  switch (c.endpoint) {
    case 'images.generations':
      return validateImageGeneration(body)
    case 'images.edits': {
      const files = await Promise.all(
        (c.files ?? []).map(async (kind) => {
          const bytes = new Uint8Array(await fileBytes(kind))
          return {
            field: 'image[]',
            bytes: bytes.length,
            type: sniffImageType(bytes),
            ...imageDimensions(bytes),
          }
        }),
      )
      return validateImageEdit(body, files)
    }
    case 'videos':
      return validateVideo(body)
    case 'art.native':
      return validateNative(body, { requestBytes: Buffer.byteLength(JSON.stringify(body)) })
    case 'art.estimate':
      return validateWorkbench(body, { phase: 'estimate' })
    case 'chat.completions':
      return validateChat(body)
    case 'responses':
    case 'responses.compact':
      return validateResponses(body, c.endpoint)
  }
}

describe('every rule row has an accepted and a rejected case', () => {
  it('the matrix covers each row both ways', () => {
    const rows = new Map<string, { ok: number; bad: number }>()
    for (const c of RULE_MATRIX) {
      const key = c.row
      const r = rows.get(key) ?? { ok: 0, bad: 0 }
      if (c.reject) r.bad++
      else r.ok++
      rows.set(key, r)
    }
    const oneWay = [...rows].filter(([, r]) => r.ok === 0 || r.bad === 0).map(([row]) => row)
    expect(oneWay).toEqual([])
    expect(rows.size).toBeGreaterThan(80)
  })

  it.each(
    RULE_MATRIX.map(
      (c) => [`${c.reject ? 'rejects' : 'accepts'}: ${c.row} (${c.endpoint})`, c] as const,
    ),
  )('%s', async (_name, c) => {
    const result = await run(c)
    if (c.reject) {
      expect(result.ok).toBe(false)
      if (!result.ok) {
        expect(Object.keys(result.fields)).toContain(c.reject)
        expect(result.fields[c.reject]).toMatch(/\w/)
      }
    } else {
      expect(result).toEqual({ ok: true })
    }
  })
})

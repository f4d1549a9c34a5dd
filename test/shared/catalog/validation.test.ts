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
import {
  checkBoolean,
  checkInt,
  checkNumber,
  checkOneOf,
  checkString,
  checkUrlList,
  isFiniteNumber,
  isHttpUrl,
  isInteger,
  Issues,
} from '@shared/catalog/validation'
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
        expect(Object.keys(result.fields).sort()).toEqual(
          [c.reject, ...(c.alsoRefused ?? [])].sort(),
        )
        expect(result.fields[c.reject]).toMatch(/\w/)
      }
    } else {
      expect(result).toEqual({ ok: true })
    }
  })
})

describe('the small checks every validator is built from', () => {
  it('Issues keeps the first message per field and answers ok only when empty', () => {
    const issues = new Issues()
    expect(issues.result()).toEqual({ ok: true })
    expect(issues.has('n')).toBe(false)
    issues.add('n', 'first')
    issues.add('n', 'second')
    expect(issues.has('n')).toBe(true)
    expect(issues.result()).toEqual({ ok: false, fields: { n: 'first' } })
  })

  it('numbers: integers and finite numbers only', () => {
    expect([1, 1.5, '1', NaN].map(isInteger)).toEqual([true, false, false, false])
    expect([1.5, '1', NaN, Infinity, -Infinity].map(isFiniteNumber)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ])
  })

  it('absent optional values pass every check; absent required ones are named', () => {
    const issues = new Issues()
    for (const v of [undefined, null]) {
      expect(checkInt(issues, 'i', v, 'I', { min: 1, max: 2 })).toBeUndefined()
      expect(checkNumber(issues, 'x', v, 'X', { min: 0, max: 1 })).toBeUndefined()
      expect(checkString(issues, 's', v, 'S')).toBeUndefined()
      checkBoolean(issues, 'b', v, 'B')
      expect(checkOneOf(issues, 'o', v, 'O', ['a'])).toBeUndefined()
      expect(checkUrlList(issues, 'u', v, 'U')).toBe(0)
    }
    expect(issues.result()).toEqual({ ok: true })
    checkInt(issues, 'i', undefined, 'I', { min: 1, max: 2 }, { required: true })
    checkNumber(issues, 'x', null, 'X', { min: 0, max: 1 }, { required: true })
    checkString(issues, 's', undefined, 'S', { required: true })
    checkOneOf(issues, 'o', null, 'O', ['a'], { required: true })
    expect(Object.keys(issues.fields)).toEqual(['i', 'x', 's', 'o'])
  })

  it('present values of the wrong type are refused, and valid ones returned', () => {
    const issues = new Issues()
    expect(checkString(issues, 's', 5, 'S')).toBeUndefined()
    expect(checkString(issues, 'blank', ' \n', 'S', { nonEmpty: true })).toBeUndefined()
    expect(checkString(issues, 'kept', ' a ', 'S', { nonEmpty: true })).toBe(' a ')
    expect(checkString(issues, 'empty ok', '', 'S')).toBe('')
    checkBoolean(issues, 'b', 'true', 'B')
    checkBoolean(issues, 'b ok', false, 'B')
    expect(checkOneOf(issues, 'o', 1, 'O', ['1'])).toBeUndefined()
    expect(checkOneOf(issues, 'o ok', 'a', 'O', ['a', 'b'])).toBe('a')
    expect(checkNumber(issues, 'nan', NaN, 'X', { min: 0, max: 1 })).toBeUndefined()
    expect(
      checkNumber(issues, 'excl', 0, 'X', { min: 0, max: 1, minExclusive: true }),
    ).toBeUndefined()
    expect(checkNumber(issues, 'incl', 0, 'X', { min: 0, max: 1 })).toBe(0)
    expect(Object.keys(issues.fields).sort()).toEqual(['b', 'blank', 'excl', 'nan', 'o', 's'])
  })

  it('URL lists: http and https only, each bad entry named, -1 when anything is wrong', () => {
    expect(
      ['https://a/b', 'http://a/b', 'ftp://a/b', 'file:///a', 'not a url', 7].map(isHttpUrl),
    ).toEqual([true, true, false, false, false, false])
    // A JSON array holding a URL is not a URL (new URL() would read it as its text).
    expect(isHttpUrl(['https://a/b'])).toBe(false)
    const issues = new Issues()
    expect(checkUrlList(issues, 'u', ['https://a/1', 'https://a/2'], 'U')).toBe(2)
    expect(checkUrlList(issues, 'u', [], 'U')).toBe(0)
    expect(issues.result()).toEqual({ ok: true })
    expect(checkUrlList(issues, 'list', 'https://a/1', 'U')).toBe(-1)
    expect(checkUrlList(issues, 'u', ['https://a/1', 'mailto:x@y', 'https://a/3', ''], 'U')).toBe(
      -1,
    )
    expect(Object.keys(issues.fields)).toEqual(['list', 'u[1]', 'u[3]'])
  })
})

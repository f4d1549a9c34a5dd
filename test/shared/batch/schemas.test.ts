/**
 * What the batch and wildcard channels accept (shared/batch/schemas.ts), bound by bound: a batch
 * is paid for request by request, so its repeat, axes and id decide how many charges one click
 * makes, and a double click with the same id must not run two.
 */
import {
  batchIdSchema,
  batchInputSchema,
  batchSpecSchema,
  batchSubmitSchema,
  wildcardListSchema,
  wildcardNameSchema,
} from '@shared/batch/schemas'
import { AXIS_FIELDS, MAX_AXIS_VALUES, MAX_BATCH, MAX_REPEAT } from '@shared/batch/types'
import { msg } from '@shared/i18n/message'
import { describe, expect, it } from 'vitest'

import { nativeBase } from './fixtures'

const spec = (over: Record<string, unknown> = {}) => ({
  repeat: 1,
  seedBase: null,
  x: null,
  y: null,
  title: '',
  ...over,
})
const axis = (field: string, values: unknown[]) => ({ field, values })

/** The first issue's path and message, or 'ok'. */
function verdict(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  v: unknown,
) {
  const r = schema.safeParse(v)
  if (r.success) return 'ok'
  const issue = (r.error as { issues: { path: PropertyKey[] }[] }).issues[0]!
  return issue.path.join('.')
}

describe('the limits a batch is built within', () => {
  it('are 1000 requests, 50 values an axis and 100 repeats', () => {
    expect([MAX_BATCH, MAX_AXIS_VALUES, MAX_REPEAT]).toEqual([1000, 50, 100])
    expect(AXIS_FIELDS).toContain('prompt')
    expect(AXIS_FIELDS).toContain('seed')
  })
})

describe('batchSpecSchema', () => {
  it.each([
    ['the smallest spec', spec(), 'ok'],
    ['repeat 100', spec({ repeat: 100 }), 'ok'],
    ['repeat 0', spec({ repeat: 0 }), 'repeat'],
    ['repeat 101', spec({ repeat: 101 }), 'repeat'],
    ['repeat 1.5', spec({ repeat: 1.5 }), 'repeat'],
    ['seed base 0', spec({ seedBase: 0 }), 'ok'],
    ['seed base 2^32 - 1', spec({ seedBase: 4294967295 }), 'ok'],
    ['seed base 2^32', spec({ seedBase: 4294967296 }), 'seedBase'],
    ['seed base -1', spec({ seedBase: -1 }), 'seedBase'],
    ['seed base 1.5', spec({ seedBase: 1.5 }), 'seedBase'],
    ['a 200-character title', spec({ title: 't'.repeat(200) }), 'ok'],
    ['a 201-character title', spec({ title: 't'.repeat(201) }), 'title'],
    ['a title trimmed to 200', spec({ title: ` ${'t'.repeat(200)} ` }), 'ok'],
    ['dropRepeats', spec({ dropRepeats: true }), 'ok'],
    ['dropRepeats as text', spec({ dropRepeats: 'yes' }), 'dropRepeats'],
    ['an unknown key', spec({ copies: 2 }), ''],
    ['an X axis', spec({ x: axis('steps', ['20', '30']) }), 'ok'],
    [
      'X and Y on different fields',
      spec({ x: axis('steps', ['1']), y: axis('seed', ['2']) }),
      'ok',
    ],
    [
      'X and Y on the same field',
      spec({ x: axis('steps', ['1']), y: axis('steps', ['2']) }),
      'y.field',
    ],
    ['only Y', spec({ y: axis('steps', ['1']) }), 'ok'],
    ['an axis on an unknown field', spec({ x: axis('price', ['1']) }), 'x.field'],
    ['an axis with no values', spec({ x: axis('steps', []) }), 'x.values'],
    ['an axis with 50 values', spec({ x: axis('seed', Array.from({ length: 50 }, String)) }), 'ok'],
    [
      'an axis with 51 values',
      spec({ x: axis('seed', Array.from({ length: 51 }, String)) }),
      'x.values',
    ],
    ['an axis value that is blank', spec({ x: axis('prompt', ['  ']) }), 'x.values.0'],
    ['an axis value of 2000 characters', spec({ x: axis('prompt', ['p'.repeat(2000)]) }), 'ok'],
    [
      'an axis value of 2001 characters',
      spec({ x: axis('prompt', ['p'.repeat(2001)]) }),
      'x.values.0',
    ],
    ['an axis with an extra key', spec({ x: { ...axis('steps', ['1']), step: 2 } }), 'x'],
  ])('%s: %s', (_name, value, path) => {
    expect(verdict(batchSpecSchema, value)).toBe(path)
  })

  it('trims axis values and the title', () => {
    const parsed = batchSpecSchema.parse(spec({ title: ' t ', x: axis('prompt', [' a ', 'b  ']) }))
    expect(parsed.title).toBe('t')
    expect(parsed.x?.values).toEqual(['a', 'b'])
  })
})

describe('batchSubmitSchema and batchInputSchema', () => {
  const base = nativeBase()
  it.each([
    ['an 8-character id', 'abcd-_12', 'ok'],
    ['a 64-character id', 'a'.repeat(64), 'ok'],
    ['a 7-character id', 'abcdefg', 'requestId'],
    ['a 65-character id', 'a'.repeat(65), 'requestId'],
    ['an id with a space', 'abcd efgh', 'requestId'],
    ['an id with a dot', 'abcd.efgh', 'requestId'],
  ])('%s: %s', (_name, requestId, path) => {
    expect(verdict(batchSubmitSchema, { base, spec: spec(), requestId })).toBe(path)
  })

  it('takes an override of the budget only as a boolean, and no other key', () => {
    const ok = { base, spec: spec(), requestId: 'abcdefgh' }
    expect(verdict(batchSubmitSchema, { ...ok, overrideBudget: true })).toBe('ok')
    expect(verdict(batchSubmitSchema, { ...ok, overrideBudget: 'yes' })).toBe('overrideBudget')
    expect(verdict(batchSubmitSchema, { ...ok, extra: 1 })).toBe('')
    expect(verdict(batchInputSchema, { base, spec: spec() })).toBe('ok')
    expect(verdict(batchInputSchema, { base, spec: spec(), requestId: 'abcdefgh' })).toBe('')
    expect(verdict(batchInputSchema, { base, spec: spec({ repeat: 0 }) })).toBe('spec.repeat')
  })

  it.each([
    ['x', 'ok'],
    ['b'.repeat(64), 'ok'],
    ['', 'id'],
    ['b'.repeat(65), 'id'],
  ])('a batch id %j: %s', (id, path) => {
    expect(verdict(batchIdSchema, { id })).toBe(path)
  })
})

describe('wildcard lists', () => {
  it.each([
    ['animals', 'ok'],
    ['big-cats_2', 'ok'],
    [' padded ', 'ok'],
    ['a'.repeat(64), 'ok'],
    ['a'.repeat(65), ''],
    ['', ''],
    ['two words', ''],
    ['_hidden', ''],
    ['trailing_', ''],
    ['mid_dle', 'ok'],
    ['dots.no', ''],
  ])('a name %j: %s', (name, path) => {
    expect(verdict(wildcardNameSchema, name)).toBe(path)
  })

  it('keeps a name trimmed', () => {
    expect(wildcardNameSchema.parse('  cats ')).toBe('cats')
  })

  it.each([
    ['one value', ['a'], 'ok'],
    ['1000 values', Array.from({ length: 1000 }, String), 'ok'],
    ['1001 values', Array.from({ length: 1001 }, String), 'values'],
    ['no value', [], 'values'],
    ['a blank value', ['a', ' '], 'values.1'],
    ['a value of 2000 characters', ['v'.repeat(2000)], 'ok'],
    ['a value of 2001 characters', ['v'.repeat(2001)], 'values.0'],
  ])('a list with %s: %s', (_name, values, path) => {
    expect(verdict(wildcardListSchema, { name: 'cats', values })).toBe(path)
  })

  it('refuses a list with another key or a bad name', () => {
    expect(verdict(wildcardListSchema, { name: 'cats', values: ['a'], extra: 1 })).toBe('')
    expect(verdict(wildcardListSchema, { name: '_cats', values: ['a'] })).toBe('name')
  })
})

/** The first issue's message: what the form shows under the field. */
function messageOf(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  v: unknown,
) {
  const r = schema.safeParse(v)
  expect(r.success).toBe(false)
  return (r.error as { issues: { message: string }[] }).issues[0]!.message
}

describe('each refusal says what is wrong in the app’s own words, not the parser’s', () => {
  const tooMany = Array.from({ length: MAX_AXIS_VALUES + 1 }, (_, i) => `v${i}`)
  it.each([
    [
      'an empty axis value',
      batchSpecSchema,
      spec({ x: axis('steps', ['  ']) }),
      msg('axisValueEmpty'),
    ],
    ['an axis with no value', batchSpecSchema, spec({ x: axis('steps', []) }), msg('axisNoValue')],
    [
      'too many axis values',
      batchSpecSchema,
      spec({ x: axis('steps', tooMany) }),
      msg('axisTooManyValues', { max: MAX_AXIS_VALUES }),
    ],
    ['no repeat', batchSpecSchema, spec({ repeat: 0 }), msg('repeatOnce')],
    [
      'too many repeats',
      batchSpecSchema,
      spec({ repeat: MAX_REPEAT + 1 }),
      msg('repeatMax', { max: MAX_REPEAT }),
    ],
    [
      'the same field on both axes',
      batchSpecSchema,
      spec({ x: axis('steps', ['1']), y: axis('steps', ['2']) }),
      msg('axesSame'),
    ],
    ['a list name with a space', wildcardNameSchema, 'my list', msg('wildcardNameChars')],
    ['a list name ending in _', wildcardNameSchema, 'list_', msg('wildcardNameUnderscore')],
    [
      'a list with no value',
      wildcardListSchema,
      { name: 'colours', values: [] },
      msg('wildcardListEmpty'),
    ],
    [
      'a list too long',
      wildcardListSchema,
      { name: 'colours', values: Array.from({ length: 1001 }, (_, i) => `c${i}`) },
      msg('wildcardListMax', { max: 1000 }),
    ],
  ] as const)('%s', (_what, schema, value, expected) => {
    expect(expected.length).toBeGreaterThan(0)
    expect(messageOf(schema, value)).toBe(expected)
  })
})

/**
 * The validators' common result and small checks. Every validator answers with field-level
 * messages that state the allowed range ("Steps must be 1 to 50"), keyed by the field's path in
 * the request ("parameters.steps", "characters[3]"), so forms can put each message next to its
 * field and the simulator can name the field in its 400 body.
 */

import { msg } from '../i18n/message'

export type Validation = { ok: true } | { ok: false; fields: Record<string, string> }

/** Collects the first message per field; later messages for the same field are dropped. */
export class Issues {
  readonly fields: Record<string, string> = {}

  add(path: string, message: string): void {
    if (!(path in this.fields)) this.fields[path] = message
  }

  has(path: string): boolean {
    return path in this.fields
  }

  result(): Validation {
    return Object.keys(this.fields).length === 0 ? { ok: true } : { ok: false, fields: this.fields }
  }
}

export type Obj = Record<string, unknown>

export const isObject = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

export const isInteger = (v: unknown): v is number => Number.isInteger(v)

export const isFiniteNumber = (v: unknown): v is number => Number.isFinite(v)

const fmt = (n: number): string => String(n)

/** "X must be 1 to 50" when min < max, "X must be 5" when they are equal. */
export const rangeMessage = (label: string, min: number, max: number, unit = ''): string =>
  min === max
    ? msg('valExactly', { label, value: fmt(min), unit })
    : msg('valRange', { label, min: fmt(min), max: fmt(max), unit })

/** Checks an optional (or required) integer within [min, max]. Returns the value when valid. */
export function checkInt(
  issues: Issues,
  path: string,
  value: unknown,
  label: string,
  range: { min: number; max: number },
  opts: { required?: boolean; unit?: string } = {},
): number | undefined {
  if (value === undefined || value === null) {
    if (opts.required) issues.add(path, msg('valRequired', { label }))
    return undefined
  }
  if (!isInteger(value) || value < range.min || value > range.max) {
    issues.add(path, rangeMessage(label, range.min, range.max, opts.unit))
    return undefined
  }
  return value
}

/** Checks an optional (or required) number within [min, max] (or (min, max] when exclusive). */
export function checkNumber(
  issues: Issues,
  path: string,
  value: unknown,
  label: string,
  range: { min: number; max: number; minExclusive?: boolean },
  opts: { required?: boolean } = {},
): number | undefined {
  if (value === undefined || value === null) {
    if (opts.required) issues.add(path, msg('valRequired', { label }))
    return undefined
  }
  const below = range.minExclusive ? (value as number) <= range.min : (value as number) < range.min
  if (!isFiniteNumber(value) || below || value > range.max) {
    issues.add(
      path,
      range.minExclusive
        ? msg('valAboveAtMost', { label, min: fmt(range.min), max: fmt(range.max) })
        : rangeMessage(label, range.min, range.max),
    )
    return undefined
  }
  return value
}

/** A required string; `nonEmpty` also refuses whitespace-only text. */
export function checkString(
  issues: Issues,
  path: string,
  value: unknown,
  label: string,
  opts: { required?: boolean; nonEmpty?: boolean } = {},
): string | undefined {
  if (value === undefined || value === null) {
    if (opts.required) issues.add(path, msg('valRequired', { label }))
    return undefined
  }
  if (typeof value !== 'string') {
    issues.add(path, msg('valText', { label }))
    return undefined
  }
  if (opts.nonEmpty && value.trim() === '') {
    issues.add(path, msg('valNotEmpty', { label }))
    return undefined
  }
  return value
}

export function checkBoolean(issues: Issues, path: string, value: unknown, label: string): void {
  if (value !== undefined && value !== null && typeof value !== 'boolean') {
    issues.add(path, msg('valBoolean', { label }))
  }
}

export function checkOneOf<T extends string>(
  issues: Issues,
  path: string,
  value: unknown,
  label: string,
  allowed: readonly T[],
  opts: { required?: boolean } = {},
): T | undefined {
  if (value === undefined || value === null) {
    if (opts.required) issues.add(path, msg('valRequired', { label }))
    return undefined
  }
  if (!(allowed as readonly unknown[]).includes(value)) {
    issues.add(path, msg('valOneOf', { label, allowed: allowed.join(', ') }))
    return undefined
  }
  return value as T
}

/** True for absolute http(s) URLs. */
export const isHttpUrl = (v: unknown): boolean => {
  if (typeof v !== 'string') return false
  try {
    const u = new URL(v)
    return u.protocol === 'https:' || u.protocol === 'http:'
  } catch {
    return false
  }
}

/** An optional array of http(s) URLs; returns its length (0 when absent) or -1 when invalid. */
export function checkUrlList(issues: Issues, path: string, value: unknown, label: string): number {
  if (value === undefined || value === null) return 0
  if (!Array.isArray(value)) {
    issues.add(path, msg('valUrlList', { label }))
    return -1
  }
  let ok = true
  value.forEach((v, i) => {
    if (!isHttpUrl(v)) {
      issues.add(`${path}[${i}]`, msg('valUrlEntries', { label }))
      ok = false
    }
  })
  return ok ? value.length : -1
}

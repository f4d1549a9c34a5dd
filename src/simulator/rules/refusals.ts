/**
 * What the simulated service refuses, field by field: the first reason per field, keyed by the
 * field's path in the request ("parameters.steps"), which becomes the 400's `fields` and `param`.
 * The small checks below read a request the way a strict server would: JSON types as given, no
 * coercion, ranges inclusive unless said otherwise.
 */

export type Body = Record<string, unknown>

export const isBody = (v: unknown): v is Body =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Absent means missing or JSON null. */
export const absent = (v: unknown): v is undefined | null => v === undefined || v === null

export const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v)

export class Refusals {
  readonly fields: Record<string, string> = {}

  /** Records `reason` for `path` unless the field already has one. */
  add(path: string, reason: string): void {
    this.fields[path] ??= reason
  }

  /** Replaces the reason for `path` (a more specific wording of the same refusal). */
  set(path: string, reason: string): void {
    this.fields[path] = reason
  }

  has(path: string): boolean {
    return path in this.fields
  }

  /** The refused fields, or null when the request passes. */
  result(): Record<string, string> | null {
    return Object.keys(this.fields).length > 0 ? this.fields : null
  }

  /** Required non-blank text. */
  text(path: string, v: unknown): string | undefined {
    if (absent(v)) this.add(path, `${path} is required`)
    else if (typeof v !== 'string') this.add(path, `${path} must be a string`)
    else if (v.trim() === '') this.add(path, `${path} must not be blank`)
    else return v
    return undefined
  }

  /** Optional text (may be empty). */
  optionalText(path: string, v: unknown): void {
    if (!absent(v) && typeof v !== 'string') this.add(path, `${path} must be a string`)
  }

  optionalFlag(path: string, v: unknown): void {
    if (!absent(v) && typeof v !== 'boolean') this.add(path, `${path} must be a boolean`)
  }

  /** An integer in [min, max]; `required` refuses it missing. Returns it when it passes. */
  whole(
    path: string,
    v: unknown,
    [min, max]: readonly [number, number],
    required = false,
  ): number | undefined {
    if (absent(v)) {
      if (required) this.add(path, `${path} is required`)
      return undefined
    }
    if (isWhole(v) && v >= min && v <= max) return v
    this.add(path, min === max ? `${path} must be ${min}` : `${path} must be from ${min} to ${max}`)
    return undefined
  }

  /** An optional finite number in [min, max], or (min, max] with `openBelow`. */
  number(path: string, v: unknown, [min, max]: readonly [number, number], openBelow = false): void {
    if (absent(v)) return
    const ok =
      typeof v === 'number' && Number.isFinite(v) && (openBelow ? v > min : v >= min) && v <= max
    if (!ok) {
      this.add(
        path,
        openBelow
          ? `${path} must be above ${min} and at most ${max}`
          : `${path} must be from ${min} to ${max}`,
      )
    }
  }

  /** An optional (or required) value from a fixed list. */
  choice(
    path: string,
    v: unknown,
    allowed: readonly string[],
    required = false,
  ): string | undefined {
    if (absent(v)) {
      if (required) this.add(path, `${path} is required`)
      return undefined
    }
    if (typeof v === 'string' && allowed.includes(v)) return v
    this.add(path, `${path} must be one of: ${allowed.join(', ')}`)
    return undefined
  }

  /** An optional list of absolute http(s) URLs: its length, or undefined when refused. */
  urls(path: string, v: unknown): number | undefined {
    if (absent(v)) return 0
    if (!Array.isArray(v)) {
      this.add(path, `${path} must be an array of URLs`)
      return undefined
    }
    const bad = v.findIndex((u) => !isWebUrl(u))
    if (bad >= 0) {
      this.add(`${path}[${bad}]`, `${path} entries must be public http(s) URLs`)
      return undefined
    }
    return v.length
  }
}

function isWebUrl(v: unknown): boolean {
  if (typeof v !== 'string') return false
  try {
    return /^https?:$/.test(new URL(v).protocol)
  } catch {
    return false
  }
}

/**
 * Idempotency per account and route: the same key with the same body replays the first result
 * (and charges once); the same key while the first is still running is `generation_pending`; the
 * same key with a different body is refused (409 idempotency_key_reused).
 */
import { createHash } from 'node:crypto'

import type { BufferedResponse } from './http'

type Entry =
  { hash: string; state: 'running' } | { hash: string; state: 'done'; response: BufferedResponse }

export type Begin =
  | { kind: 'new' }
  | { kind: 'pending' }
  | { kind: 'mismatch' }
  | { kind: 'replay'; response: BufferedResponse }

/** JSON with sorted keys, so equal bodies hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

export const sha256 = (data: string | Buffer): string =>
  createHash('sha256').update(data).digest('hex')

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>()

  begin(scope: string, key: string, hash: string): Begin {
    const id = `${scope}\n${key}`
    const e = this.entries.get(id)
    if (!e) {
      this.entries.set(id, { hash, state: 'running' })
      return { kind: 'new' }
    }
    if (e.hash !== hash) return { kind: 'mismatch' }
    if (e.state === 'running') return { kind: 'pending' }
    return { kind: 'replay', response: e.response }
  }

  complete(scope: string, key: string, response: BufferedResponse): void {
    const id = `${scope}\n${key}`
    const e = this.entries.get(id)
    if (e) this.entries.set(id, { hash: e.hash, state: 'done', response })
  }

  /** Forgets a key whose request failed before producing a result (nothing charged). */
  abandon(scope: string, key: string): void {
    this.entries.delete(`${scope}\n${key}`)
  }
}

/**
 * vocabulary/: prompt autocomplete, the terms of every item's prompt counted in memory from the
 * index. Read-only over the database it is handed: it never writes the index or the folder, and
 * imports no other part of the library.
 */
import { type TermCount, termKey, visitTerms } from '@shared/library/promptTerms'

import type { Db } from '../../../adapters/sqlite/openDatabase'

/** Prompts read per step of a full build; the event loop gets a turn between steps. */
const CHUNK = 2_000
/** Above this many distinct terms, tags used only once are dropped (they are sentences, mostly). */
const MAX_TERMS = 300_000
/** Typing asks many times a second: the index is checked for changes at most this often. */
const CHECK_MS = 1_500
/** A full rebuild is also made when the index changed in place and the table is this old. */
const STALE_MS = 10 * 60_000

interface Term {
  label: string
  n: number
  /** The last prompt that counted it (a prompt counts each term once). */
  seen: number
}

/** Numbers prompts as they are counted, for Term.seen. */
let promptSerial = 0

interface Signature {
  count: number
  max: number
}

/**
 * Prompt autocomplete over the library (issue #16, `library:promptTokens`): the terms of every
 * item's prompt (tags and words, shared/library/promptTerms.ts) with how many prompts use each.
 *
 * Why a table in memory built lazily, and not FTS5's vocabulary: fts5vocab counts by walking
 * whole doclists (slow for common words at 100k items) and only knows single lower-cased
 * tokens, never "blue hair" as the user wrote it. The table here is built on the first request,
 * in steps that leave the event loop free, and kept fresh cheaply (checked at most every 1.5 s
 * while the user types): rows are keyed by time, so
 * newly saved results are the rows past the last rowid seen and are simply added; when rows
 * went away (or, after ten minutes, changed in place) it is rebuilt. A lookup is a binary search
 * for the prefix in the sorted keys plus a top-k pass over that range: well under a millisecond.
 */
export class PromptVocab {
  private terms = new Map<string, Term>()
  private sorted: string[] = []
  private built: (Signature & { at: number }) | null = null
  private pending: Promise<void> | null = null
  private background: Promise<void> | null = null
  private checkedAt = 0

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** The most used terms starting with `prefix` (case-insensitive), most used first. */
  async suggest(prefix: string, limit: number): Promise<TermCount[]> {
    await this.fresh()
    return this.lookup(termKey(prefix), limit)
  }

  /** Forgets everything (the index was cleared or replaced). */
  reset(): void {
    this.terms = new Map()
    this.sorted = []
    this.built = null
    this.checkedAt = 0
  }

  private fresh(): Promise<void> {
    if (this.built && this.now() - this.checkedAt < CHECK_MS) return Promise.resolve()
    this.pending ??= this.update().finally(() => {
      this.pending = null
      this.checkedAt = this.now()
    })
    return this.pending
  }

  private signature(): Signature {
    const r = this.db.prepare('SELECT count(*) AS count, max(rowid) AS max FROM items').get() as {
      count: number
      max: number | null
    }
    return { count: r.count, max: r.max ?? 0 }
  }

  private async update(): Promise<void> {
    const sig = this.signature()
    const b = this.built
    if (b && sig.count === b.count && sig.max === b.max) {
      // Nothing added or removed. A prompt may have changed in place (a sidecar edited by hand):
      // an old table is rebuilt in the background while this answer uses it as it is.
      if (this.now() - b.at >= STALE_MS && !this.background) {
        this.background = this.rebuild().finally(() => (this.background = null))
      }
      return
    }
    if (b && sig.max >= b.max) {
      const added = this.db
        .prepare('SELECT count(*) FROM items WHERE rowid > ?')
        .pluck()
        .get(b.max) as number
      if (b.count + added === sig.count) {
        // Only new rows (new results, imports): add them, keep the rest.
        const rows = this.db
          .prepare('SELECT prompt FROM items WHERE rowid > ? AND rowid <= ? ORDER BY rowid')
          .pluck()
          .all(b.max, sig.max) as string[]
        const fresh: string[] = []
        for (const prompt of rows) addTerms(this.terms, prompt, fresh)
        this.sorted = mergeSorted(this.sorted, fresh.sort())
        this.built = { ...sig, at: b.at }
        return
      }
    }
    if (this.background) {
      await this.background
      return this.update()
    }
    await this.rebuild()
  }

  private async rebuild(): Promise<void> {
    const terms = new Map<string, Term>()
    const sig = this.signature()
    const page = this.db
      .prepare(
        'SELECT rowid AS key, prompt FROM items WHERE rowid <= ? ORDER BY rowid DESC LIMIT ?',
      )
      .raw()
    let below = sig.max
    for (;;) {
      const rows = page.all(below, CHUNK) as Array<[number, string]>
      for (const [, prompt] of rows) addTerms(terms, prompt, null)
      if (rows.length < CHUNK) break
      below = rows[rows.length - 1]![0] - 1
      await new Promise((r) => setImmediate(r))
    }
    if (terms.size > MAX_TERMS) {
      for (const [key, t] of terms) if (t.n === 1 && key.includes(' ')) terms.delete(key)
    }
    this.terms = terms
    this.sorted = [...terms.keys()].sort()
    this.built = { ...sig, at: this.now() }
  }

  private lookup(prefix: string, limit: number): TermCount[] {
    if (!prefix) return []
    const top: Array<[string, Term]> = []
    for (let i = lowerBound(this.sorted, prefix); i < this.sorted.length; i++) {
      const key = this.sorted[i]!
      if (!key.startsWith(prefix)) break
      const t = this.terms.get(key)!
      if (top.length === limit && !better(t, key, top[limit - 1]!)) continue
      let j = top.length
      while (j > 0 && better(t, key, top[j - 1]!)) j--
      top.splice(j, 0, [key, t])
      if (top.length > limit) top.pop()
    }
    return top.map(([, t]) => ({ text: t.label, count: t.n }))
  }
}

/**
 * Counts the terms of one prompt into `terms`. With `fresh` the prompt is newer than every one
 * counted so far: its spelling becomes the label, and keys seen for the first time go to `fresh`.
 * (A rebuild reads newest first, so there the first spelling seen is the newest.)
 */
function addTerms(terms: Map<string, Term>, prompt: string, fresh: string[] | null): void {
  const serial = ++promptSerial
  visitTerms(prompt, (key, label) => {
    const t = terms.get(key)
    if (!t) {
      terms.set(key, { label, n: 1, seen: serial })
      fresh?.push(key)
    } else if (t.seen !== serial) {
      t.n++
      t.seen = serial
      if (fresh) t.label = label
    }
  })
}

/** Two sorted lists of distinct keys as one (linear: new results never re-sort the table). */
function mergeSorted(a: readonly string[], b: readonly string[]): string[] {
  if (b.length === 0) return a as string[]
  const out: string[] = new Array(a.length + b.length)
  let i = 0
  let j = 0
  let k = 0
  while (i < a.length && j < b.length) out[k++] = a[i]! < b[j]! ? a[i++]! : b[j++]!
  while (i < a.length) out[k++] = a[i++]!
  while (j < b.length) out[k++] = b[j++]!
  return out
}

/** More used first; then shorter (the plainer completion); then alphabetical. */
function better(t: Term, key: string, [otherKey, other]: [string, Term]): boolean {
  if (t.n !== other.n) return t.n > other.n
  if (key.length !== otherKey.length) return key.length < otherKey.length
  return key < otherKey
}

function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (sorted[mid]! < key) lo = mid + 1
    else hi = mid
  }
  return lo
}

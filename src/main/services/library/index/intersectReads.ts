import { splitSearch } from '@shared/library/organise'
import type { LibraryFilter } from '@shared/library/types'
import type { Statement } from 'better-sqlite3'

import { COLLECT_ROWIDS } from './collectRowids'
import type { PrefixTerms } from './ftsTerms'
import { heldRead, type HeldRowids } from './heldRowids'
import { ftsQuery } from './indexRows'
import { keyOf } from './indexSchema'
import { countByMonth, type MonthRange } from './monthRanges'
import { type FilterEstimates, sideFilters } from './organiseFilter'
import {
  firstAtOrBelow,
  gallopAtOrBelow,
  intersectDescending,
  listRead,
  RowidList,
} from './rowidLists'

/** Above every rowid (keyOf keeps them below 2^53). */
const TOP = Number.MAX_SAFE_INTEGER

/**
 * A sorted rowid list (a side table's items for one value, or an `items` index's rows for one
 * value): its SQL (…params, top, floor, limit), its params, the SQL that collects the whole
 * list (…params) for HeldRowids, and its length as the count tables estimate it.
 */
interface ListSource {
  sql: string
  params: unknown[]
  whole: string
  size: (estimates: FilterEstimates) => number
}

/**
 * How to read a filter as an intersection of sorted rowid lists: the FTS5 match, the side
 * tables' lists, and the rowid window (`top` down to `floor`, from its dates).
 */
export interface IntersectPlan {
  match: string
  sides: ListSource[]
  top: number
  floor: number
}

/**
 * Chooses the intersection for prompt words, alone or with organising conditions (collection, tags,
 * rating), a kind, a medium, a model, favourites or a batch, and nothing else but dates (issue
 * #33); null for any other filter (several kinds, a cost bound). The match's rowids come from
 * HeldRowids (one read of the doclist from the top, kept until the index changes), the sides' from
 * their (value, item) keys (covering, cheap to seek) or their `items` index, and
 * intersectDescending jumps through them. Nested probes walked the doclist to a deep page's bound
 * at every page (FTS5 seeks by stepping, see heldRowids.ts) and probed every match for the months.
 * Words alone are read so too (session 18): their month counts ran FTS5's matches through a CASE
 * over the month ranges, 218 ms for a common word's 304k matches at 1M items, where reading the
 * match whole and counting it by binary searches costs about the read alone, and the pages after it
 * (a scroll, a jump to a month) are binary searches instead of 40 ms walks. Only these shapes are
 * read so: where only side tables meet, SQLite's own probes were faster than lists read into JS (at
 * 1M items "two tags" 1.2 ms a page against 4.0, "collection, tag, rating ≥ 2" months 22 ms against
 * 53, same run); their month counts hold the probes' whole result instead (heldResults.ts).
 */
export function intersectPlan(
  filter: LibraryFilter,
  prefixTerms?: PrefixTerms,
): IntersectPlan | null {
  // Several kinds are a union of lists, not one: a held result reads them (heldResults.ts).
  if (filter.kinds && filter.kinds.length > 1) return null
  if (filter.minCost !== undefined || filter.maxCost !== undefined) return null
  const search = splitSearch(filter.text ?? '')
  const match = search.words ? ftsQuery(search.words, prefixTerms) : null
  if (!match) return null
  const sides: ListSource[] = sideFilters(filter, search.tags).map((s) => {
    const table = `${s.table} INDEXED BY sqlite_autoindex_${s.table}_1`
    return sortedList('item', table, `${s.column} = ?`, [s.value], (e) => e.side(s))
  })
  const items = (f: LibraryFilter) => (e: FilterEstimates) => e.items(f) ?? 0
  // `items` conditions with an index of their own (issue #33, session 19): "portrait in
  // favourites" or "cat by one model" probed `items` for every match of the word, 130–240 ms of
  // month counts at 1M items and 20–40 ms a deep page; a model's rowids (a seventh of the
  // library) read whole cost less than probing a common word's matches, favourites and a batch
  // far less. A kind or a medium may be most of the library: probesCheaper weighs its list.
  const { model, favourites, batchId, media } = filter
  const kind = filter.kinds?.[0]
  if (kind)
    sides.push(sortedList('rowid', ITEMS('kind'), 'kind = ?', [kind], items({ kinds: [kind] })))
  if (media) sides.push(sortedList('rowid', ITEMS('media'), 'media = ?', [media], items({ media })))
  if (model) sides.push(sortedList('rowid', ITEMS('model'), 'model = ?', [model], items({ model })))
  if (favourites)
    sides.push(sortedList('rowid', ITEMS('favourite'), 'favourite = 1', [], items({ favourites })))
  if (batchId !== undefined)
    sides.push(sortedList('rowid', ITEMS('batch'), 'batch_id = ?', [batchId], items({ batchId })))
  return {
    match,
    sides,
    top: filter.to !== undefined ? keyOf(filter.to) - 1 : TOP,
    floor: filter.from !== undefined ? keyOf(filter.from) : 0,
  }
}

/**
 * The sorted list of `column` (a rowid) in `table` where `condition` holds (one value of an
 * index, whose entries for it are in rowid order); `params` fill the condition's `?`s.
 */
function sortedList(
  column: string,
  table: string,
  condition: string,
  params: unknown[],
  size: ListSource['size'],
): ListSource {
  const key = `${table} WHERE ${condition}`
  return {
    sql: `SELECT ${column} FROM ${key} AND ${column} <= ? AND ${column} >= ? ORDER BY ${column} DESC LIMIT ?`,
    params,
    whole: `SELECT ${COLLECT_ROWIDS}(${column}) FROM ${key}`,
    size,
  }
}

/** `items` through its index on one column (items_kind, items_model, items_favourite, …). */
const ITEMS = (column: 'kind' | 'media' | 'model' | 'favourite' | 'batch') =>
  `items INDEXED BY items_${column}`

/**
 * How many times a listed row costs to probe one row of the match for one list: a probe of a
 * side table's key or an `items` index by rowid cost 0.3–0.8 µs at 1M items, a rowid read
 * whole through the aggregate 0.2–0.28 (bench/library-queries.ts's index, session 19).
 */
const PROBE_PER_LISTED = 2

/**
 * Whether probing every row of the plan's match (`matches` of them, held) for each list costs
 * less than reading the lists not yet held whole: a rarer word in a big collection or by one
 * model, a common word with the medium most items have. Then the month counts collect the
 * filter's result with probes instead (heldResults.ts): at 1M items a word matching 3.7k items
 * with the largest collection read its 100k rowids, 20–29 ms, where probing its matches costs
 * 6–8 ms (model: 14 against 27–35).
 */
export function probesCheaper(
  plan: IntersectPlan,
  matches: number,
  reads: PlanReads,
  estimates: FilterEstimates,
): boolean {
  let listed = 0
  for (const l of plan.sides)
    if (!reads.held.heldList(l.whole, l.params)) listed += l.size(estimates)
  return matches * plan.sides.length * PROBE_PER_LISTED < listed
}

/** Where a plan's lists are read: prepared statements, and the lists held whole. */
export interface PlanReads {
  stmt: (sql: string) => Statement
  held: HeldRowids
}

/** The plan's rowids newest first, below `below` when given, at most `cap`. */
export function planRowids(
  plan: IntersectPlan,
  reads: PlanReads,
  cap: number,
  below?: number,
): number[] {
  const top = below === undefined ? plan.top : Math.min(plan.top, below - 1)
  const matched = reads.held.rowids(plan.match)
  const held = plan.sides.map((l) => reads.held.heldList(l.whole, l.params))
  // Every list in memory (the month counts read the sides whole): a merge, no chunk copied. The
  // leapfrog below gives the same rows (through heldRead), only slower: mutants of this condition
  // are equivalent.
  if (held.every((l) => l !== undefined))
    return mergeDescending([matched, ...held], top, plan.floor, cap)
  const lists = plan.sides.map((l, i) => {
    const whole = held[i]
    const read = whole ? heldRead(whole) : listRead(reads.stmt(l.sql).pluck(), l.params)
    return new RowidList(read, plan.floor)
  })
  lists.unshift(new RowidList(heldRead(matched), plan.floor))
  return intersectDescending(lists, top, cap)
}

/**
 * The month counts of the plan's rows, newest first. Every row is counted, so every list is read
 * whole and held (HeldRowids: the match, and each side's items through the aggregate) and merged
 * (the match alone is read in place), and each month's count is the rows between the
 * binary-searched starts of its range and the next one's (disjoint ranges, monthRanges.ts), so
 * counting costs two searches a month, not a step a row (22 ms for a common word's 304k rows at
 * 1M items, counted row by row in a Map). The pages of the same filter then read their lists
 * from memory too.
 */
export function planMonths(
  plan: IntersectPlan,
  reads: PlanReads,
  ranges: MonthRange[],
): Array<{ month: number; n: number }> {
  const lists: ArrayLike<number>[] = plan.sides.map((l) => reads.held.list(l.whole, l.params))
  const match = reads.held.rowids(plan.match)
  const keys = lists.length
    ? mergeDescending([...lists, match], plan.top, plan.floor)
    : match.subarray(firstAtOrBelow(match, plan.top), firstAtOrBelow(match, plan.floor - 1))
  return countByMonth(keys, ranges)
}

/**
 * The values in every list (each held whole, newest first) within [floor, top], newest first,
 * at most `cap`: the shortest list's values from `top` down, each looked up in the others by a
 * galloping search from where the last one was found (positions only move down), so a page far
 * down the lists starts with binary searches, not a walk from their tops.
 */
export function mergeDescending(
  lists: ArrayLike<number>[],
  top: number,
  floor: number,
  cap = Infinity,
): number[] {
  // Shortest first for speed only: any order gives the same rows (mutants of it are equivalent).
  const sorted = [...lists].sort((a, b) => a.length - b.length)
  const at = sorted.map((l) => firstAtOrBelow(l, top))
  const out: number[] = []
  const first = sorted[0]!
  next: for (let i = at[0]!; i < first.length && out.length < cap; i++) {
    const v = first[i]!
    if (v < floor) break
    for (let k = 1; k < sorted.length; k++) {
      const list = sorted[k]!
      // Both shortcuts are for speed: galloping from a position already at or below v answers
      // it, and a list run out would fail every later value anyway (their mutants are equivalent).
      const j = list[at[k]!]! > v ? gallopAtOrBelow(list, v, at[k]!) : at[k]!
      at[k] = j
      if (j === list.length) break next
      if (list[j] !== v) continue next
    }
    out.push(v)
  }
  return out
}

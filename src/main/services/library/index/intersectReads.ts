import { splitSearch } from '@shared/library/organise'
import type { LibraryFilter } from '@shared/library/types'
import type { Statement } from 'better-sqlite3'

import { COLLECT_ROWIDS } from './collectRowids'
import type { PrefixTerms } from './ftsTerms'
import { heldRead, type HeldRowids } from './heldRowids'
import { ftsQuery } from './indexRows'
import { keyOf } from './indexSchema'
import type { MonthRange } from './monthRanges'
import { sideFilters } from './organiseFilter'
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
 * A side table's sorted rowid list: its SQL (…params, top, floor, limit), its params, and the
 * SQL that collects the whole list (…params) for HeldRowids.
 */
interface ListSource {
  sql: string
  params: unknown[]
  whole: string
}

/** A list read from an index whose keys end in the rowid: `from` is `<table> … WHERE …`. */
const keyList = (column: string, from: string, params: unknown[]): ListSource => ({
  sql: `SELECT ${column} FROM ${from} AND ${column} <= ? AND ${column} >= ? ORDER BY ${column} DESC LIMIT ?`,
  params,
  whole: `SELECT ${COLLECT_ROWIDS}(${column}) FROM ${from}`,
})

/**
 * Favourites, the one `items` condition an intersection reads as a list too (a partial index of
 * the favourite rows: small). A model stays a probe: its list is a seventh of the bench library
 * (142k rowids at 1M items), and reading it whole on first use cost 30–57 ms a page, where the
 * probes cost "rare tag + model" 6–7 ms a page; kinds and media likewise.
 */
function itemLists(filter: LibraryFilter): ListSource[] {
  return filter.favourites
    ? [keyList('rowid', 'items INDEXED BY items_favourite WHERE favourite = 1', [])]
    : []
}

/**
 * How to read a filter as an intersection of sorted rowid lists: the FTS5 match, the side
 * tables' lists, and the rowid window (`top` down to `floor`, from its dates).
 */
export interface IntersectPlan {
  /** The FTS5 match, or null when side conditions alone meet (two or more of them). */
  match: string | null
  sides: ListSource[]
  top: number
  floor: number
}

/**
 * Chooses the intersection for organising conditions (collection, tags, rating) with prompt
 * words, or two or more of them without, and nothing else but dates (issue #33); null for any
 * other filter. The match's rowids come from HeldRowids (one read of the doclist from the top,
 * kept until the index changes), the sides' from their (value, item) keys (covering, cheap to
 * seek), and intersectDescending jumps through them. Nested probes walked the doclist to a deep
 * page's bound at every page (FTS5 seeks by stepping, see heldRowids.ts) and probed every match
 * for the months.
 *
 * Where only side tables meet, the lists are read whole and held (planRowids): SQLite's probes
 * examine every row of the narrowest side down to the page's 200th match, one B-tree probe per
 * other side each, which at 1M items cost "collection, tag, rating ≥ 2" 8–11 ms a page and "two
 * tags" 4.5–7 (bench/library-index.ts, 200-row pages). Lists read a window at a time were slower
 * still (4.0 ms against 1.2 for "two tags" in session 9); held, a page is a walk in memory.
 */
export function intersectPlan(
  filter: LibraryFilter,
  prefixTerms?: PrefixTerms,
): IntersectPlan | null {
  if (filter.kinds?.length || filter.media || filter.model) return null
  if (filter.batchId !== undefined) return null
  if (filter.minCost !== undefined || filter.maxCost !== undefined) return null
  const search = splitSearch(filter.text ?? '')
  const match = search.words ? ftsQuery(search.words, prefixTerms) : null
  const organising = sideFilters(filter, search.tags).map((s) =>
    keyList('item', `${s.table} INDEXED BY sqlite_autoindex_${s.table}_1 WHERE ${s.column} = ?`, [
      s.value,
    ]),
  )
  if (!organising.length) return null
  const sides = [...organising, ...itemLists(filter)]
  if (!match && sides.length < 2) return null
  return {
    match,
    sides,
    top: filter.to !== undefined ? keyOf(filter.to) - 1 : TOP,
    floor: filter.from !== undefined ? keyOf(filter.from) : 0,
  }
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
  const { match } = plan
  const top = below === undefined ? plan.top : Math.min(plan.top, below - 1)
  // Without a match the sides set the pace, so each is read whole (and held); beside a match
  // (which drives) a side is read a window at a time until its months hold it.
  const whole = plan.sides.map((l) =>
    match ? reads.held.heldSide(l.whole, l.params) : reads.held.side(l.whole, l.params),
  )
  const matched = match ? reads.held.rowids(match) : null
  if (whole.every((l) => l !== undefined))
    return mergeDescending(matched ? [...whole, matched] : whole, top, plan.floor, cap)
  const lists = plan.sides.map((l, i) => {
    const held = whole[i]
    const read = held ? heldRead(held) : listRead(reads.stmt(l.sql).pluck(), l.params)
    return new RowidList(read, plan.floor)
  })
  if (matched) lists.unshift(new RowidList(heldRead(matched), plan.floor))
  return intersectDescending(lists, top, cap)
}

/**
 * The month counts of the plan's rows, newest first. Every row is counted, so every list is read
 * whole and held (HeldRowids: the match, and each side's items through the aggregate) and merged,
 * and each row's month is found by walking the disjoint month ranges (monthRanges.ts
 * disjointRanges) alongside, since both go newest first. The pages of the same filter then read
 * their lists from memory too.
 */
export function planMonths(
  plan: IntersectPlan,
  reads: PlanReads,
  ranges: MonthRange[],
): Array<{ month: number; n: number }> {
  const lists: ArrayLike<number>[] = plan.sides.map((l) => reads.held.side(l.whole, l.params))
  if (plan.match) lists.push(reads.held.rowids(plan.match))
  const counts = new Map<number, number>()
  let r = ranges.length - 1
  for (const key of mergeDescending(lists, plan.top, plan.floor)) {
    while (r > 0 && ranges[r]!.lo > key) r--
    const month = ranges[r]!.month
    counts.set(month, (counts.get(month) ?? 0) + 1)
  }
  return [...counts].map(([month, n]) => ({ month, n }))
}

/**
 * The values in every list (each held whole, newest first) within [floor, top], newest first,
 * at most `cap`: the shortest list's values from `top` down, each looked up in the others by a
 * galloping search from where the last one was found (positions only move down). A page of
 * "collection, tag, rating ≥ 2" at 1M items checks ~50k values of the collection's 100k to
 * find its 200 (the three together hold 0.4% of the library).
 */
export function mergeDescending(
  lists: ArrayLike<number>[],
  top: number,
  floor: number,
  cap = Infinity,
): number[] {
  const sorted = [...lists].sort((a, b) => a.length - b.length)
  const at = sorted.map((l) => firstAtOrBelow(l, top))
  const out: number[] = []
  const first = sorted[0]!
  next: for (let i = at[0]!; i < first.length && out.length < cap; i++) {
    const v = first[i]!
    if (v < floor) break
    for (let k = 1; k < sorted.length; k++) {
      const list = sorted[k]!
      const j = list[at[k]!]! > v ? gallopAtOrBelow(list, v, at[k]!) : at[k]!
      at[k] = j
      if (j === list.length) break next
      if (list[j] !== v) continue next
    }
    out.push(v)
  }
  return out
}

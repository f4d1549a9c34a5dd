import type { Statement } from 'better-sqlite3'

import type { Db } from '../../../adapters/sqlite/openDatabase'

/**
 * The aggregate that hands a query's rowids to JS: `SELECT gs_collect_rowids(x) FROM …`. One call
 * into JS per row, written into a reused Float64Array, against a JS array of row values built by
 * `.pluck().all()`: at 1M items a common word's 304k matches read in 35–39 ms this way against
 * 63–85 (FTS5's own walk of them, counted: 11 ms), a collection's 100k keys in about half the time
 * (bench/library-queries.ts's index, same run, issue #33).
 */
export const COLLECT_ROWIDS = 'gs_collect_rowids'

/** The rowids of one query, read through the aggregate: see rowidCollector. */
export interface RowidCollector {
  /**
   * Runs `st` (a SELECT of COLLECT_ROWIDS over the list) and returns the values newest first
   * (descending), in whatever order SQLite stepped them.
   */
  collect(st: Statement, params: unknown[]): Float64Array
}

const collectors = new WeakMap<Db, RowidCollector>()

/** The connection's collector: the aggregate is registered once per connection. */
export function rowidCollector(db: Db): RowidCollector {
  let collector = collectors.get(db)
  if (collector) return collector
  let buf = new Float64Array(4096)
  let n = 0
  db.aggregate(COLLECT_ROWIDS, {
    start: 0,
    step: (_: number, value: number) => {
      if (n === buf.length) {
        const grown = new Float64Array(buf.length * 2)
        grown.set(buf)
        buf = grown
      }
      buf[n++] = value
    },
    result: () => n,
  })
  collector = {
    collect(st, params) {
      n = 0
      // Every row stepped: a grouped query (heldResults.ts) aggregates group by group.
      st.all(...params)
      return newestFirst(buf.subarray(0, n))
    },
  }
  collectors.set(db, collector)
  return collector
}

/** A copy of `values`, sorted descending: reversed when ascending, as SQLite steps most lists. */
function newestFirst(values: Float64Array): Float64Array {
  const len = values.length
  const out = new Float64Array(len)
  let ascending = true
  let descending = true
  for (let i = 1; i < len && (ascending || descending); i++) {
    if (values[i]! < values[i - 1]!) ascending = false
    if (values[i]! > values[i - 1]!) descending = false
  }
  if (ascending) for (let i = 0; i < len; i++) out[len - 1 - i] = values[i]!
  else {
    out.set(values)
    if (!descending) out.sort().reverse()
  }
  return out
}

/**
 * library-queries: the grid's reads of the library index at 1,000,000 items (issue #33) without
 * writing a million files: the index is filled directly with the synthetic library's rows
 * (bench/support/syntheticLibrary.ts, as library-index writes them as sidecars: a quarter rated,
 * 0–3 tags from 300, 30 collections), through LibraryIndex.upsertBulk as a first index writes
 * them. `LIBRARY_ITEMS` sets the size (default 1000000; several sizes comma-separated).
 *
 * Per size, the p95 of each read the grid makes, each beside:
 * - the same-run control, a bare SQLite read of the same shape on the same table (200 rows of
 *   `items` by a primary-key range, newest first, as arrays), and the ratio to it; the same rows
 *   as keyed objects beside it;
 * - for month counts and tag suggestions, the query the index ran before schema 6 (a GROUP BY
 *   over the rows: IndexQueries.monthsFromRows, and the grouping of every tag use) on the same
 *   database in the same run, so the change shows on a loaded machine.
 * - for search (and the filter mix, one shape of which has prompt words), the same reads with
 *   every word as an FTS5 prefix query, as before schema 9's terms (ftsTerms.ts), same run.
 * - for searches (words alone, read as the held match, intersectReads.ts), month counts cold and
 *   a page at a random depth after them, each beside the nested reading it replaced, same run;
 *   the months cold also beside FTS5 counting the same matches (`count(*)`, no rowid leaving
 *   SQLite): the floor under any month count of a search, alternating.
 * - for "collection + common word" (read as sorted rowid lists, intersectReads.ts), month counts
 *   cold (a fresh reader) and warm, and pages once the word's rowids are held, each beside the
 *   nested probes they replaced, same run.
 * - for a rarer word in the largest collection or by one model, months cold with its matches
 *   probed beside the lists read whole, same run.
 * - for words with favourites, a model or a kind, the same: months cold and a deep page after
 *   them (read as lists or as a held result), beside the nested reading, same run.
 * - the filter mix again in the grid's order: each filter's month counts first (untimed), then
 *   the page, as the library store reads a filter; by shape, the pages alone and after their
 *   months (where a side-driven filter's months hold its whole result, heldResults.ts).
 * - month counts of the filter mix cold (a fresh reader each, nothing held) and warm (read
 *   again), and of the side-driven shapes cold beside the count per month range by SQL that
 *   they replaced, same run, same filters.
 * - month counts of a search or "collection + word" after a rating changed on the reader's own
 *   connection (the matches stay held), beside the same months read cold, same run, alternating.
 * And the size of `fts_terms` beside items_fts's, and the fill's cost per item (rows, FTS, side rows and count tables), the write cost the count
 * tables add to a first index (compare library-index's `control: index writes alone`).
 * `LIBRARY_QUERIES_DB=<dir>` keeps the filled index in that folder (q-<items>.sqlite) and reuses
 * it on the next run of the same size, so a change to the reads can be measured again at 1M
 * without the minutes of the fill (the fill's figures then say "reused").
 * Goals: page p95 ≤ 2 ms, search ≤ 20, filter (rating, tag, collection) ≤ 5, month counts plain
 * and filtered ≤ 20, tag suggestions ≤ 10.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { bulkCommitRows } from '../src/main/services/library/index/bulkCommits'
import type { RowPlace } from '../src/main/services/library/index/costOrder'
import { HeldRowids } from '../src/main/services/library/index/heldRowids'
import { prefixRange } from '../src/main/services/library/index/indexOrganise'
import { IndexQueries } from '../src/main/services/library/index/indexQueries'
import { ftsQuery, TILE_COLUMNS } from '../src/main/services/library/index/indexRows'
import { intersectPlan, planMonths } from '../src/main/services/library/index/intersectReads'
import { type IndexRow, LibraryIndex } from '../src/main/services/library/index/LibraryIndex'
import {
  disjointRanges,
  MONTH_RANGES_SQL,
  type MonthRange,
} from '../src/main/services/library/index/monthRanges'
import { tagKey } from '../src/shared/library/organise'
import type { LibraryCursor, LibraryFilter } from '../src/shared/library/types'
import { printScales } from './support/scaleTable'
import { pct, runBench } from './support/stats'
import {
  COLLECTIONS,
  COMMON,
  MODELS,
  organiseFilter,
  pick,
  rand,
  SYNTHETIC_SPAN,
  SYNTHETIC_START,
  syntheticSidecar,
  TAGS,
  WORDS,
} from './support/syntheticLibrary'

const SIZES = (process.env.LIBRARY_ITEMS ?? '1000000')
  .split(',')
  .map((n) => Number(n.trim()))
  .filter((n) => Number.isInteger(n) && n > 0)
const ROUNDS = 300
const CHUNK = 500
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6
/** ms that `read` takes (the part of a round that is timed). */
const msOf = (read: () => unknown): number => {
  const t = process.hrtime.bigint()
  read()
  return ms(t)
}

/** Item i of n: created in order over three years (as folder order finds them), jittered. */
function row(i: number, n: number): IndexRow {
  const video = i % 9 === 0
  const created = SYNTHETIC_START + Math.floor(((i + rand()) / n) * SYNTHETIC_SPAN)
  return {
    relPath: `${i}.${video ? 'mp4' : 'png'}`,
    media: video ? 'video' : 'image',
    ext: video ? 'mp4' : 'png',
    fileMtime: 1,
    fileSize: 20,
    sidecarMtime: 1,
    problem: null,
    sidecar: syntheticSidecar(i, created, 20),
  }
}

function fill(index: LibraryIndex, from: number, to: number, n: number): number {
  const t = process.hrtime.bigint()
  for (let i = from; i < to; i += CHUNK) {
    const rows: IndexRow[] = []
    for (let k = i; k < Math.min(to, i + CHUNK); k++) rows.push(row(k, n))
    index.upsertBulk(rows, bulkCommitRows(i))
  }
  index.endBulk()
  return ms(t)
}

/**
 * p95 of `rounds` runs of `read(r)`, timed around the call, or, with `timesItself`, the ms that
 * `read` returns (when part of each round is not to be timed).
 */
function p95(rounds: number, read: (r: number) => unknown, timesItself = false): number {
  for (let r = 0; r < Math.min(10, rounds); r++) read(r)
  const times: number[] = []
  for (let r = 0; r < rounds; r++) {
    const t = process.hrtime.bigint()
    const own = read(r)
    times.push(timesItself ? (own as number) : ms(t))
  }
  return Number(pct(times, 0.95).toFixed(3))
}

/**
 * p95s of two readings of the same rounds, alternating which goes first each round: the second
 * of a pair finds the pages the first read in SQLite's cache.
 */
function p95Pair(
  rounds: number,
  a: (r: number) => unknown,
  b: (r: number) => unknown,
  timesItself = false,
): [number, number] {
  const times: [number[], number[]] = [[], []]
  for (let r = -2; r < rounds; r++) {
    const order = r % 2 ? ([0, 1] as const) : ([1, 0] as const)
    for (const k of order) {
      const t = process.hrtime.bigint()
      const own = (k === 0 ? a : b)(Math.max(0, r))
      // The first two rounds warm both up (statements, the page cache of the first filter).
      if (r >= 0) times[k].push(timesItself ? (own as number) : ms(t))
    }
  }
  return [Number(pct(times[0], 0.95).toFixed(3)), Number(pct(times[1], 0.95).toFixed(3))]
}

const KEEP = process.env.LIBRARY_QUERIES_DB

function measure(N: number, dir: string) {
  const file = join(dir, `q-${N}.sqlite`)
  const reused = KEEP !== undefined && existsSync(file)
  const index = new LibraryIndex(file)
  // A reused index replays the generator without writing, so the reads draw the same words,
  // models and cursors as after a fill and the runs compare shape for shape.
  if (reused) for (let k = 0; k < N; k++) row(k, N)
  const fillMs = reused ? 0 : fill(index, 0, N, N)
  if (reused && index.db.prepare('SELECT count(*) FROM items').pluck().get() !== N)
    throw new Error(`${file} does not hold ${N} items: delete it to fill it again`)
  if (!reused) index.db.exec('ANALYZE')
  const queries = new IndexQueries(index.db, () => undefined)

  // Cursors at random places of the whole library (deep pages).
  const keys = index.db
    .prepare('SELECT rowid FROM items WHERE rowid <= ? ORDER BY rowid DESC LIMIT 1')
    .pluck()
  const cursorAt = index.db.prepare('SELECT id, created FROM items WHERE rowid = ?')
  const cursors: LibraryCursor[] = []
  const keyRange = index.db
    .prepare('SELECT min(rowid) AS lo, max(rowid) AS hi FROM items')
    .get() as {
    lo: number
    hi: number
  }
  const deepKeys: number[] = []
  for (let r = 0; r < 50; r++) {
    const k = keys.get(keyRange.lo + Math.floor(rand() * (keyRange.hi - keyRange.lo))) as number
    deepKeys.push(k)
    const c = cursorAt.get(k) as { id: string; created: number }
    cursors.push({ id: c.id, createdAt: c.created })
  }
  // ── control: 200 tile rows by a primary-key range, newest first, as arrays (`.raw()`, as the
  // pages read them since session 20): the floor of any page. The same rows as keyed objects
  // (the control before) beside it, alternating: better-sqlite3 builds those property by
  // property, half of a page's cost. ──
  const controlSql = `SELECT ${TILE_COLUMNS} FROM items WHERE items.rowid < ? ORDER BY items.rowid DESC LIMIT 200`
  const control = index.db.prepare(controlSql).raw(true)
  const keyedControl = index.db.prepare(controlSql)
  const [controlP95, keyedControlP95] = p95Pair(
    ROUNDS,
    (r) => control.all(deepKeys[r % deepKeys.length]!),
    (r) => keyedControl.all(deepKeys[r % deepKeys.length]!),
  )

  const page = p95(ROUNDS, (r) => {
    const filter: LibraryFilter =
      r % 3 === 0 ? {} : r % 3 === 1 ? { media: 'image' } : { kinds: ['art'] }
    return index.page(filter, r % 10 === 0 ? null : cursors[r % cursors.length]!, 200)
  })
  const searchText = Array.from({ length: ROUNDS }, (_, r) =>
    r % 2 ? pick(COMMON) : r % 5 === 0 ? `${pick(COMMON)} ${pick(WORDS)}` : pick(WORDS).slice(0, 4),
  )
  const search = p95(ROUNDS, (r) => index.page({ text: searchText[r]! }, null, 200))
  // The same searches with every word as a prefix query (before schema 9's terms), same run.
  const placeOf = index.db.prepare('SELECT rowid AS key, cost FROM items WHERE id = ?')
  const prefixOnly = new IndexQueries(index.db, (id) => placeOf.get(id) as RowPlace | undefined)
  const searchBefore = p95(ROUNDS, (r) => prefixOnly.page({ text: searchText[r]! }, null, 200))
  const filterBefore = p95(ROUNDS, (r) =>
    prefixOnly.page(organiseFilter(r), r % 2 ? cursors[r % cursors.length]! : null, 200),
  )
  const termsBytes = index.db
    .prepare("SELECT sum(pgsize) FROM dbstat WHERE name = 'fts_terms'")
    .pluck()
    .get() as number
  const ftsBytes = index.db
    .prepare("SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'items_fts%'")
    .pluck()
    .get() as number
  /** A reader with nothing held or prepared, as the app's after a write or a restart. */
  const reader = () =>
    new IndexQueries(index.db, (id) => placeOf.get(id) as RowPlace | undefined, index.terms)
  const filter = p95(ROUNDS, (r) =>
    index.page(organiseFilter(r), r % 2 ? cursors[r % cursors.length]! : null, 200),
  )
  // The same mix in the order the grid reads a filter: its month counts first (the library
  // store's refresh), untimed, then the page, so a filter whose months hold its lists
  // (heldRowids.ts) pages as the app pages it.
  const filterAfterMonths = p95(
    ROUNDS,
    (r) => {
      const f = organiseFilter(r)
      index.months(f)
      return msOf(() => index.page(f, r % 2 ? cursors[r % cursors.length]! : null, 200))
    },
    true,
  )
  // Which shapes of the filter mix miss: the p95 of each shape over first and deep pages, each
  // round another of its filters (the mix's tag, collection or model for that round), as the mix
  // reads them: one filter read 20 times over showed that one filter's cost, its pages already
  // in SQLite's cache after the first read, not the shape's. Each shape on a fresh reader, its
  // pages first alone, then in the grid's order (months first, untimed), where a side-driven
  // filter's months hold its whole result (heldResults.ts).
  const filterByShape = Array.from({ length: 13 }, (_, k) => {
    const fresh = reader()
    // Drawn once per round: the words shape picks its word at random (organiseFilter), so a
    // second call would page another filter than the one whose months were read.
    const drawn = Array.from({ length: 20 }, (_, r) => organiseFilter(k + 13 * r))
    const f = (r: number) => drawn[r]!
    const at = (r: number) => (r % 2 ? cursors[r]! : null)
    const before = p95(20, (r) => fresh.page(f(r), at(r), 200))
    const after = p95(
      20,
      (r) => {
        fresh.months(f(r))
        return msOf(() => fresh.page(f(r), at(r), 200))
      },
      true,
    )
    return `${JSON.stringify(drawn[0])}: ${before} / ${after}`
  })
  // Prompt words with a collection, read as sorted rowid lists (intersectReads.ts), beside the
  // nested probes they replaced (IndexQueries.base and monthsByRanges still build them), same
  // run. Months cold: a fresh reader per word, as when the filter is set; pages and months warm:
  // one filter scrolled after its months held the word's rowids.
  const words = (r: number): LibraryFilter => ({
    collectionId: COLLECTIONS[0]!.id,
    text: COMMON[r % COMMON.length]!,
  })
  const nestedMonths = (f: LibraryFilter) => {
    const q = reader().monthsByRanges(f)!
    return index.db.prepare(q.sql).all(...q.params)
  }
  const wordsMonthsCold = p95(20, (r) => reader().months(words(r)))
  const wordsMonthsNested = p95(20, (r) => nestedMonths(words(r)))
  const warm = reader()
  const scrolled = words(0)
  warm.months(scrolled)
  const wordsMonths = p95(20, () => warm.months(scrolled))
  const at = (r: number) => (r % 2 ? cursors[r % cursors.length]! : null)
  const wordsPage = p95(60, (r) => warm.page(scrolled, at(r), 200))
  /** A page of a filter with words by the nested probes, below `key` when given. */
  const nestedPage = (f: LibraryFilter, key: number | null) => {
    const deep = key === null ? [] : [key]
    const b = warm.base(TILE_COLUMNS, f, deep.length ? ['items_fts.rowid < ?'] : [], deep)
    return index.db.prepare(`${b.sql} ORDER BY items_fts.rowid DESC LIMIT 201`).all(...b.params)
  }
  const wordsPageNested = p95(60, (r) =>
    nestedPage(scrolled, r % 2 ? deepKeys[r % deepKeys.length]! : null),
  )
  // Words alone (a plain search) as the grid reads them: month counts cold (a fresh reader per
  // search, as when it is typed), then a page at a random depth (a scroll, a jump to a month),
  // beside the reading before session 18 (FTS5's matches through a CASE over the month ranges;
  // each deep page a walk of the doclist to its bound), same run, same words.
  const searched = (r: number): LibraryFilter => ({ text: searchText[r % searchText.length]! })
  // The floor under them: FTS5 counting the same query's matches (its own walk of the doclists,
  // no rowid leaving SQLite, no month), alternating with the months, same run.
  const ftsCount = index.db
    .prepare('SELECT count(*) FROM items_fts WHERE items_fts MATCH ?')
    .pluck()
  const [searchMonthsCold, searchFtsCount] = p95Pair(
    40,
    (r) => reader().months(searched(r)),
    (r) => ftsCount.get(ftsQuery(searched(r).text!, index.terms)),
  )
  const searchMonthsNested = p95(40, (r) => nestedMonths(searched(r)))
  /** p95 of a page at a random depth of `filter(r)`, timed after its months on a fresh reader. */
  const deepAfterMonths = (rounds: number, filter: (r: number) => LibraryFilter) =>
    p95(
      rounds,
      (r) => {
        const q = reader()
        q.months(filter(r))
        return msOf(() => q.page(filter(r), cursors[r % cursors.length]!, 200))
      },
      true,
    )
  const searchDeep = deepAfterMonths(40, searched)
  const searchDeepNested = p95(40, (r) => nestedPage(searched(r), deepKeys[r % deepKeys.length]!))
  // Prompt words with an `items` condition (a search in favourites, by one model, in one kind)
  // as the grid reads them: months cold, then a page at a random depth, beside the nested
  // reading (FTS5's matches through the CASE with probes; a walk of the doclist), same run.
  const withItems = (r: number): LibraryFilter => {
    const text = COMMON[r % COMMON.length]!
    if (r % 3 === 0) return { text, favourites: true }
    return r % 3 === 1 ? { text, model: MODELS[r % MODELS.length]! } : { text, kinds: ['art'] }
  }
  const [itemsMonths, itemsMonthsNested] = p95Pair(
    24,
    (r) => reader().months(withItems(r)),
    (r) => nestedMonths(withItems(r)),
  )
  const itemsDeep = deepAfterMonths(24, withItems)
  const itemsDeepNested = p95(24, (r) => nestedPage(withItems(r), deepKeys[r % deepKeys.length]!))
  // A rarer word (~3.7k matches of 1M) in the largest collection or by one model: months cold,
  // its matches probed (probesCheaper in intersectReads.ts), beside the lists read whole as a
  // common word's are (planMonths on a fresh HeldRowids), same run, alternating.
  const rareWord = (r: number): LibraryFilter => {
    const text = WORDS[500 + (r % 40)]!
    return r % 2 ? { text, collectionId: COLLECTIONS[0]!.id } : { text, model: MODELS[r % 7]! }
  }
  const [rareMonths, rareMonthsLists] = p95Pair(
    24,
    (r) => reader().months(rareWord(r)),
    (r) => {
      const q = reader()
      const plan = intersectPlan(rareWord(r), index.terms)!
      const ranges = disjointRanges(index.db.prepare(MONTH_RANGES_SQL).all() as MonthRange[])!
      const held = new HeldRowids(index.db, (sql) => q.stmt(sql))
      return planMonths(plan, { stmt: (sql) => q.stmt(sql), held }, ranges)
    },
  )
  // Month counts after an edit that leaves the prompts alone (a rating changed from the grid, on
  // the reader's own connection as in the app's main): a search's and a "collection + word"
  // filter's FTS5 matches stay held (FtsVersion in indexVersion.ts), beside the same months read
  // cold, as every write made them before; same run, alternating. Each round rates one item and
  // puts its rating back afterwards (untimed), so a reused index stays as it was.
  const rated = (r: number, run: () => void) => {
    const id = cursors[r % cursors.length]!.id
    const item = index.get(id)!
    const fields = { tags: item.tags, collections: item.collections, favourite: item.favourite }
    index.organise.update(id, { ...fields, rating: (item.rating % 5) + 1 }, 1)
    run()
    index.organise.update(id, { ...fields, rating: item.rating }, 1)
  }
  /** ms of `read` inside `rated` (the edit and the rating put back untimed). */
  const timedAfterRating = (r: number, read: () => unknown) => {
    let took = 0
    rated(r, () => (took = msOf(read)))
    return took
  }
  const editing = reader()
  const afterRating = (filter: (r: number) => LibraryFilter) =>
    p95Pair(
      16,
      (r) => {
        editing.months(filter(r))
        return timedAfterRating(r, () => editing.months(filter(r)))
      },
      (r) => timedAfterRating(r, () => reader().months(filter(r))),
      true,
    )
  const searchAfterRating = afterRating(searched)
  const wordsAfterRating = afterRating(words)
  const plainMonthFilter = (r: number): LibraryFilter => (r % 2 ? {} : { media: 'video' })
  const monthsPlain = p95(30, (r) => index.months(plainMonthFilter(r)))
  // Cold: a fresh reader each round, nothing held (a filter just set, or after a write);
  // warm: the same filters read again, what a filter's own refreshes read. The filters are
  // drawn once (the words shape picks its word at random) and each read once before the warm
  // rounds, so warm is the second read of the same filter.
  const mix = Array.from({ length: 39 }, (_, r) => organiseFilter(r))
  const monthsFiltered = p95(39, (r) => reader().months(mix[r]!))
  for (const f of mix) index.months(f)
  const monthsFilteredWarm = p95(39, (r) => index.months(mix[r]!))
  // The shapes a side table drives with something the count tables cannot answer ("two tags",
  // "collection, tag, rating ≥ 2", "rare tag + model"): months cold, their whole result read and
  // held, beside the count per month range by SQL they replaced, same run, same filters.
  const sideDriven = (r: number) => organiseFilter([3, 8, 12][r % 3]! + 13 * Math.floor(r / 3))
  const [sideMonths, sideMonthsRanges] = p95Pair(
    30,
    (r) => reader().months(sideDriven(r)),
    (r) => nestedMonths(sideDriven(r)),
  )
  // Which shapes of the mix miss: the median of 3 cold reads of each (3 of its filters), in ms.
  const monthsByShape = Array.from({ length: 13 }, (_, k) => {
    const drawn = [0, 1, 2].map((r) => organiseFilter(k + 13 * r))
    const times = drawn.map((f) => {
      const q = reader()
      return msOf(() => q.months(f))
    })
    return `${JSON.stringify(drawn[0])}: ${pct(times, 0.5).toFixed(1)}`
  })
  const rowsMonths = (f: LibraryFilter) => {
    const q = queries.monthsFromRows(f)
    return index.db.prepare(q.sql).all(...q.params)
  }
  const monthsPlainBefore = p95(30, (r) => rowsMonths(plainMonthFilter(r)))
  const monthsFilteredBefore = p95(39, (r) => rowsMonths(mix[r]!))
  const prefixOf = (r: number) => (r % 3 === 0 ? '' : pick(TAGS).slice(0, 1 + (r % 3)))
  const suggest = p95(60, (r) => index.organise.suggestions(prefixOf(r), 10))
  const oldSuggest = index.db.prepare(`
    SELECT tag, max(label) AS label, count(*) AS n FROM item_tags
    WHERE tag >= ? AND tag < ? GROUP BY tag ORDER BY n DESC, tag LIMIT ?`)
  const suggestBefore = p95(60, (r) => oldSuggest.all(...prefixRange(tagKey(prefixOf(r))), 10))
  index.close()
  if (!KEEP) rmSync(file, { force: true })

  const ratio = (x: number) => Number((x / controlP95).toFixed(1))
  return {
    bench: 'library-queries',
    items: N,
    fill_ms: reused ? 'reused' : Math.round(fillMs),
    fill_us_per_item: reused ? 'reused' : Number(((fillMs * 1000) / N).toFixed(1)),
    control_pk_range_200_p95_ms: controlP95,
    control_keyed_rows_p95_ms: keyedControlP95,
    page200_p95_ms: page,
    page_vs_control: ratio(page),
    search_p95_ms: search,
    search_before_p95_ms: searchBefore,
    search_vs_control: ratio(search),
    fts_terms_bytes: termsBytes,
    items_fts_bytes: ftsBytes,
    filter_p95_ms: filter,
    filter_before_p95_ms: filterBefore,
    filter_after_months_p95_ms: filterAfterMonths,
    filter_vs_control: ratio(filter),
    filter_p95_by_shape_ms: filterByShape,
    search_months_p95_ms: {
      cold: searchMonthsCold,
      nested: searchMonthsNested,
      fts_count_floor: searchFtsCount,
    },
    search_deep_page_p95_ms: { held: searchDeep, nested: searchDeepNested },
    words_items_months_p95_ms: { cold: itemsMonths, nested: itemsMonthsNested },
    words_items_deep_page_p95_ms: { held: itemsDeep, nested: itemsDeepNested },
    rare_word_months_p95_ms: { probed: rareMonths, lists: rareMonthsLists },
    months_after_rating_p95_ms: {
      search: { kept: searchAfterRating[0], cold: searchAfterRating[1] },
      collection_word: { kept: wordsAfterRating[0], cold: wordsAfterRating[1] },
    },
    words_collection_page_p95_ms: { warm: wordsPage, nested: wordsPageNested },
    words_collection_months_p95_ms: {
      warm: wordsMonths,
      cold: wordsMonthsCold,
      nested: wordsMonthsNested,
    },
    months_plain_p95_ms: monthsPlain,
    months_plain_before_p95_ms: monthsPlainBefore,
    months_plain_vs_control: ratio(monthsPlain),
    months_filtered_p95_ms: monthsFiltered,
    months_filtered_warm_p95_ms: monthsFilteredWarm,
    side_driven_months_p95_ms: { cold: sideMonths, ranges: sideMonthsRanges },
    months_filtered_before_p95_ms: monthsFilteredBefore,
    months_filtered_vs_control: ratio(monthsFiltered),
    months_filtered_median_by_shape_ms: monthsByShape,
    tag_suggest_p95_ms: suggest,
    tag_suggest_before_p95_ms: suggestBefore,
    tag_suggest_vs_control: ratio(suggest),
    goal_page_ms: 2,
    goal_search_ms: 20,
    goal_filter_ms: 5,
    goal_months_ms: 20,
    goal_tag_suggest_ms: 10,
  }
}

async function main() {
  if (KEEP) mkdirSync(KEEP, { recursive: true })
  const dir = KEEP ?? mkdtempSync(join(tmpdir(), 'bench-queries-'))
  try {
    const results = SIZES.map((n) => measure(n, dir))
    const column = (r: (typeof results)[number]) => ({
      'fill the index (upsertBulk)': `${r.fill_ms} ms (${r.fill_us_per_item} µs/item)`,
      'control: 200 rows by pk range p95, arrays (keyed)': `${r.control_pk_range_200_p95_ms} ms (${r.control_keyed_rows_p95_ms})`,
      'page of 200 p95': `${r.page200_p95_ms} ms (${r.page_vs_control}×)`,
      'text search p95 (prefix queries)': `${r.search_p95_ms} ms (${r.search_vs_control}×) (${r.search_before_p95_ms})`,
      'search months p95 cold (nested probes)': `${r.search_months_p95_ms.cold} ms (${r.search_months_p95_ms.nested})`,
      "floor: FTS5's count of the same matches p95": `${r.search_months_p95_ms.fts_count_floor} ms`,
      'search deep page p95 after its months (nested probes)': `${r.search_deep_page_p95_ms.held} ms (${r.search_deep_page_p95_ms.nested})`,
      'words + favourites/model/kind months p95 cold (nested)': `${r.words_items_months_p95_ms.cold} ms (${r.words_items_months_p95_ms.nested})`,
      'words + favourites/model/kind deep page p95 after months (nested)': `${r.words_items_deep_page_p95_ms.held} ms (${r.words_items_deep_page_p95_ms.nested})`,
      'rare word + collection/model months p95 cold (lists)': `${r.rare_word_months_p95_ms.probed} ms (${r.rare_word_months_p95_ms.lists})`,
      'months p95 after a rating: search / collection + word (read cold)': `${r.months_after_rating_p95_ms.search.kept} / ${r.months_after_rating_p95_ms.collection_word.kept} ms (${r.months_after_rating_p95_ms.search.cold} / ${r.months_after_rating_p95_ms.collection_word.cold})`,
      'fts_terms / items_fts bytes': `${r.fts_terms_bytes} / ${r.items_fts_bytes}`,
      'rating/tag/collection filter p95 (prefix)': `${r.filter_p95_ms} ms (${r.filter_vs_control}×) (${r.filter_before_p95_ms})`,
      'filter p95, pages after their months (as the grid reads)': `${r.filter_after_months_p95_ms} ms`,
      'collection + word page p95 held (nested probes)': `${r.words_collection_page_p95_ms.warm} ms (${r.words_collection_page_p95_ms.nested})`,
      'collection + word months p95 warm / cold (nested probes)': `${r.words_collection_months_p95_ms.warm} / ${r.words_collection_months_p95_ms.cold} ms (${r.words_collection_months_p95_ms.nested})`,
      'months p95, plain (before)': `${r.months_plain_p95_ms} ms (${r.months_plain_before_p95_ms})`,
      'side-driven months p95 cold (by ranges)': `${r.side_driven_months_p95_ms.cold} ms (${r.side_driven_months_p95_ms.ranges})`,
      'months p95, filtered cold / warm (before)': `${r.months_filtered_p95_ms} / ${r.months_filtered_warm_p95_ms} ms (${r.months_filtered_before_p95_ms})`,
      'tag suggestions p95 (before)': `${r.tag_suggest_p95_ms} ms (${r.tag_suggest_before_p95_ms})`,
    })
    for (const r of results) {
      console.log(
        `filter page p95 by shape at ${r.items}, alone / after its months (20 filters of each shape; the first shown):\n  ${r.filter_p95_by_shape_ms.join('\n  ')}`,
      )
      console.log(
        `months, filtered, cold median by shape at ${r.items} (3 filters of each; the first shown):\n  ${r.months_filtered_median_by_shape_ms.join('\n  ')}`,
      )
    }
    printScales(
      'library-queries',
      results,
      column,
      'goals: page p95 ≤ 2 ms; search ≤ 20; filter ≤ 5; months plain/filtered ≤ 20; tag suggestions ≤ 10',
    )
  } finally {
    if (!KEEP) rmSync(dir, { recursive: true, force: true })
  }
}

runBench(main)

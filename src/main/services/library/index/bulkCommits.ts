/**
 * How many rows a first index commits at once (`LibraryIndex.upsertBulk`): larger commits write
 * each page they dirty fewer times, smaller ones show main the new rows sooner.
 */

/**
 * Rows per commit of a first index (`upsertBulk`). 100k rows written alone in 500-row chunks:
 * one commit per chunk 11.6–14.0 s, one per 10,000 rows 8.4–9.4 s (the 2-core VM at load ~6,
 * alternating, rows of bench/support/syntheticLibrary.ts); the WAL grows to one commit's pages.
 */
export const BULK_COMMIT_ROWS = 10_000

/** The most rows per commit of a large first index (`bulkCommitRows`). */
export const BULK_COMMIT_MAX = 100_000

/**
 * Rows per commit of a first index when the index already holds `indexed` rows: a tenth of
 * them, no fewer than BULK_COMMIT_ROWS and no more than BULK_COMMIT_MAX. The id, sha256 and task
 * indexes take rows at random places, so a commit of r rows writes about one page per row to each
 * of them until r nears their size in pages, and an index grows with the library: late in a 1M
 * build a 10,000-row commit wrote up to ~120 MB of pages (the WAL's high-water mark), most of them
 * again at the next one. Rows written alone into a 1M index in 500-row chunks, ids in random order
 * (as the folder walk meets them): a commit per 10,000 rows 183 µs a row, rising from 117 in the
 * first 100k to 200-240 in the last half; per 50,000 121; per 100,000 115; as this function
 * scales them 105 (84-134 per 100k slice, no rise). A tenth of the index keeps the share of those
 * pages a row writes about what it is at 100k items with 10,000, so the cost per row stays flat.
 * The cap bounds the WAL a commit writes (304 MB at the end of that 1M run, past the build's page
 * cache, BUILD_CACHE_KIB, which then spills) and how long main waits for rows: what it sees of a
 * first index arrives a commit at a time, every ~10 s at the end of a 1M build.
 */
export const bulkCommitRows = (indexed: number): number =>
  Math.min(BULK_COMMIT_MAX, Math.max(BULK_COMMIT_ROWS, Math.round(indexed / 10)))

import type { BatchCell } from '@shared/batch/types'
import type {
  LibraryKind,
  LibraryMedia,
  LibrarySidecar,
  LibraryTile,
  MediaExt,
} from '@shared/library/types'

import type { PrefixTerms } from './ftsTerms'

/**
 * A word or term as an FTS5 string. Neither can hold a quote today (typed words are split at
 * every non-word character, terms are unicode61 tokens), so its escaping survives mutation as
 * equivalent; it stays so a future caller cannot turn text into FTS5 syntax.
 */
const quoted = (w: string) => `"${w.replace(/"/g, '""')}"`

/**
 * Turns what the user typed into a safe FTS5 query: every word must occur (prefix match), and
 * nothing the user types can be FTS syntax. Null when there are no words. With `prefixTerms`, a
 * word it knows the terms of is written as the OR of those exact terms, which matches the same
 * rows as its prefix form without FTS5's prefix scan (ftsTerms.ts).
 */
export function ftsQuery(text: string, prefixTerms?: PrefixTerms): string | null {
  const words = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean)
    .slice(0, 16)
  if (!words.length) return null
  let grouped = false
  const parts = words.map((w) => {
    const terms = prefixTerms?.terms(w)
    if (!terms) return `${quoted(w)}*`
    grouped = true
    return `(${terms.map(quoted).join(' OR ')})`
  })
  // FTS5 takes an implicit AND between phrases but not after a parenthesised group.
  return parts.join(grouped ? ' AND ' : ' ')
}

/**
 * A tile's columns and what selects each, in the order TILE_COLUMNS selects them: a raw row (an
 * array, `rawTile`) holds them at these places.
 */
const TILE_FIELDS = {
  id: 'items.id',
  kind: 'items.kind',
  media: 'items.media',
  model: 'items.model',
  prompt_preview: 'substr(items.prompt, 1, 200)',
  created: 'items.created',
  favourite: 'items.favourite',
  width: 'items.width',
  height: 'items.height',
  duration: 'items.duration',
  sha256: 'items.sha256',
  rel_path: 'items.rel_path',
  problem: 'items.problem',
  poster: 'items.poster',
  cost: 'items.cost',
  batch_id: 'items.batch_id',
  rating: 'items.rating',
} satisfies Record<keyof TileRow, string>

export const TILE_COLUMNS = Object.entries(TILE_FIELDS)
  .map(([name, sql]) => (sql === `items.${name}` ? sql : `${sql} AS ${name}`))
  .join(', ')

/** Where a raw row of TILE_COLUMNS holds each column. */
const AT = Object.fromEntries(Object.keys(TILE_FIELDS).map((name, i) => [name, i])) as Record<
  keyof TileRow,
  number
>

export interface TileRow {
  id: string
  kind: string
  media: string
  model: string
  prompt_preview: string
  created: number
  favourite: number
  width: number | null
  height: number | null
  duration: number | null
  sha256: string
  rel_path: string
  problem: string | null
  poster: number
  cost: number | null
  batch_id: string | null
  rating: number
}

export interface FullRow extends TileRow {
  rowid: number
  prompt: string
  negative: string
  params: string
  seed: number | null
  source_task: string | null
  bytes: number
  demo: number
  ext: string
  original_name: string | null
  batch_x: string | null
  batch_y: string | null
  batch_index: number | null
  batch_repeat: number | null
  batch_picks: string | null
}

export const toTile = (r: TileRow): LibraryTile => ({
  id: r.id,
  kind: r.kind as LibraryKind,
  media: r.media as LibraryMedia,
  model: r.model,
  promptPreview: r.prompt_preview,
  createdAt: r.created,
  favourite: r.favourite === 1,
  width: r.width,
  height: r.height,
  durationSec: r.duration,
  sha256: r.sha256,
  fileName: r.rel_path.slice(r.rel_path.lastIndexOf('/') + 1),
  problem: r.problem,
  hasThumb: r.media === 'image' || r.poster === 1,
  costEstimate: r.cost,
  batchId: r.batch_id,
  rating: r.rating,
})

/**
 * The tile of a raw row of TILE_COLUMNS (a statement in `.raw()` mode). Pages read their rows so:
 * better-sqlite3 builds a keyed row property by property, which cost half of a 200-tile page at
 * 1M items (p50 1.11 ms keyed and mapped, 0.54 raw and mapped, the SQL walk itself 0.05).
 */
export const rawTile = (a: unknown[]): LibraryTile =>
  toTile({
    id: a[AT.id] as string,
    kind: a[AT.kind] as string,
    media: a[AT.media] as string,
    model: a[AT.model] as string,
    prompt_preview: a[AT.prompt_preview] as string,
    created: a[AT.created] as number,
    favourite: a[AT.favourite] as number,
    width: a[AT.width] as number | null,
    height: a[AT.height] as number | null,
    duration: a[AT.duration] as number | null,
    sha256: a[AT.sha256] as string,
    rel_path: a[AT.rel_path] as string,
    problem: a[AT.problem] as string | null,
    poster: a[AT.poster] as number,
    cost: a[AT.cost] as number | null,
    batch_id: a[AT.batch_id] as string | null,
    rating: a[AT.rating] as number,
  })

/** The batch columns of a row for a sidecar's batch cell (all null when it has none). */
export const batchColumns = (b: BatchCell | undefined) => ({
  batch_id: b?.batchId ?? null,
  batch_x: b?.x ?? null,
  batch_y: b?.y ?? null,
  batch_index: b?.index ?? null,
  batch_repeat: b?.repeat ?? null,
  batch_picks: b ? JSON.stringify(b.picks) : null,
})

/** What the index stores per file: the sidecar plus where it is and how it looked when read. */
export interface IndexRow {
  sidecar: LibrarySidecar
  relPath: string
  media: LibraryMedia
  ext: MediaExt
  fileMtime: number
  fileSize: number
  /** -1 when the file has no readable sidecar. */
  sidecarMtime: number
  problem: string | null
  /** A video whose poster frame is in the thumbnail cache (images always have a thumbnail). */
  poster?: boolean
}

/** Where a row goes and what it is called, decided by the writer (key, ID suffix, month). */
interface RowPlacing {
  rowid: number
  id: string
  created: number
  month: number
}

/** The `items` columns of a row, named as LibraryIndex's insert binds them. */
export function rowValues(row: IndexRow, { rowid, id, created, month }: RowPlacing) {
  const s = row.sidecar
  return {
    rowid,
    id,
    rel_path: row.relPath,
    kind: s.kind,
    media: row.media,
    ext: row.ext,
    model: s.model,
    prompt: s.prompt,
    negative: s.negativePrompt,
    params: JSON.stringify(s.params),
    seed: s.seed,
    cost: s.costEstimate,
    source_task: s.sourceTaskId,
    width: s.width,
    height: s.height,
    duration: s.durationSec,
    bytes: s.bytes,
    sha256: s.sha256,
    created,
    month,
    favourite: s.favourite ? 1 : 0,
    demo: s.demo ? 1 : 0,
    original_name: s.originalName ?? null,
    problem: row.problem,
    file_mtime: row.fileMtime,
    file_size: row.fileSize,
    sidecar_mtime: row.sidecarMtime,
    poster: row.poster ? 1 : 0,
    ...batchColumns(s.batch),
    rating: s.rating ?? 0,
  }
}

/** The batch cell stored in a row, or null. */
export function batchOf(r: FullRow): BatchCell | null {
  if (r.batch_id === null) return null
  let picks: string[] = []
  try {
    const v: unknown = JSON.parse(r.batch_picks ?? '[]')
    if (Array.isArray(v)) picks = v.filter((p): p is string => typeof p === 'string')
  } catch {
    // Written by us from a checked cell; a damaged value just loses the picks (so does a value
    // that is not a list, here or above: mutants that send one down the other way are equivalent).
  }
  return {
    batchId: r.batch_id,
    index: r.batch_index ?? 0,
    x: r.batch_x,
    y: r.batch_y,
    repeat: r.batch_repeat ?? 1,
    picks,
  }
}

export function parseParams(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text)
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

/**
 * Rows in key order: FTS5 writes out the terms it holds whenever a row's key is below the
 * previous one's (sqlite3Fts5IndexBeginWrite), so rows in folder order cost it a segment almost
 * each. Each row's key is parsed once, not at every comparison; ties keep their order (the sort
 * is stable).
 */
export function inKeyOrder<T extends { sidecar: { created: string } }>(rows: T[]): T[] {
  if (rows.length < 2) return rows
  return rows
    .map((row) => ({ row, at: Date.parse(row.sidecar.created) || 0 }))
    .sort((a, b) => a.at - b.at)
    .map((e) => e.row)
}

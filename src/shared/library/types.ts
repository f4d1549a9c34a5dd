import type { BatchCell } from '../batch/types'
import type { Lineage } from './lineage'
import type { SidecarStamps } from './stamps'

/**
 * The library's shapes, shared by main (which owns the files and the index) and the renderer
 * (which browses them). Sidecar JSON files next to each output are the source of truth; these
 * views are what crosses IPC.
 */

/** What produced an item: the generation area, or an import from the user's disk. */
export const LIBRARY_KINDS = ['image', 'video', 'art', 'workbench', 'imported'] as const
export type LibraryKind = (typeof LIBRARY_KINDS)[number]

/** What the file is, derived from its bytes; decides the viewer (zoomable image or video player). */
export type LibraryMedia = 'image' | 'video'

/** File extensions the library stores, with their media type and MIME type. */
export const MEDIA_TYPES = {
  png: { media: 'image', mime: 'image/png' },
  jpg: { media: 'image', mime: 'image/jpeg' },
  jpeg: { media: 'image', mime: 'image/jpeg' },
  webp: { media: 'image', mime: 'image/webp' },
  gif: { media: 'image', mime: 'image/gif' },
  mp4: { media: 'video', mime: 'video/mp4' },
  webm: { media: 'video', mime: 'video/webm' },
  mov: { media: 'video', mime: 'video/quicktime' },
} as const satisfies Record<string, { media: LibraryMedia; mime: string }>
export type MediaExt = keyof typeof MEDIA_TYPES

/** Lower-cased extension without the dot if the library can hold it, else null. */
export function mediaExtOf(name: string): MediaExt | null {
  const dot = name.lastIndexOf('.')
  if (dot < 0) return null
  const ext = name.slice(dot + 1).toLowerCase()
  return Object.prototype.hasOwnProperty.call(MEDIA_TYPES, ext) ? (ext as MediaExt) : null
}

/**
 * The JSON sidecar written next to every file (`<file>.json`). Version 1. Everything a form needs
 * to reuse the settings is here, so the index can always be rebuilt from the folder alone.
 */
export interface LibrarySidecar {
  format: 'gen-studio-library'
  version: 1
  id: string
  kind: LibraryKind
  model: string
  prompt: string
  negativePrompt: string
  /** Every request parameter as sent (size, quality, steps, sampler, character prompts, ...). */
  params: Record<string, unknown>
  seed: number | null
  /** Estimated USD cost shown before the request; null when there is no published rate. */
  costEstimate: number | null
  sourceTaskId: string | null
  width: number | null
  height: number | null
  durationSec: number | null
  bytes: number
  sha256: string
  /** ISO 8601 time the output was created. */
  created: string
  favourite: boolean
  /** Made by the offline demo (simulator), not by the real service. */
  demo: boolean
  /** Original file name for imported files. */
  originalName?: string
  /**
   * Where the output sits in the batch that made it (written only for batch results), so the
   * library can show "Batch · X … · Y …" and filter by batch after a rebuild from sidecars.
   */
  batch?: BatchCell
  /** Stars 0–5 (issue #16); absent when 0. */
  rating?: number
  /** Free tags, normalised and case-insensitively unique (shared/library/organise.ts); absent when none. */
  tags?: string[]
  /** Ids of the collections the item is in (names are in `.gen-studio/collections.json`); absent when none. */
  collections?: string[]
  /** When each organising field was last changed, for merging sync conflicts (stamps.ts, #28). */
  stamps?: SidecarStamps
  /** The item it was made from locally (crop, upscale, expand…: lineage.ts); absent otherwise. */
  derivedFrom?: Lineage
}

/** A grid tile: just enough to draw and label it; `library:get` returns the rest. */
export interface LibraryTile {
  id: string
  kind: LibraryKind
  media: LibraryMedia
  model: string
  /** The prompt, cut to 200 characters for the tile's label. */
  promptPreview: string
  createdAt: number
  favourite: boolean
  width: number | null
  height: number | null
  durationSec: number | null
  sha256: string
  fileName: string
  /** The sidecar could not be read (or is missing): shown on the tile, the file is untouched. */
  problem: string | null
  /** A thumbnail can be served (always for images; for videos once a poster frame was stored). */
  hasThumb: boolean
  /** Estimated USD cost (an estimate or an accepted quote, never the charge); null: no rate. */
  costEstimate: number | null
  /** The batch the item came from, for the "Show batch" filter; null when not from a batch. */
  batchId: string | null
  /** Stars 0–5; 0 when not rated. */
  rating: number
}

/** Everything about one item, for the detail view and "reuse settings". */
export interface LibraryItem extends LibraryTile {
  prompt: string
  negativePrompt: string
  params: Record<string, unknown>
  seed: number | null
  sourceTaskId: string | null
  bytes: number
  demo: boolean
  /** Path inside the library folder, `/`-separated (for the media URL and display). */
  relPath: string
  ext: MediaExt
  originalName: string | null
  /** Its place in the batch that made it (X/Y labels, repeat, wildcard picks), or null. */
  batch: BatchCell | null
  /** Its tags, in the order they were added. */
  tags: string[]
  /** Ids of the collections it is in. */
  collections: string[]
}

/**
 * Where a page ends; the next page starts strictly after it, in the filter's sort order. Newest
 * first needs only `createdAt` and `id`; the cost orders also need the item's `cost` (null: the
 * page ended among the items without a cost, which always come last).
 */
export interface LibraryCursor {
  createdAt: number
  id: string
  cost?: number | null
}

/** Grid orders: newest first (the default), or by estimated cost with unpriced items last. */
export const LIBRARY_SORTS = ['newest', 'cost-desc', 'cost-asc'] as const
export type LibrarySort = (typeof LIBRARY_SORTS)[number]

export interface LibraryFilter {
  kinds?: LibraryKind[]
  media?: LibraryMedia
  model?: string
  /** Inclusive lower bound, ms since epoch. */
  from?: number
  /** Exclusive upper bound, ms since epoch. */
  to?: number
  favourites?: boolean
  /** Words searched in prompts and negative prompts (prefix match, all words must occur). */
  text?: string
  /** Only the outputs of this batch. */
  batchId?: string
  /** Inclusive bounds on the estimated cost in USD; either one leaves out items with no cost. */
  minCost?: number
  maxCost?: number
  /** Only items rated at least this many stars (1–5; 0 or absent: any). */
  minRating?: number
  /** Only items carrying every one of these tags (case-insensitive). */
  tags?: string[]
  /** Only the items in this collection. */
  collectionId?: string
  /** Order of the grid; not a filter (months and counts ignore it). Default newest. */
  sort?: LibrarySort
}

export interface LibraryPage {
  items: LibraryTile[]
  /** The cursor for the next page, null when this page reached the end. */
  next: LibraryCursor | null
}

/** Items per calendar month (local time), newest first, for the scrubber and grid positions. */
export interface LibraryMonth {
  /** `YYYY-MM` */
  month: string
  count: number
  /** First instant of the month, ms since epoch (local time). */
  start: number
  /** First instant of the following month. */
  end: number
}

export interface LibraryStatus {
  dir: string
  /** The index finished its first reconcile with this folder. */
  ready: boolean
  itemCount: number
  /** missing: the folder is gone (unplugged drive?); readonly: cannot save or delete. */
  state: 'ok' | 'missing' | 'readonly' | 'error'
  message: string | null
  /** Files whose sidecars could not be read, with the reason; the rest of the library works. */
  problems: Array<{ relPath: string; message: string }>
}

/** What `library:changed` says; the renderer refetches what it shows. */
export interface LibraryChange {
  reason: 'added' | 'removed' | 'updated' | 'reset'
  ids: string[]
}

export interface ImportReport {
  imported: LibraryTile[]
  duplicates: Array<{ path: string; id: string }>
  failed: Array<{ path: string; message: string }>
}

export interface DeleteReceipt {
  /** Pass to `library:undoDelete` before `undoUntil`. */
  token: string
  count: number
  undoUntil: number
}

/** How long a delete can be undone before the files go to the OS trash. */
export const UNDO_WINDOW_MS = 60_000

import type { LibraryKind, LibraryMedia, LibraryTile } from '@shared/library/types'

/**
 * Turns what the user typed into a safe FTS5 query: every word must occur (prefix match), and
 * nothing the user types can be FTS syntax. Null when there are no words.
 */
export function ftsQuery(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean)
    .slice(0, 16)
  if (!words.length) return null
  return words.map((w) => `"${w.replace(/"/g, '""')}"*`).join(' ')
}

export const TILE_COLUMNS = `items.id, items.kind, items.media, items.model,
  substr(items.prompt, 1, 200) AS prompt_preview, items.created, items.favourite, items.width,
  items.height, items.duration, items.sha256, items.rel_path, items.problem, items.poster`

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
}

export interface FullRow extends TileRow {
  prompt: string
  negative: string
  params: string
  seed: number | null
  cost: number | null
  source_task: string | null
  bytes: number
  demo: number
  ext: string
  original_name: string | null
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
})

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

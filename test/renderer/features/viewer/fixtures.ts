import { initialState, useLibraryStore } from '@renderer/stores/library'
import { useLibraryViewStore } from '@renderer/stores/libraryView'
import type { LibraryItem, LibraryTile } from '@shared/library/types'
import { fakeMain } from '@test/support/generateScreens'
import axe from 'axe-core'

/** Library tiles and items for the viewer and compare tests. */

export const tile = (n: number, over: Partial<LibraryTile> = {}): LibraryTile => ({
  id: `i${n}`,
  kind: 'image',
  media: 'image',
  model: 'std-image-2',
  promptPreview: `prompt ${n}`,
  createdAt: 1000 - n,
  favourite: false,
  width: 1024,
  height: 768,
  durationSec: null,
  sha256: `${n}`.padStart(64, '0'),
  fileName: `i${n}.png`,
  problem: null,
  hasThumb: true,
  costEstimate: 0.04,
  batchId: null,
  rating: 0,
  ...over,
})

export const item = (n: number, over: Partial<LibraryItem> = {}): LibraryItem => ({
  ...tile(n),
  prompt: `prompt ${n}`,
  negativePrompt: '',
  params: {},
  seed: 1,
  sourceTaskId: null,
  bytes: 1000,
  demo: false,
  relPath: `2026/11/25/i${n}.png`,
  ext: 'png',
  originalName: null,
  batch: null,
  tags: [],
  collections: [],
  ...over,
})

/**
 * A fake main that answers the library channels the viewer and compare use, from `items`;
 * `library:query` answers a block of tiles made from the position in the request.
 */
export function libraryMain(items: Record<string, LibraryItem>) {
  return fakeMain({
    'library:get': (p) => {
      const found = items[(p as { id: string }).id]
      return found
        ? { ok: true, value: found }
        : {
            ok: false,
            error: { code: 'not_found', message: 'This item is no longer in the library.' },
          }
    },
    'library:setFavourite': (p) => {
      const { id, favourite } = p as { id: string; favourite: boolean }
      return { ok: true, value: { ...items[id]!, favourite } }
    },
    'library:delete': (p) => ({
      ok: true,
      value: {
        token: 'tok',
        count: (p as { ids: string[] }).ids.length,
        undoUntil: Date.now() + 60_000,
      },
    }),
    'library:months': () => ({
      ok: true,
      value: [{ month: '2026-11', count: useLibraryStore.getState().total, start: 0, end: 1 }],
    }),
    'library:models': () => ({ ok: true, value: [] }),
    'library:query': () => ({ ok: true, value: { items: [], next: null } }),
    'library:undoDelete': () => ({ ok: true, value: [] }),
    'library:setRating': (p) => {
      const { ids } = p as { ids: string[] }
      return { ok: true, value: { before: ids.map((id) => ({ id, rating: 0 })), failed: [] } }
    },
  })
}

/** The library store with `tiles` loaded as the first block, and the view store closed. */
export function seedLibrary(tiles: LibraryTile[], total = tiles.length) {
  useLibraryStore.setState({
    ...initialState,
    filter: {},
    selection: new Set(),
    total,
    months: [{ month: '2026-11', count: total, start: 0, end: 1 }],
    blocks: { 0: tiles },
  })
  useLibraryViewStore.setState({ viewerPos: null, compareIds: null, tileSize: 'medium' })
}

/** Serious or critical axe findings (colour contrast needs real layout, so it is off). */
export async function violations(node: Element): Promise<string[]> {
  const result = await axe.run(node, { rules: { 'color-contrast': { enabled: false } } })
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`)
}

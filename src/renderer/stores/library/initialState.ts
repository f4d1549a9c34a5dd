import type {
  DeleteReceipt,
  LibraryFilter,
  LibraryItem,
  LibraryMonth,
  LibraryStatus,
  LibraryTile,
} from '@shared/library/types'
import type { AppError } from '@shared/result'

export type SelectMode = 'only' | 'toggle' | 'range' | 'extend'

export interface LibraryState {
  filter: LibraryFilter
  months: LibraryMonth[]
  total: number
  /** Bumped whenever positions change meaning (filter, items added/removed); late pages are dropped. */
  generation: number
  /** Loaded tiles by block number (position / BLOCK). */
  blocks: Record<number, LibraryTile[]>
  /** The previous generation's blocks, drawn until fresh ones arrive (no flicker on changes). */
  stale: Record<number, LibraryTile[]>
  status: LibraryStatus | null
  models: Array<{ model: string; count: number }>
  selection: ReadonlySet<string>
  /** Position the next Shift-selection extends from. */
  anchor: number | null
  /** Keyboard focus position in the grid. */
  active: number
  detailId: string | null
  detail: LibraryItem | null
  toast: DeleteReceipt | null
  notice: string | null
  error: AppError | null
  /** Bumped per item when a poster is stored, so its thumbnail URL changes. */
  posterVersion: Record<string, number>
  busy: boolean
  /** Ask the grid to scroll to a position (the scrubber); seq makes repeats distinct. */
  scrollRequest: { pos: number; seq: number } | null
  /** Index (in months) of the month at the top of the grid. */
  visibleMonth: number
  /** Items whose thumbnail failed to load (videos without a poster yet). */
  missingThumbs: Record<string, true>
}

export const initialState: LibraryState = {
  filter: {},
  months: [],
  total: 0,
  generation: 0,
  blocks: {},
  stale: {},
  status: null,
  models: [],
  selection: new Set(),
  anchor: null,
  active: 0,
  detailId: null,
  detail: null,
  toast: null,
  notice: null,
  error: null,
  posterVersion: {},
  busy: false,
  scrollRequest: null,
  visibleMonth: 0,
  missingThumbs: {},
}

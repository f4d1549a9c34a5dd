import type { ExportFormat, ExportMetadata } from '@shared/library/exportOptions'
import type { OrganisePatch } from '@shared/library/organise'
import type { ImportReport, LibraryFilter, LibraryItem, LibraryTile } from '@shared/library/types'
import type { Result } from '@shared/result'

import type { LibraryState, SelectMode } from './initialState'

/** The library store's shape: its state, the browsing actions and the file actions. */
export interface LibraryActions {
  /** Subscribes to main's events and loads the first view; returns the cleanup. */
  init(): () => void
  setFilter(patch: Partial<LibraryFilter>): void
  /** Clears every filter; the sort order stays (it is how the user likes to look, not a filter). */
  clearFilter(): void
  /**
   * Shows only the outputs of one batch (the detail view's "Show batch", and the Tasks screen,
   * which then navigates to the library). Replaces the other filters, keeps the sort.
   */
  showBatch(batchId: string): void
  refresh(keepBlocks?: boolean): Promise<void>
  /** Makes sure the blocks covering positions [start, end] are loaded or loading. */
  ensure(start: number, end: number): void
  tileAt(pos: number): LibraryTile | undefined
  select(pos: number, mode: SelectMode): Promise<void>
  selectAll(): Promise<void>
  clearSelection(): void
  setActive(pos: number): void
  openDetail(id: string): Promise<void>
  closeDetail(): void
  setFavourite(id: string, favourite: boolean): Promise<void>
  /** Sets one item's stars 0–5 (undoable, see stores/organise); the viewer's 0–5 keys. */
  setRating(id: string, rating: number): Promise<void>
  /**
   * Shows organising fields on the loaded tiles and the open item right away, before the
   * refetch that main's `library:changed` brings (keyboard ratings feel instant).
   */
  applyOrganise(patches: readonly OrganisePatch[]): void
  deleteIds(ids: string[]): Promise<void>
  undoDelete(): Promise<void>
  dismissToast(): void
  reuse(item: LibraryItem, type: 'reuse-settings' | 'use-as-reference'): void
  setNotice(notice: string | null): void
  scrollTo(pos: number): void
  setVisibleMonth(index: number): void
  markMissingThumb(id: string): void
  clearError(): void
}

/** What the library does with files on disk: import, export, reveal, open, drag, posters, rescan. */
export interface LibraryFileActions {
  importPaths(paths: string[]): Promise<Result<ImportReport>>
  /** Export (a ZIP with sidecars unless `options` say otherwise) after a place is chosen. */
  exportIds(
    ids: string[],
    options?: { format?: ExportFormat; metadata?: ExportMetadata },
  ): Promise<void>
  reveal(id: string): Promise<void>
  openExternal(id: string): Promise<void>
  startDrag(ids: string[]): void
  setPoster(id: string, dataUrl: string): Promise<void>
  rescan(): Promise<void>
}

export type LibraryStore = LibraryState & LibraryActions & LibraryFileActions

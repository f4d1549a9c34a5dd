import type { LibraryCollection, OrganisePatch } from '@shared/library/organise'
import type { AppError } from '@shared/result'

/** One change the user can undo: what it was, and the call that puts things back. */
export interface UndoEntry {
  id: number
  /** Past tense, for the toast: "Rated 3 items ★★★★". */
  label: string
  /** When it was made (ms): Ctrl/Cmd+Z undoes the latest of this and a delete. */
  at: number
  /**
   * Puts things back; resolves to the item fields it restored (for the library's local
   * update of tiles) or null, and an error when it failed.
   */
  undo(): Promise<{ restored: OrganisePatch[] | null; error: AppError | null }>
}

/** Undo entries kept: enough to walk back a burst of keyboard ratings. */
export const UNDO_DEPTH = 30

export interface OrganiseState {
  /** Every collection with its count, by name (the sidebar, the detail view, the filter chip). */
  collections: LibraryCollection[]
  /** Changes that can be undone, most recent last. */
  undoStack: UndoEntry[]
  /** The change the toast offers to undo; null once dismissed (Ctrl/Cmd+Z still walks the stack). */
  toast: UndoEntry | null
  /** A change that failed, or the items a change had to leave alone. */
  error: AppError | null
  notice: string | null
}

export const initialState = (): OrganiseState => ({
  collections: [],
  undoStack: [],
  toast: null,
  error: null,
  notice: null,
})

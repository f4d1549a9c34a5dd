/**
 * The library's trash (issue #28): deleted items wait in `<library>/.trash/` for TRASH_KEEP_MS,
 * inside the library folder, so a delete made on one machine syncs as a move and every machine
 * can see and restore it; then they go to the OS trash.
 */

/** How long a deleted item stays restorable in the library's trash: 30 days. */
export const TRASH_KEEP_MS = 30 * 24 * 60 * 60 * 1000

/** One delete in the library's trash, as the Sync panel lists it. */
export interface TrashEntry {
  /** The delete's token (its folder under `.trash/`): what `sync:restore` takes. */
  token: string
  /** ms since epoch. */
  deletedAt: number
  /** When it leaves for the OS trash (ms since epoch). */
  purgeAt: number
  /** Where its files were in the library (relative paths, `/`-separated). */
  relPaths: string[]
}

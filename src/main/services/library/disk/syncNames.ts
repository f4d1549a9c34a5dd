/**
 * Names sync engines leave in a synced folder (issue #28): their temporary files and markers,
 * which the library never indexes, and their conflict copies, which it merges back into the file
 * they are a copy of (sync/conflicts.ts).
 */

/**
 * Temporary and marker names of sync engines that do not start with a dot (dot names are skipped
 * anyway: `.syncthing.*.tmp`, `.stfolder`, `.stversions`, `.dropbox*`): Syncthing's Windows
 * temp names, Resilio's `.!sync`, partial downloads of Nextcloud, Firefox, Chrome and Safari.
 */
const ENGINE_TEMP = /^~syncthing~.*\.tmp$|\.(!sync|partial|part|tmp|crdownload|download)$/i

/** True for a sync engine's temporary or marker file: never indexed. */
export const isSyncTempName = (name: string): boolean =>
  name.startsWith('.') || ENGINE_TEMP.test(name)

/** True for a temporary file of a transfer under way (counted as "arriving" in the Sync panel). */
export const isArrivingName = (name: string): boolean =>
  /^\.syncthing\..+\.tmp$|^~syncthing~.+\.tmp$|\.(!sync|partial|part)$/i.test(name)

/** Syncthing: `name.sync-conflict-20260126-101500-ABCDEFG.ext` (before the last extension). */
const SYNCTHING = /^(.+)\.sync-conflict-\d{8}-\d{6}(?:-[A-Z0-9]{7})?(\.[^.]*)?$/
/**
 * Dropbox `name (Laptop's conflicted copy 2026-01-26).ext`, Nextcloud and ownCloud
 * `name (conflicted copy 2026-01-26 101500).ext`, Google Drive and OneDrive style
 * `name (Conflict 2026-01-26).ext` / `name (conflict).ext`.
 */
const BRACKETED = /^(.+?) \([^()]*(?:conflicted copy|conflict)[^()]*\)(\.[^.]*)?$/i

/**
 * The name a conflict copy is a copy of (`x.png.json` for `x.png.sync-conflict-…-ABCDEFG.json`),
 * or null when `name` is not a conflict copy.
 */
export function conflictOriginal(name: string): string | null {
  const m = SYNCTHING.exec(name) ?? BRACKETED.exec(name)
  if (!m) return null
  return `${m[1]}${m[2] ?? ''}`
}

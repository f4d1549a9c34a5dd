/**
 * One collection's definition file (issue #28): `<library>/.gen-studio/collections/<id>.json`.
 * One file per collection, so machines creating or renaming different collections never write
 * the same file; a rename of the same one on two machines leaves a conflict copy that merges by
 * the newer rename (sync/conflicts.ts).
 */
import { COLLECTION_ID_RE, MAX_COLLECTION_NAME } from '@shared/library/organise'

/** The app's own folder inside the library (hidden: the scan and the watcher skip dot names). */
export const APP_DIR = '.gen-studio'
/** The folder of collection definitions; membership is in each item's sidecar. */
export const COLLECTIONS_DIR = `${APP_DIR}/collections`
/** The single file older versions kept every collection in; migrated once into COLLECTIONS_DIR. */
export const LEGACY_COLLECTIONS_FILE = `${APP_DIR}/collections.json`

/** A collection's definition as the file stores it (the count comes from the index). */
export interface CollectionDef {
  id: string
  name: string
  /** ms since epoch. */
  created: number
  /** When the name was last set (ms since epoch; 0 unknown): the newer rename wins a merge. */
  renamed?: number
}

/** The file name of a collection (ids are `[\w-]`, safe as names). */
export const collectionFileName = (id: string): string => `${id}.json`

/** The id of a definition file's name, or null for any other name (temp files, conflict copies). */
export function collectionIdOfName(name: string): string | null {
  const m = /^([\w-]{1,64})\.json$/.exec(name)
  return m && COLLECTION_ID_RE.test(m[1]!) ? m[1]! : null
}

/** A definition from parsed JSON (a file, or an entry of the legacy list); null when unusable. */
export function defFromJson(c: unknown): CollectionDef | null {
  if (typeof c !== 'object' || c === null) return null
  const { id, name, created, renamed } = c as Record<string, unknown>
  if (typeof id !== 'string' || !COLLECTION_ID_RE.test(id) || typeof name !== 'string') return null
  const clean = name.trim().slice(0, MAX_COLLECTION_NAME)
  if (!clean) return null
  const ms = typeof created === 'string' ? Date.parse(created) : NaN
  const r =
    typeof renamed === 'number' && Number.isSafeInteger(renamed) && renamed > 0 ? renamed : 0
  return { id, name: clean, created: Number.isNaN(ms) ? 0 : ms, ...(r ? { renamed: r } : {}) }
}

/** A definition file's text (pretty-printed: users read it). */
export function collectionFileText(d: CollectionDef): string {
  const doc = {
    format: 'gen-studio-collection',
    version: 1,
    id: d.id,
    name: d.name,
    created: new Date(d.created).toISOString(),
    ...(d.renamed ? { renamed: d.renamed } : {}),
  }
  return `${JSON.stringify(doc, null, 2)}\n`
}

/**
 * Two copies of one definition merged: the name of the newer rename (a tie: the smaller name,
 * the same on every machine), the earlier creation time.
 */
export function mergeCollectionDefs(a: CollectionDef, b: CollectionDef): CollectionDef {
  const ra = a.renamed ?? 0
  const rb = b.renamed ?? 0
  const named = ra !== rb ? (ra > rb ? a : b) : a.name <= b.name ? a : b
  const created = Math.min(a.created || b.created, b.created || a.created)
  return {
    id: a.id,
    name: named.name,
    created,
    ...(named.renamed ? { renamed: named.renamed } : {}),
  }
}

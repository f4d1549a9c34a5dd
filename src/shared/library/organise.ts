/**
 * Organising the library (issue #16): star ratings, free tags and collections. Pure rules shared
 * by main (which writes them into the sidecars, the source of truth, and indexes them) and the
 * renderer (which edits and filters by them), so both sides agree on what a valid tag is.
 */

/** Ratings are whole stars from 0 (not rated) to 5. */
export const MAX_RATING = 5
/** At most this many tags on one item. */
export const MAX_TAGS = 50
/** Characters in one tag (after trimming). */
export const MAX_TAG_LENGTH = 64
/** Characters in a collection's name. */
export const MAX_COLLECTION_NAME = 80
/** Collections one item can be in: bounds what a hand-edited sidecar can make the index hold. */
export const MAX_ITEM_COLLECTIONS = 500

/** A collection id: made by main (`c-` + random hex), kept in sidecars and the collections file. */
export const COLLECTION_ID_RE = /^[\w-]{1,64}$/

/** The organising fields of one item, as its sidecar holds them (absent fields read as empty). */
export interface OrganiseFields {
  rating: number
  tags: string[]
  collections: string[]
  favourite: boolean
}

/**
 * Some organising fields of one item, to be set to exactly these values. What a change returns as
 * its "before" (only the fields it touched, so undoing it leaves later changes of other fields
 * alone), and what `library:setOrganise` takes to undo (or redo) it.
 */
export interface OrganisePatch {
  id: string
  rating?: number
  tags?: string[]
  collections?: string[]
  favourite?: boolean
}

/** What an organising change did: enough for the renderer to undo it with `library:setOrganise`. */
export interface OrganiseReceipt {
  /** The items the change altered, with the touched fields as they were before it. */
  before: OrganisePatch[]
  /** Items left unchanged because their sidecar could not be read or written, with the reason. */
  failed: Array<{ id: string; message: string }>
}

/** A collection as the sidebar lists it. */
export interface LibraryCollection {
  id: string
  name: string
  /** ms since epoch; 0 for a collection known only from sidecars (its definition is missing). */
  created: number
  /** Items of the library in it (from the index). */
  count: number
}

/** A tag with how many items carry it, for autocomplete (most used first). */
export interface TagCount {
  tag: string
  count: number
}

/** What `collections:delete` returns: the definition and the members' memberships, for undo. */
export interface CollectionDeleteReceipt {
  collection: { id: string; name: string; created: number }
  receipt: OrganiseReceipt
}

/**
 * A tag as stored: Unicode NFC, control characters dropped, commas (the editor's separator) and
 * runs of white space made one space, leading `#` (the search syntax) removed, trimmed, cut to
 * MAX_TAG_LENGTH characters. Null when nothing is left.
 */
export function normalizeTag(raw: string): string | null {
  const t = raw
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/[\s,]+/gu, ' ')
    .trim()
    .replace(/^#+/u, '')
    .trim()
  if (!t) return null
  return [...t].slice(0, MAX_TAG_LENGTH).join('').trim()
}

/** The key tags are compared, indexed and filtered by: case-insensitive. */
export const tagKey = (tag: string): string => tag.toLowerCase()

/**
 * Normalised tags without duplicates (case-insensitive: the first spelling wins), in their
 * order, at most MAX_TAGS. Non-strings are dropped (lenient reading of hand-edited sidecars).
 */
export function normalizeTags(raw: readonly unknown[]): string[] {
  const out: string[] = []
  const seen = new Set<string>()
  for (const v of raw) {
    if (typeof v !== 'string') continue
    const t = normalizeTag(v)
    if (!t || seen.has(tagKey(t))) continue
    seen.add(tagKey(t))
    out.push(t)
    if (out.length === MAX_TAGS) break
  }
  return out
}

/** A whole star count 0–5, or null for anything else. */
export const ratingOrNull = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_RATING ? v : null

/**
 * The organising fields of a parsed sidecar object, read leniently: a bad rating reads as 0, bad
 * tags and collection ids are dropped, duplicates removed. Never throws: damaged organising data
 * must not cost the user the item.
 */
export function organiseFromJson(v: Record<string, unknown>): {
  rating?: number
  tags?: string[]
  collections?: string[]
} {
  const rating = ratingOrNull(v.rating) ?? 0
  const tags = Array.isArray(v.tags) ? normalizeTags(v.tags) : []
  const collections = Array.isArray(v.collections) ? collectionIds(v.collections) : []
  return withOrganise({ rating, tags, collections })
}

/** Valid, distinct collection ids in order, at most MAX_ITEM_COLLECTIONS. */
export function collectionIds(raw: readonly unknown[]): string[] {
  const out = new Set<string>()
  for (const v of raw) {
    if (typeof v === 'string' && COLLECTION_ID_RE.test(v)) out.add(v)
    if (out.size === MAX_ITEM_COLLECTIONS) break
  }
  return [...out]
}

/**
 * The organising fields to spread into a sidecar: each present only when it holds something, so
 * an item never rated, tagged or collected keeps the sidecar it always had.
 */
export function withOrganise(f: { rating?: number; tags?: string[]; collections?: string[] }): {
  rating?: number
  tags?: string[]
  collections?: string[]
} {
  return {
    ...(f.rating ? { rating: f.rating } : {}),
    ...(f.tags?.length ? { tags: [...f.tags] } : {}),
    ...(f.collections?.length ? { collections: [...f.collections] } : {}),
  }
}

/**
 * Splits what the user typed in the search box into prompt words and tags: `#tag` (or
 * `#"two words"` for a tag with a space) asks for items carrying that tag, everything else is
 * searched in the prompts. So one box searches both, and a tag search stays index-driven.
 */
export function splitSearch(text: string): { words: string; tags: string[] } {
  const tags: string[] = []
  const words = text.replace(/(^|\s)#(?:"([^"]*)"|(\S+))/gu, (_m, lead: string, q, w) => {
    const t = normalizeTag(String(q ?? w ?? ''))
    if (t) tags.push(t)
    return lead
  })
  return { words: words.trim(), tags: normalizeTags(tags) }
}

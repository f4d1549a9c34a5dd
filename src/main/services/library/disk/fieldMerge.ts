/**
 * Field-by-field merging of two copies of one sidecar (issue #28), and the stamps an edit leaves.
 * Pure functions: the conflict handling in sync/ and the edits in organise/ both use them.
 *
 * The merge is commutative (merge(a, b) and merge(b, a) write the same bytes), so when two
 * machines both see a sync engine's conflict copy and both merge it, they write identical files
 * and the engine has nothing left to disagree about.
 */
import { MAX_ITEM_COLLECTIONS, MAX_TAGS, tagKey, withOrganise } from '@shared/library/organise'
import {
  type ElementStamps,
  newestStamp,
  type SidecarStamps,
  STAMPED_SETS,
  type StampedSet,
} from '@shared/library/stamps'
import { TRASH_KEEP_MS } from '@shared/library/trash'
import type { LibrarySidecar } from '@shared/library/types'

/** The organising fields an edit compares before and after (title only where items have one). */
export interface StampedFields {
  rating: number
  favourite: boolean
  tags: readonly string[]
  collections: readonly string[]
  title?: string
}

const keyOf = (set: StampedSet, v: string): string => (set === 'tags' ? tagKey(v) : v)

/**
 * How long a removal's tombstone is kept after the newest change the sidecar has seen: the
 * library trash's window (30 days), in which every machine that syncs the folder has long had
 * the removal. Older tombstones of elements no copy holds are dropped, so a sidecar whose tags
 * come and go does not grow forever. Measured from the sidecar's own newest stamp, never from a
 * clock, so two machines merging the same copies prune the same ones and write the same bytes.
 */
export const TOMBSTONE_KEEP_MS = TRASH_KEEP_MS

/** Drops the tombstones older than `horizon` of elements not in `held` (they shadow nothing). */
function pruneTombs(tombs: ElementStamps, held: ReadonlySet<string>, horizon: number): void {
  for (const [k, at] of Object.entries(tombs)) if (at < horizon && !held.has(k)) delete tombs[k]
}

/**
 * The stamps of `prev` after an edit from `before` to `after` at `now`: every changed scalar,
 * every added element (its tombstone dropped) and every removed element (a tombstone) gets one
 * stamp, later than anything the sidecar has seen, so the edit wins over what it replaced even
 * when this machine's clock is behind the one that wrote the sidecar.
 */
export function stampEdit(
  prev: SidecarStamps | undefined,
  before: StampedFields,
  after: StampedFields,
  now: number,
): SidecarStamps {
  const t = Math.max(now, newestStamp(prev) + 1)
  const next: SidecarStamps = structuredClone(prev ?? {})
  if (before.rating !== after.rating) next.rating = t
  if (before.favourite !== after.favourite) next.favourite = t
  if ((before.title ?? '') !== (after.title ?? '')) next.title = t
  for (const set of STAMPED_SETS) {
    const was = new Set(before[set].map((v) => keyOf(set, v)))
    const is = new Set(after[set].map((v) => keyOf(set, v)))
    const added = [...is].filter((k) => !was.has(k))
    const removed = [...was].filter((k) => !is.has(k))
    if (!added.length && !removed.length) continue
    const adds = { ...next[set] }
    const tombs = { ...next.removed?.[set] }
    for (const k of added) {
      adds[k] = t
      delete tombs[k]
    }
    for (const k of removed) {
      tombs[k] = t
      delete adds[k]
    }
    pruneTombs(tombs, is, t - TOMBSTONE_KEEP_MS)
    next[set] = adds
    next.removed = { ...next.removed, [set]: tombs }
  }
  return next
}

/** Total order on JSON values, so a tie is broken the same way on every machine. */
const jsonKey = (v: unknown): string => JSON.stringify(v) ?? ''

interface SetSide {
  values: readonly string[]
  adds: ElementStamps
  tombs: ElementStamps
}

function sideOf(s: LibrarySidecar, set: StampedSet): SetSide {
  return {
    values: s[set] ?? [],
    adds: s.stamps?.[set] ?? {},
    tombs: s.stamps?.removed?.[set] ?? {},
  }
}

/**
 * One set merged: an element is present when its newest add is newer than its newest removal
 * (an element a sidecar holds without a stamp counts as added at 0, so any recorded removal
 * beats it; its tombstone is kept while older than `horizon` only if a copy holds the
 * element). Spelling from the newer add (ties: the smaller string). Order by add time, then by
 * place in the list (elements added by one edit keep the order the user gave them; the lower of
 * the two places, so the order is the same whichever copy is `a`), then by key.
 */
function mergeSet(
  set: StampedSet,
  a: SetSide,
  b: SetSide,
  horizon: number,
): { values: string[]; adds: ElementStamps; tombs: ElementStamps } {
  const found = new Map<string, { value: string; at: number; place: number }>()
  for (const side of [a, b]) {
    side.values.forEach((value, place) => {
      const k = keyOf(set, value)
      const at = side.adds[k] ?? 0
      const seen = found.get(k)
      if (!seen || at > seen.at) found.set(k, { value, at, place })
      else if (at === seen.at)
        found.set(k, {
          value: value < seen.value ? value : seen.value,
          at,
          place: Math.min(place, seen.place),
        })
    })
  }
  const tombs: ElementStamps = {}
  for (const side of [a, b])
    for (const [k, at] of Object.entries(side.tombs)) tombs[k] = Math.max(tombs[k] ?? 0, at)
  const present = [...found]
    .filter(([k, v]) => v.at > (tombs[k] ?? -1))
    .sort(
      ([ka, va], [kb, vb]) =>
        va.at - vb.at || va.place - vb.place || (ka < kb ? -1 : ka > kb ? 1 : 0),
    )
    .slice(0, set === 'tags' ? MAX_TAGS : MAX_ITEM_COLLECTIONS)
  const adds: ElementStamps = {}
  for (const [k, v] of present) if (v.at > 0) adds[k] = v.at
  // A tombstone matters only while it is newer than every add of its element.
  for (const [k, v] of found) if (v.at > (tombs[k] ?? -1)) delete tombs[k]
  pruneTombs(tombs, new Set(found.keys()), horizon)
  return { values: present.map(([, v]) => v.value), adds, tombs }
}

/** The scalar whose stamp is newer; on a tie (or neither stamped) the larger JSON value. */
function newerScalar<T>(va: T, ta: number, vb: T, tb: number): { value: T; at: number } {
  if (ta !== tb) return ta > tb ? { value: va, at: ta } : { value: vb, at: tb }
  return jsonKey(va) >= jsonKey(vb) ? { value: va, at: ta } : { value: vb, at: tb }
}

/**
 * Two copies of one item's sidecar merged field by field: each stamped scalar (rating,
 * favourite, title) from the copy that changed it last, tags and collections merged with their
 * tombstones. Every other field (measurements, prompt, whatever newer fields other versions
 * add) comes whole from the copy with the newest stamp (a tie: the larger JSON), so no field is
 * ever half of one copy and half of the other.
 */
export function mergeSidecars(a: LibrarySidecar, b: LibrarySidecar): LibrarySidecar {
  const na = newestStamp(a.stamps)
  const nb = newestStamp(b.stamps)
  const base = na !== nb ? (na > nb ? a : b) : jsonKey(a) >= jsonKey(b) ? a : b
  const sa = a.stamps ?? {}
  const sb = b.stamps ?? {}
  const stamps: SidecarStamps = {}
  const rating = newerScalar(a.rating ?? 0, sa.rating ?? 0, b.rating ?? 0, sb.rating ?? 0)
  const favourite = newerScalar(a.favourite, sa.favourite ?? 0, b.favourite, sb.favourite ?? 0)
  const title = newerScalar(titleOf(a), sa.title ?? 0, titleOf(b), sb.title ?? 0)
  if (rating.at) stamps.rating = rating.at
  if (favourite.at) stamps.favourite = favourite.at
  if (title.at) stamps.title = title.at
  const removed: NonNullable<SidecarStamps['removed']> = {}
  const sets: Partial<Record<StampedSet, string[]>> = {}
  for (const set of STAMPED_SETS) {
    const m = mergeSet(set, sideOf(a, set), sideOf(b, set), Math.max(na, nb) - TOMBSTONE_KEEP_MS)
    sets[set] = m.values
    if (Object.keys(m.adds).length) stamps[set] = m.adds
    if (Object.keys(m.tombs).length) removed[set] = m.tombs
  }
  if (Object.keys(removed).length) stamps.removed = removed
  // Keys in the order parseSidecar gives them, so a merged copy re-read and merged again is
  // byte for byte the same (no rewrite, nothing new for the sync engine to carry).
  const { rating: _r, tags: _t, collections: _c, stamps: _s, ...rest } = base
  const out: LibrarySidecar = {
    ...rest,
    favourite: favourite.value,
    ...withOrganise({ rating: rating.value, tags: sets.tags, collections: sets.collections }),
    ...(Object.keys(stamps).length ? { stamps } : {}),
  }
  if (title.value !== undefined) (out as unknown as Record<string, unknown>).title = title.value
  return out
}

/** A sidecar's title, where a version of the app writes one (a string), else undefined. */
function titleOf(s: LibrarySidecar): string | undefined {
  const v = (s as unknown as Record<string, unknown>).title
  return typeof v === 'string' ? v : undefined
}

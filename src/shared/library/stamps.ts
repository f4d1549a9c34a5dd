/**
 * Change stamps of a sidecar's organising fields (issue #28): when each field was last changed,
 * so that two copies of one sidecar edited on two machines (a sync engine's conflict copy) can
 * be merged field by field instead of one side's edit being lost. Additive and optional: a
 * sidecar without `stamps` (older app, hand-written) reads as "every field changed at time 0".
 */

/** Fields holding one value: the newest change wins. `title` is stamped once items carry one. */
export const STAMPED_SCALARS = ['rating', 'favourite', 'title'] as const
export type StampedScalar = (typeof STAMPED_SCALARS)[number]

/** Fields holding a set: each element is added and removed on its own. */
export const STAMPED_SETS = ['tags', 'collections'] as const
export type StampedSet = (typeof STAMPED_SETS)[number]

/** ms since epoch, per element key (a tag's lower-case key, a collection id). */
export type ElementStamps = Record<string, number>

/**
 * A sidecar's `stamps` field. Scalars: when the field was last set. Sets: when each present
 * element was added (`tags`, `collections`) and when each removed one was removed (`removed`,
 * the tombstones), so a removal on one machine is not undone by a copy that still has it.
 */
export interface SidecarStamps {
  rating?: number
  favourite?: number
  title?: number
  tags?: ElementStamps
  collections?: ElementStamps
  removed?: { tags?: ElementStamps; collections?: ElementStamps }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
const isStamp = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0

/** Keys held per set (present plus removed): bounds what a hand-edited sidecar can make us hold. */
const MAX_ELEMENT_STAMPS = 2000

function elementsFromJson(v: unknown): ElementStamps | undefined {
  if (!isRecord(v)) return undefined
  const out: ElementStamps = {}
  let n = 0
  for (const [k, t] of Object.entries(v)) {
    if (!isStamp(t) || k.length === 0 || k.length > 256) continue
    out[k] = t
    if (++n === MAX_ELEMENT_STAMPS) break
  }
  return n ? out : undefined
}

/**
 * A sidecar's `stamps` read leniently (bad entries dropped, never fatal), as `{ stamps }` to
 * spread into the parsed sidecar, or `{}` when there are none.
 */
export function stampsFromJson(v: unknown): { stamps?: SidecarStamps } {
  if (!isRecord(v)) return {}
  const out: SidecarStamps = {}
  for (const f of STAMPED_SCALARS) if (isStamp(v[f])) out[f] = v[f]
  for (const f of STAMPED_SETS) {
    const e = elementsFromJson(v[f])
    if (e) out[f] = e
  }
  if (isRecord(v.removed)) {
    const removed: NonNullable<SidecarStamps['removed']> = {}
    for (const f of STAMPED_SETS) {
      const e = elementsFromJson(v.removed[f])
      if (e) removed[f] = e
    }
    if (Object.keys(removed).length) out.removed = removed
  }
  return Object.keys(out).length ? { stamps: out } : {}
}

/** The newest stamp anywhere in `s` (0 for none). */
export function newestStamp(s: SidecarStamps | undefined): number {
  if (!s) return 0
  let max = 0
  for (const f of STAMPED_SCALARS) max = Math.max(max, s[f] ?? 0)
  for (const f of STAMPED_SETS) {
    for (const t of Object.values(s[f] ?? {})) max = Math.max(max, t)
    for (const t of Object.values(s.removed?.[f] ?? {})) max = Math.max(max, t)
  }
  return max
}

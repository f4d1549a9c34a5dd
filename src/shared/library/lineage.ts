/**
 * Lineage (issue #31): an item made from another one in the library (a crop, a rotation, a flip,
 * a resize, a local upscale or an expanded canvas) names its parent, the operation, the
 * operation's parameters and the model that did it. It lives in the derived item's sidecar
 * (`derivedFrom`, the truth) and in the index's `item_lineage` table (a cache), so the viewer can
 * show "made from" and "derived" links and an index rebuilt from the folder keeps them.
 */

/** What turned the parent into the derived item. */
export const DERIVE_OPERATIONS = [
  'crop',
  'rotate',
  'flip',
  'resize',
  'upscale',
  'outpaint',
] as const
export type DeriveOperation = (typeof DERIVE_OPERATIONS)[number]

/** The `derivedFrom` field of a derived item's sidecar. */
export interface Lineage {
  /** Library id of the item it was made from. */
  parentId: string
  operation: DeriveOperation
  /** The operation's parameters as applied (crop box, angle, size, scale, padding, ...). */
  params: Record<string, unknown>
  /** What did the work: `sharp-lanczos3`, an upscaling model, or the service model that infilled. */
  model: string
}

/** One end of a lineage link, as the viewer lists it. */
export interface LineageLink {
  id: string
  operation: DeriveOperation
  fileName: string
  /** False when the linked item is no longer in the library (deleted): the link is shown greyed. */
  present: boolean
}

/** What the viewer shows for one item: where it came from and what was made from it. */
export interface LineageView {
  madeFrom: (LineageLink & { params: Record<string, unknown>; model: string }) | null
  derived: LineageLink[]
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * A sidecar's `derivedFrom`, or null when absent or malformed: lenient like the other optional
 * sidecar fields, a damaged link loses only the link, never the item.
 */
export function lineageFromJson(v: unknown): Lineage | null {
  if (!isRecord(v)) return null
  const { parentId, operation, params, model } = v
  if (typeof parentId !== 'string' || !/^[\w.~-]{1,160}$/.test(parentId)) return null
  if (!DERIVE_OPERATIONS.includes(operation as DeriveOperation)) return null
  if (typeof model !== 'string' || model.length > 200) return null
  return {
    parentId,
    operation: operation as DeriveOperation,
    params: isRecord(params) ? params : {},
    model,
  }
}

/** `{ derivedFrom }` to spread into a sidecar when there is one: the field is absent otherwise. */
export const withLineage = (l: Lineage | null | undefined): { derivedFrom?: Lineage } =>
  l ? { derivedFrom: l } : {}

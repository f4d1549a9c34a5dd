import {
  imageDimensions,
  NATIVE_LIMITS,
  type SniffedImageType,
  sniffImageType,
} from '@shared/catalog'

import type { RefItem } from '../stores/generate/refItem'

export type { RefItem } from '../stores/generate/refItem'

/** How many header bytes are read to sniff the type and the dimensions (JPEG SOF can be late). */
export const HEAD_BYTES = 512 * 1024

/**
 * The largest file the app copies into its upload area when the OS gives no path (paste,
 * painted masks). Our choice: the art models' 24 MiB reference limit is the largest published
 * per-file limit; images edits publish none, so the same bound keeps memory predictable.
 */
export const STAGE_MAX_BYTES = NATIVE_LIMITS.maxReferenceBytes

/** PNG, JPEG or WebP, as the file chooser's filter (the type is still checked by magic bytes). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp'

let counter = 0
export const newRefId = (): string => `ref-${Date.now().toString(36)}-${(counter++).toString(36)}`

/** Reads what the validators need from the first bytes of a file. */
export async function sniffFile(
  file: Blob,
): Promise<{ type: SniffedImageType | null; width: number | null; height: number | null }> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer())
  const type = sniffImageType(head)
  const dims = type ? imageDimensions(head) : null
  return { type, width: dims?.width ?? null, height: dims?.height ?? null }
}

/** "2.4 MB", "830 KB". */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`
  if (n >= 1024) return `${Math.round(n / 1024)} KB`
  return `${n} B`
}

/** Limits one reference slot enforces before anything is sent. */
export interface SlotRule {
  /** Per-file size limit in bytes, when one applies. */
  maxBytes?: number
  /** Per-file pixel limit, when one applies. */
  maxPixels?: number
}

/**
 * Per-file problems of a slot, in words a user can act on: not an image by its bytes, too large,
 * too many pixels, unreadable, still being prepared. Counts per model are the catalog's business.
 */
export function fileProblems(items: readonly RefItem[], rule: SlotRule): string | null {
  for (const item of items) {
    if (item.problem) return `${item.name}: ${item.problem}`
    if (item.bytes <= 0) return `${item.name} is empty`
    if (item.type === null)
      return `${item.name} is not a PNG, JPEG or WebP image (checked by its content)`
    if (rule.maxBytes !== undefined && item.bytes > rule.maxBytes) {
      return `${item.name} is ${formatBytes(item.bytes)}; each image must be at most ${formatBytes(rule.maxBytes)}`
    }
    if (
      rule.maxPixels !== undefined &&
      item.width !== null &&
      item.height !== null &&
      item.width * item.height > rule.maxPixels
    ) {
      return `${item.name} has ${((item.width * item.height) / 1e6).toFixed(1)} megapixels; each image must be at most ${rule.maxPixels / 1e6} megapixels`
    }
    if (item.path === null) return `${item.name} is still being prepared`
  }
  return null
}

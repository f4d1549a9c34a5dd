import {
  imageDimensions,
  NATIVE_LIMITS,
  type SniffedImageType,
  sniffImageType,
} from '@shared/catalog'

import { formatNumber } from '../i18n/format'
import { translate } from '../i18n/translate'
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

/** "2.4 MB", "830 KB", with the interface language's decimal sign (unit symbols are not words). */
export function formatBytes(n: number): string {
  const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 }
  if (n >= 1024 * 1024) return `${formatNumber(n / (1024 * 1024), oneDecimal)} MB`
  if (n >= 1024) return `${formatNumber(Math.round(n / 1024))} KB`
  return `${formatNumber(n)} B`
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
 * Called while a form is checked, outside React: the words are in the language of that moment.
 */
export function fileProblems(items: readonly RefItem[], rule: SlotRule): string | null {
  for (const item of items) {
    if (item.problem)
      return translate('common', 'refProblem', { name: item.name, problem: item.problem })
    if (item.bytes <= 0) return translate('common', 'refEmpty', { name: item.name })
    if (item.type === null) return translate('common', 'refNotImage', { name: item.name })
    if (rule.maxBytes !== undefined && item.bytes > rule.maxBytes) {
      return translate('common', 'refTooLarge', {
        name: item.name,
        size: formatBytes(item.bytes),
        max: formatBytes(rule.maxBytes),
      })
    }
    if (
      rule.maxPixels !== undefined &&
      item.width !== null &&
      item.height !== null &&
      item.width * item.height > rule.maxPixels
    ) {
      return translate('common', 'refTooManyPixels', {
        name: item.name,
        megapixels: formatNumber((item.width * item.height) / 1e6, {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }),
        max: formatNumber(rule.maxPixels / 1e6),
      })
    }
    if (item.path === null) return translate('common', 'refPreparing', { name: item.name })
  }
  return null
}

/**
 * The one check every reference image meets, whatever door it comes through (an edit's files, a
 * native source or mask, a workbench asset, a pasted or painted image, a Base64 field in a
 * request): a PNG, JPEG or WebP by its magic bytes, complete (a cut-off copy has a valid header,
 * and the service would refuse it or, worse, charge for it), with a readable size in pixels, and
 * within the limits of the endpoint it is for. Pure TypeScript so main, the renderer and the
 * simulator make the same decision.
 */
import { msg } from '../i18n/message'
import { NATIVE_LIMITS } from './artModels'
import { imageDimensions, isCompleteImage, sniffImageType } from './imageBytes'
import type { ReferenceFileMeta } from './types'

/** Limits of the endpoint a reference is for (none: only type, completeness and pixels). */
export interface ReferenceLimits {
  maxBytes: number
  maxPixels: number
  /** "24 MiB" / "24 megapixels", as the messages say them. */
  bytesLabel: string
  pixelsLabel: string
}

/** The art-model limits (native image, mask and references; workbench assets). */
export const ART_REFERENCE_LIMITS: ReferenceLimits = {
  maxBytes: NATIVE_LIMITS.maxReferenceBytes,
  maxPixels: NATIVE_LIMITS.maxReferencePixels,
  bytesLabel: '24 MiB',
  pixelsLabel: '24 megapixels',
}

/** The refusal of a reference over `limits.maxBytes`. */
export const tooLarge = (limits: ReferenceLimits): string =>
  msg('refMaxBytes', { limit: limits.bytesLabel })

/** What was learnt of a reference, and the reason it is refused (null when it is accepted). */
export interface ReferenceInspection {
  meta: ReferenceFileMeta
  problem: string | null
}

/**
 * Inspects a whole reference image: its type, size and pixels for the validators, and the first
 * reason it cannot be sent. Completeness needs the last bytes, so callers pass the whole file.
 */
export function inspectReference(
  bytes: Uint8Array,
  limits: ReferenceLimits | null = null,
): ReferenceInspection {
  const type = sniffImageType(bytes)
  const meta: ReferenceFileMeta = { bytes: bytes.length, type }
  const dims = type ? imageDimensions(bytes) : null
  if (dims) {
    meta.width = dims.width
    meta.height = dims.height
  }
  return { meta, problem: problemOf(bytes, meta, dims, limits) }
}

function problemOf(
  bytes: Uint8Array,
  meta: ReferenceFileMeta,
  dims: { width: number; height: number } | null,
  limits: ReferenceLimits | null,
): string | null {
  if (bytes.length === 0) return msg('refEmpty')
  if (limits && bytes.length > limits.maxBytes) return tooLarge(limits)
  if (!meta.type) return msg('refType')
  if (!isCompleteImage(bytes)) return msg('refCut')
  if (!dims) return msg('refHeader')
  if (limits && dims.width * dims.height > limits.maxPixels)
    return msg('refMaxBytes', { limit: limits.pixelsLabel })
  return null
}

/** Null when `bytes` is an acceptable art reference, else the reason, ready to show. */
export function checkArtReference(bytes: Uint8Array): string | null {
  return inspectReference(bytes, ART_REFERENCE_LIMITS).problem
}

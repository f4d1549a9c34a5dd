/**
 * Checks on art-model reference images (native endpoint and workbench assets): PNG, JPEG or WebP
 * by magic bytes, at most 24 MiB and at most 24 megapixels, as the spec's native limits say.
 */
import { NATIVE_LIMITS } from './artModels'
import { imageDimensions, isCompleteImage, sniffImageType } from './imageBytes'

/** Null when `bytes` is an acceptable art reference, else the reason, ready to show. */
export function checkArtReference(bytes: Uint8Array): string | null {
  if (bytes.length === 0) return 'The image is empty'
  if (bytes.length > NATIVE_LIMITS.maxReferenceBytes)
    return 'Each reference image must be at most 24 MiB'
  if (!sniffImageType(bytes)) return 'Each reference image must be a PNG, JPEG or WebP image'
  if (!isCompleteImage(bytes)) return 'The image is cut short (an incomplete copy or download)'
  const dims = imageDimensions(bytes)
  if (!dims) return 'The image header could not be read'
  if (dims.width * dims.height > NATIVE_LIMITS.maxReferencePixels) {
    return 'Each reference image must be at most 24 megapixels'
  }
  return null
}

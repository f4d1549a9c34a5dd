/**
 * URLs of library media on the `gen-media:` scheme. Originals are addressed by their path inside
 * the library folder (the protocol handler refuses anything outside it); thumbnails by item ID,
 * with the content hash as a cache-buster so a replaced file never shows a stale thumbnail.
 */
import { MEDIA_SCHEME } from '../protocols'

export const MEDIA_HOST_ORIGINAL = 'library'
export const MEDIA_HOST_THUMB = 'thumb'

/** The scheme root; a test harness without custom schemes may serve the same paths elsewhere. */
export const DEFAULT_MEDIA_BASE = `${MEDIA_SCHEME}://`

export function originalUrl(relPath: string, base = DEFAULT_MEDIA_BASE): string {
  const encoded = relPath.split('/').map(encodeURIComponent).join('/')
  return `${base}${MEDIA_HOST_ORIGINAL}/${encoded}`
}

export function thumbUrl(id: string, sha256: string, base = DEFAULT_MEDIA_BASE): string {
  return `${base}${MEDIA_HOST_THUMB}/${encodeURIComponent(id)}?v=${sha256.slice(0, 12)}`
}

/**
 * URLs of library media on the `gen-media:` scheme. Originals are addressed by their path inside
 * the library folder (the protocol handler refuses anything outside it); thumbnails by item ID,
 * with the content hash as a cache-buster so a replaced file never shows a stale thumbnail.
 */
import { MEDIA_SCHEME } from '../protocols'

export const MEDIA_HOST_ORIGINAL = 'library'
export const MEDIA_HOST_THUMB = 'thumb'

const BASE = `${MEDIA_SCHEME}://`

export function originalUrl(relPath: string): string {
  const encoded = relPath.split('/').map(encodeURIComponent).join('/')
  return `${BASE}${MEDIA_HOST_ORIGINAL}/${encoded}`
}

export function thumbUrl(id: string, sha256: string): string {
  return `${BASE}${MEDIA_HOST_THUMB}/${encodeURIComponent(id)}?v=${sha256.slice(0, 12)}`
}

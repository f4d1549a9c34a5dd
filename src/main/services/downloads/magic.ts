/** File kinds the app stores or uploads, recognised by their first bytes, never by name. */
export type FileKind = 'png' | 'jpeg' | 'webp' | 'mp4' | 'webm' | 'zip'

export const EXTENSION: Record<FileKind, string> = {
  png: '.png',
  jpeg: '.jpg',
  webp: '.webp',
  mp4: '.mp4',
  webm: '.webm',
  zip: '.zip',
}

export const MIME: Record<FileKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  zip: 'application/zip',
}

export const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpeg', 'webp']
export const VIDEO_KINDS: readonly FileKind[] = ['mp4', 'webm']

/** Bytes needed to decide (WebP needs 12, MP4's ftyp box 8). */
export const MAGIC_BYTES = 12

/** Whether `sig` is at `at`; a head too short has no byte there (undefined), so it is not. */
const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) =>
  sig.every((v, i) => b[at + i] === v)

/**
 * Identifies a file from its first bytes (PNG signature, JPEG SOI, RIFF…WEBP, ISO-BMFF `ftyp`,
 * EBML for WebM, ZIP local header or empty-archive end record). Null when it is none of them.
 */
export function detectKind(head: Uint8Array): FileKind | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'webp'
  }
  if (startsWith(head, [0x66, 0x74, 0x79, 0x70], 4)) return 'mp4'
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm'
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) {
    return 'zip'
  }
  return null
}

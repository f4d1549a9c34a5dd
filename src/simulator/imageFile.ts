/**
 * The simulator's own reading of uploaded image files (PNG, JPEG, WebP): format, completeness,
 * pixel size and Base64 text. It is the server's side of the contract, so it shares no code with
 * the client's reader (src/shared/catalog/imageBytes.ts): a fault in one is then caught by the
 * other instead of being agreed with (issue #32). Written from the formats' specifications
 * (PNG: ISO 15948, JPEG: ITU T.81 markers, WebP: the RIFF container and its VP8/VP8L/VP8X chunks).
 */

export type ImageFormat = 'image/png' | 'image/jpeg' | 'image/webp'

export interface PixelSize {
  width: number
  height: number
}

const PNG_MAGIC = Buffer.from('89504e470d0a1a0a', 'hex')
/** The IEND chunk as it ends every PNG: zero length, type, fixed CRC. */
const PNG_END = Buffer.from('0000000049454e44ae426082', 'hex')

const view = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

const tagAt = (b: Buffer, at: number, tag: string): boolean =>
  b.length >= at + tag.length && b.toString('latin1', at, at + tag.length) === tag

/** The format named by the file's first bytes (never its name or declared type), or null. */
export function imageFormat(bytes: Uint8Array): ImageFormat | null {
  const b = view(bytes)
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_MAGIC)) return 'image/png'
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg'
  if (tagAt(b, 0, 'RIFF') && tagAt(b, 8, 'WEBP')) return 'image/webp'
  return null
}

/** Whether the file has all the bytes its format says it has (a cut upload does not). */
export function isWholeImage(bytes: Uint8Array): boolean {
  const b = view(bytes)
  switch (imageFormat(b)) {
    case 'image/png':
      return b.length >= 8 + PNG_END.length && b.subarray(b.length - PNG_END.length).equals(PNG_END)
    case 'image/jpeg': {
      // End of image (FFD9), allowing zero bytes some encoders pad the file with.
      let end = b.length
      while (end > 2 && b[end - 1] === 0x00) end--
      return end >= 4 && b[end - 2] === 0xff && b[end - 1] === 0xd9
    }
    case 'image/webp':
      return b.length >= 12 && b.length >= b.readUInt32LE(4) + 8
    default:
      return false
  }
}

function pngSize(b: Buffer): PixelSize | null {
  if (b.length < 24 || !tagAt(b, 12, 'IHDR')) return null
  return positive(b.readUInt32BE(16), b.readUInt32BE(20))
}

/** Start-of-frame markers C0–CF, except DHT (C4), JPG (C8) and DAC (CC), which are not frames. */
const FRAME_MARKERS = new Set(
  Array.from({ length: 16 }, (_, i) => 0xc0 + i).filter((m) => ![0xc4, 0xc8, 0xcc].includes(m)),
)

function jpegSize(b: Buffer): PixelSize | null {
  let at = 2
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null
    // Any number of fill bytes (FF) may precede a marker.
    while (at + 1 < b.length && b[at + 1] === 0xff) at++
    const marker = b[at + 1]!
    at += 2
    const standalone = marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)
    if (standalone) continue
    if (at + 2 > b.length) return null
    const segment = b.readUInt16BE(at)
    if (segment < 2) return null
    if (FRAME_MARKERS.has(marker)) {
      if (at + 7 > b.length) return null
      return positive(b.readUInt16BE(at + 5), b.readUInt16BE(at + 3))
    }
    at += segment
  }
  return null
}

function webpSize(b: Buffer): PixelSize | null {
  if (tagAt(b, 12, 'VP8 ')) {
    if (b.length < 30 || b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null
    return positive(b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff)
  }
  if (tagAt(b, 12, 'VP8L')) {
    if (b.length < 25 || b[20] !== 0x2f) return null
    const packed = b.readUInt32LE(21)
    return positive((packed & 0x3fff) + 1, ((packed >>> 14) & 0x3fff) + 1)
  }
  if (tagAt(b, 12, 'VP8X')) {
    if (b.length < 30) return null
    return positive(b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1)
  }
  return null
}

const positive = (width: number, height: number): PixelSize | null =>
  width > 0 && height > 0 ? { width, height } : null

/** The pixel size from the file's header, or null when it is not there or cannot be read. */
export function pixelSize(bytes: Uint8Array): PixelSize | null {
  const b = view(bytes)
  switch (imageFormat(b)) {
    case 'image/png':
      return pngSize(b)
    case 'image/jpeg':
      return jpegSize(b)
    case 'image/webp':
      return webpSize(b)
    default:
      return null
  }
}

/** Standard or URL-safe Base64, padded or not; no whitespace. */
const BASE64_TEXT = /^(?:[A-Za-z0-9+/]*|[A-Za-z0-9_-]*)={0,2}$/

/** A `data:<type>;base64,` prefix, which the service accepts before the Base64 text. */
const stripDataUrl = (text: string): string =>
  text.startsWith('data:') && text.includes(',') ? text.slice(text.indexOf(',') + 1) : text

/** How many bytes a Base64 text decodes to, counted without decoding it. */
export function base64ByteLength(text: string): number {
  const body = stripDataUrl(text)
  const pad = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0
  return Math.floor((body.length * 3) / 4) - pad
}

/** The bytes of a Base64 text, or null when it is not Base64 (Node's decoder skips bad input). */
export function fromBase64(text: string): Buffer | null {
  const body = stripDataUrl(text)
  if (!BASE64_TEXT.test(body) || body.replace(/=+$/, '').length % 4 === 1) return null
  return Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64')
}

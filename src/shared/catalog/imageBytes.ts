/**
 * Reference-file checks on raw bytes, in pure TypeScript so the renderer (drag and drop), main
 * (before upload) and the simulator (as the server) make the same decision. The file's type is
 * taken from its magic bytes, never from its name or a declared MIME type.
 */

export type SniffedImageType = 'image/png' | 'image/jpeg' | 'image/webp'

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** Whether `text` is at `at`; past the end, a byte is undefined and never matches. */
const ascii = (b: Uint8Array, at: number, text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (b[at + i] !== text.charCodeAt(i)) return false
  return true
}

const u16be = (b: Uint8Array, at: number): number => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0)
const u16le = (b: Uint8Array, at: number): number => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8)
const u24le = (b: Uint8Array, at: number): number =>
  (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16)
const u32be = (b: Uint8Array, at: number): number =>
  (((b[at] ?? 0) << 24) >>> 0) +
  (((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0))

/** PNG, JPEG or WebP from the first bytes, or null for anything else. */
export function sniffImageType(bytes: Uint8Array): SniffedImageType | null {
  // Bytes past the end are undefined and match nothing, so no length checks are needed.
  if (PNG_SIGNATURE.every((v, i) => bytes[i] === v)) return 'image/png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp'
  return null
}

const PNG_IEND = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]

/**
 * Whether a PNG, JPEG or WebP ends where its format says it ends: a PNG with its IEND chunk, a
 * JPEG with its end-of-image marker (trailing zero padding allowed), a WebP with all the bytes
 * its RIFF header counts. A cut-off file (an interrupted copy or download) has a valid header,
 * so sniffing alone lets it through; the service would then refuse it, or worse, charge for it.
 */
export function isCompleteImage(bytes: Uint8Array): boolean {
  const type = sniffImageType(bytes)
  if (type === 'image/png') {
    // A file shorter than signature + IEND cannot match: its last 12 bytes overlap the signature,
    // which has no zero byte, or fall before the start (undefined).
    const tail = bytes.length - PNG_IEND.length
    return PNG_IEND.every((v, i) => bytes[tail + i] === v)
  }
  if (type === 'image/jpeg') {
    let end = bytes.length
    while (bytes[end - 1] === 0) end-- // stops at the third byte at the latest (0xff, sniffed)
    return bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9
  }
  if (type === 'image/webp') {
    const riffSize = (bytes[4]! | (bytes[5]! << 8) | (bytes[6]! << 16) | (bytes[7]! << 24)) >>> 0
    return bytes.length >= riffSize + 8
  }
  return false
}

/** JPEG start-of-frame markers that carry the dimensions (not DHT 0xC4, JPG 0xC8, DAC 0xCC). */
const isSofMarker = (m: number): boolean =>
  m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc

function jpegDimensions(b: Uint8Array): { width: number; height: number } | null {
  let at = 2
  // Reading past the end gives undefined, which is not 0xff: the next turn returns null, so the
  // bound only ends the loop sooner (mutants of it are equivalent).
  // Stryker disable next-line EqualityOperator,ArithmeticOperator: equivalent, see above
  while (at + 3 < b.length) {
    if (b[at] !== 0xff) return null
    let marker = b[at + 1] ?? 0
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: equivalent, as above
    while (marker === 0xff && at + 2 < b.length) {
      at++
      marker = b[at + 1] ?? 0
    }
    at += 2
    // Markers without a length: TEM, RST0-7, SOI, EOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) continue
    const length = u16be(b, at)
    // Without this, a length of 0 or 1 lands on the length's own first byte (0x00), not a marker,
    // and the next turn returns null all the same: the check states the rule, mutants are equivalent.
    // Stryker disable next-line ConditionalExpression: equivalent, see above
    if (length < 2) return null
    if (isSofMarker(marker)) {
      if (at + 7 > b.length) return null
      const height = u16be(b, at + 3)
      const width = u16be(b, at + 5)
      return width > 0 && height > 0 ? { width, height } : null
    }
    at += length
  }
  return null
}

function webpDimensions(b: Uint8Array): { width: number; height: number } | null {
  if (ascii(b, 12, 'VP8 ')) {
    // Lossy: 3-byte frame tag, start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff }
  }
  if (ascii(b, 12, 'VP8L')) {
    if (b[20] !== 0x2f || b.length < 25) return null
    const bits =
      ((b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24)) >>> 0
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  if (ascii(b, 12, 'VP8X')) {
    if (b.length < 30) return null
    return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 }
  }
  return null
}

/**
 * Pixel dimensions from the header of a PNG (IHDR), JPEG (first SOF) or WebP (VP8, VP8L, VP8X),
 * or null when the bytes are not one of those or the header is cut short.
 */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  const type = sniffImageType(bytes)
  if (type === 'image/png') {
    if (bytes.length < 24 || !ascii(bytes, 12, 'IHDR')) return null
    const width = u32be(bytes, 16)
    const height = u32be(bytes, 20)
    return width > 0 && height > 0 ? { width, height } : null
  }
  if (type === 'image/jpeg') return jpegDimensions(bytes)
  if (type === 'image/webp') return webpDimensions(bytes)
  return null
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const B64_LOOKUP = (() => {
  const t = new Int16Array(256).fill(-1)
  for (let i = 0; i < B64.length; i++) t[B64.charCodeAt(i)] = i
  t['-'.charCodeAt(0)] = 62 // base64url
  t['_'.charCodeAt(0)] = 63
  return t
})()

/** The decoded length of a Base64 string, without decoding it (whitespace not allowed). */
export function base64DecodedLength(value: string): number {
  let padding = 0
  if (value.endsWith('==')) padding = 2
  else if (value.endsWith('=')) padding = 1
  return Math.floor((value.length * 3) / 4) - padding
}

/** Only the Base64 alphabets (standard and URL-safe), without padding or whitespace. */
const BASE64_TEXT = /^[A-Za-z0-9+/_-]*$/

/** Node's decoder, where there is one (main, tests); the renderer has none. */
type NativeDecoder = { from(text: string, encoding: 'base64'): Uint8Array }

/**
 * Decodes standard or URL-safe Base64 (an optional `data:...;base64,` prefix is dropped) into
 * bytes, or null when the text is not Base64. Pure TS so that shared code needs no Buffer; where
 * Node's Buffer exists (main), it decodes instead, natively: a 24 MiB reference is 32 MB of text,
 * too slow for a loop in JavaScript. The text is checked first, since Buffer skips what it cannot
 * read, so both give the same answer.
 */
export function decodeBase64(input: string): Uint8Array | null {
  const comma = input.startsWith('data:') ? input.indexOf(',') : -1
  const text = input.slice(comma + 1).replace(/=+$/, '') // comma -1: the whole input
  if (text.length % 4 === 1 || !BASE64_TEXT.test(text)) return null
  const native = (globalThis as { Buffer?: NativeDecoder }).Buffer
  if (native) {
    const b = native.from(text, 'base64')
    return new Uint8Array(b.buffer, b.byteOffset, b.byteLength)
  }
  const out = new Uint8Array(Math.floor((text.length * 3) / 4))
  let o = 0
  let acc = 0
  let bits = 0
  // Stryker disable next-line EqualityOperator: one more turn writes past `out`'s end, which a typed array ignores
  for (let i = 0; i < text.length; i++) {
    acc = (acc << 6) | B64_LOOKUP[text.charCodeAt(i)]!
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out[o++] = (acc >> bits) & 0xff
    }
  }
  return out
}

/**
 * WebP metadata, byte by byte (no re-encoding): the RIFF container's `XMP ` and `EXIF` chunks,
 * which need the extended header (VP8X) with their flag bits set. A simple (VP8/VP8L-only) file
 * gets a VP8X header made from its frame size. Walks at most MAX_CHUNKS chunks.
 * Layout facts: https://developers.google.com/speed/webp/docs/riff_container
 */
import { concatBytes } from '../pngChunks'

const MAX_CHUNKS = 10_000
const FLAG_XMP = 0x04
const FLAG_EXIF = 0x08
const FLAG_ALPHA = 0x10

export interface RiffChunk {
  fourcc: string
  /** Offset of the chunk header. */
  offset: number
  data: Uint8Array
}

const latin1 = new TextDecoder('latin1')
const utf8 = new TextDecoder('utf-8')

export function isWebp(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 12 &&
    latin1.decode(bytes.subarray(0, 4)) === 'RIFF' &&
    latin1.decode(bytes.subarray(8, 12)) === 'WEBP'
  )
}

/** The chunks after the `WEBP` tag. Throws on a file whose chunks run past its end. */
export function webpChunks(bytes: Uint8Array): RiffChunk[] {
  if (!isWebp(bytes)) throw new Error('Not a WebP file.')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const end = Math.min(bytes.length, 8 + view.getUint32(4, true))
  const chunks: RiffChunk[] = []
  let pos = 12
  while (pos + 8 <= end && chunks.length < MAX_CHUNKS) {
    const size = view.getUint32(pos + 4, true)
    if (pos + 8 + size > end) throw new Error('The WebP file is truncated.')
    chunks.push({
      fourcc: latin1.decode(bytes.subarray(pos, pos + 4)),
      offset: pos,
      data: bytes.subarray(pos + 8, pos + 8 + size),
    })
    pos += 8 + size + (size & 1)
  }
  if (!chunks.length) throw new Error('The WebP file is truncated.')
  // Chunks past the cap would be lost by a rewrite: refuse instead.
  if (pos + 8 <= end) throw new Error('The WebP file has too many chunks.')
  return chunks
}

/** The XMP packet and the raw EXIF (TIFF) block, whichever the file has. */
export function readWebpMeta(bytes: Uint8Array): { xmp?: string; exif?: Uint8Array } {
  const out: { xmp?: string; exif?: Uint8Array } = {}
  for (const c of webpChunks(bytes)) {
    if (c.fourcc === 'XMP ') out.xmp ??= utf8.decode(c.data)
    else if (c.fourcc === 'EXIF') {
      // Some writers keep JPEG's "Exif\0\0" prefix in front of the TIFF header.
      const tiff = latin1.decode(c.data.subarray(0, 6)) === 'Exif\0\0' ? c.data.subarray(6) : c.data
      out.exif ??= tiff
    }
  }
  return out
}

function chunk(fourcc: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + data.length + (data.length & 1))
  for (let i = 0; i < 4; i++) out[i] = fourcc.charCodeAt(i)
  new DataView(out.buffer).setUint32(4, data.length, true)
  out.set(data, 8)
  return out
}

/** Canvas size and alpha of a simple file, from its VP8 or VP8L frame header. */
function frameInfo(c: RiffChunk): { width: number; height: number; alpha: boolean } {
  const d = c.data
  if (c.fourcc === 'VP8 ' && d.length >= 10) {
    return {
      width: (d[6]! | (d[7]! << 8)) & 0x3fff,
      height: (d[8]! | (d[9]! << 8)) & 0x3fff,
      alpha: false,
    }
  }
  if (c.fourcc === 'VP8L' && d.length >= 5 && d[0] === 0x2f) {
    const bits = d[1]! | (d[2]! << 8) | (d[3]! << 16) | (d[4]! << 24)
    return {
      width: (bits & 0x3fff) + 1,
      height: ((bits >>> 14) & 0x3fff) + 1,
      alpha: ((bits >>> 28) & 1) === 1,
    }
  }
  throw new Error('The WebP frame header cannot be read.')
}

function vp8x(flags: number, width: number, height: number): Uint8Array {
  const d = new Uint8Array(10)
  d[0] = flags
  const w = width - 1
  const h = height - 1
  d[4] = w & 0xff
  d[5] = (w >> 8) & 0xff
  d[6] = (w >> 16) & 0xff
  d[7] = h & 0xff
  d[8] = (h >> 8) & 0xff
  d[9] = (h >> 16) & 0xff
  return chunk('VP8X', d)
}

/**
 * A copy with the given XMP (and EXIF, when given) replacing any it had; `xmp: null` with no EXIF
 * strips both ("export without metadata"). The image chunks are copied as they are.
 */
export function webpWithMetadata(
  bytes: Uint8Array,
  meta: { xmp: string | null; exif?: Uint8Array | null },
): Uint8Array {
  const chunks = webpChunks(bytes)
  const raw = (c: RiffChunk) =>
    bytes.subarray(c.offset, c.offset + 8 + c.data.length + (c.data.length & 1))
  const first = chunks[0]!
  let header: Uint8Array
  let flags: number
  if (first.fourcc === 'VP8X') {
    flags = first.data[0]! & ~(FLAG_XMP | FLAG_EXIF)
    header = new Uint8Array(raw(first))
  } else {
    const info = frameInfo(first)
    flags = info.alpha ? FLAG_ALPHA : 0
    header = vp8x(0, info.width, info.height)
  }
  if (meta.xmp !== null) flags |= FLAG_XMP
  if (meta.exif) flags |= FLAG_EXIF
  header[8] = flags
  const parts: Uint8Array[] = [header]
  for (const c of chunks) {
    if (c === first && c.fourcc === 'VP8X') continue
    if (c.fourcc === 'XMP ' || c.fourcc === 'EXIF') continue
    parts.push(raw(c))
  }
  // EXIF then XMP, after the image data, as the container specification orders them.
  if (meta.exif) parts.push(chunk('EXIF', meta.exif))
  if (meta.xmp !== null) parts.push(chunk('XMP ', new TextEncoder().encode(meta.xmp)))
  const body = concatBytes(parts)
  const out = new Uint8Array(12 + body.length)
  out.set(bytes.subarray(0, 12), 0)
  new DataView(out.buffer).setUint32(4, body.length + 4, true)
  out.set(body, 12)
  return out
}

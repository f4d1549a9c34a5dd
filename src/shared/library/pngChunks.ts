/**
 * PNG text chunks in pure TypeScript, so main can embed settings into saved outputs and both sides
 * can read settings out of a dropped PNG without a native dependency. Handles tEXt, iTXt
 * (uncompressed and deflate) and zTXt; everything else in the file is kept byte for byte.
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

/** CRC-32 as PNG (and ZIP) define it. */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffffffff
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

export function isPng(bytes: Uint8Array): boolean {
  if (bytes.length < 8) return false
  return SIGNATURE.every((b, i) => bytes[i] === b)
}

export interface PngChunk {
  type: string
  /** Offset of the chunk's length field in the file. */
  offset: number
  data: Uint8Array
  /** Whether the stored CRC matches; a mismatch marks a damaged file. */
  crcOk: boolean
}

/**
 * Walks the chunks. Throws on a file that is not a PNG or whose chunk lengths run past the end,
 * so a truncated download is recognised as such.
 */
export function readPngChunks(bytes: Uint8Array, checkCrc = true): PngChunk[] {
  if (!isPng(bytes)) throw new Error('Not a PNG file (bad signature).')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const chunks: PngChunk[] = []
  let pos = 8
  while (pos < bytes.length) {
    if (pos + 12 > bytes.length) throw new Error('The PNG file is truncated.')
    const length = view.getUint32(pos)
    const end = pos + 12 + length
    if (end > bytes.length) throw new Error('The PNG file is truncated.')
    const type = String.fromCharCode(...bytes.subarray(pos + 4, pos + 8))
    const crc = view.getUint32(pos + 8 + length)
    const at = pos
    // Checked when asked: a walk over a 100 MB PNG (an upscale's result) must not spend ~0.3 s of
    // main's thread on CRCs nobody reads.
    chunks.push({
      type,
      offset: pos,
      data: bytes.subarray(pos + 8, pos + 8 + length),
      // Reading settings skips the check: a CRC over a 50 MB chunk would block the caller.
      get crcOk() {
        return !checkCrc || crc32(bytes, at + 4, at + 8 + length) === crc
      },
    })
    pos = end
    if (type === 'IEND') break
  }
  if (chunks[0]?.type !== 'IHDR') throw new Error('The PNG file has no header chunk.')
  if (chunks[chunks.length - 1]?.type !== 'IEND') throw new Error('The PNG file is truncated.')
  return chunks
}

/** Width and height from IHDR. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const ihdr = readPngChunks(bytes)[0]!
  const view = new DataView(ihdr.data.buffer, ihdr.data.byteOffset, ihdr.data.byteLength)
  return { width: view.getUint32(0), height: view.getUint32(4) }
}

const utf8 = new TextDecoder('utf-8', { fatal: true })
const latin1 = new TextDecoder('latin1')

/** tEXt is Latin-1 by the standard, but NovelAI and others write UTF-8: accept both. */
function decodeLooseText(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes)
  } catch {
    return latin1.decode(bytes)
  }
}

/**
 * Most text one chunk may give. A1111 `parameters` and NovelAI `Comment` are a few KiB; a crafted
 * compressed chunk can inflate a thousandfold (a 100 KB PNG into a 105 MB sidecar), so text past
 * this is cut off, with TRUNCATED_NOTE at the end, and the inflater is stopped there.
 */
export const MAX_TEXT_CHUNK_BYTES = 256 * 1024
/** Ends a text that was cut at MAX_TEXT_CHUNK_BYTES. */
export const TRUNCATED_NOTE = ' … [cut: this metadata is larger than Gen Studio reads]'

/**
 * Compressed bytes handed to the inflater at a time. Deflate expands at most about 1032:1, so one
 * slice gives at most about 1 MiB: a whole chunk handed over at once was inflated in one go (16
 * MiB of text blocked the loop for 57 ms before the budget could stop it).
 */
const INFLATE_SLICE = 1024

/** Inflates at most `limit` bytes, a slice at a time (so the event loop keeps turning). */
async function inflate(
  bytes: Uint8Array,
  limit: number,
): Promise<{ bytes: Uint8Array; cut: boolean }> {
  const stream = new DecompressionStream('deflate')
  const writer = stream.writable.getWriter()
  const reader = stream.readable.getReader()
  const feeding = (async () => {
    for (let at = 0; at < bytes.length; at += INFLATE_SLICE)
      await writer.write(new Uint8Array(bytes.subarray(at, at + INFLATE_SLICE)))
    await writer.close()
  })()
  // A cut (or corrupt data) ends the feeding with an error nobody needs.
  feeding.catch(() => {})
  const parts: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (size + value.length > limit) {
      parts.push(value.subarray(0, limit - size))
      await reader.cancel().catch(() => {})
      return { bytes: concatBytes(parts), cut: true }
    }
    parts.push(value)
    size += value.length
  }
  await feeding
  return { bytes: concatBytes(parts), cut: false }
}

/** The parts joined into one array (file rewriting in pngChunks and meta/). */
export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** Text of at most MAX_TEXT_CHUNK_BYTES bytes (a cut UTF-8 sequence is dropped, not garbled). */
function boundedText(bytes: Uint8Array, cut: boolean, decode: (b: Uint8Array) => string): string {
  if (!cut && bytes.length <= MAX_TEXT_CHUNK_BYTES) return decode(bytes)
  const kept = bytes.subarray(0, MAX_TEXT_CHUNK_BYTES)
  return lenientUtf8.decode(kept).replace(/\uFFFD+$/, '') + TRUNCATED_NOTE
}

const lenientUtf8 = new TextDecoder('utf-8')

/**
 * All text chunks as keyword → text (the last one wins for a repeated keyword). Compressed chunks
 * that fail to inflate are skipped rather than failing the whole file.
 */
export async function readPngText(
  bytes: Uint8Array,
  checkCrc = true,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const chunk of readPngChunks(bytes, checkCrc)) {
    const { type, data } = chunk
    if (type !== 'tEXt' && type !== 'iTXt' && type !== 'zTXt') continue
    const nul = data.indexOf(0)
    if (nul <= 0) continue
    const keyword = latin1.decode(data.subarray(0, nul))
    try {
      if (type === 'tEXt') {
        out[keyword] = boundedText(data.subarray(nul + 1), false, decodeLooseText)
      } else if (type === 'zTXt') {
        const inflated = await inflate(data.subarray(nul + 2), MAX_TEXT_CHUNK_BYTES)
        out[keyword] = boundedText(inflated.bytes, inflated.cut, decodeLooseText)
      } else {
        const compressed = data[nul + 1] === 1
        let p = nul + 3
        const langEnd = data.indexOf(0, p)
        if (langEnd < 0) continue
        const transEnd = data.indexOf(0, langEnd + 1)
        if (transEnd < 0) continue
        p = transEnd + 1
        const body = data.subarray(p)
        const inflated = compressed
          ? await inflate(body, MAX_TEXT_CHUNK_BYTES)
          : { bytes: body, cut: false }
        out[keyword] = boundedText(inflated.bytes, inflated.cut, (b) => utf8.decode(b))
      }
    } catch {
      // A damaged text chunk loses only itself.
    }
  }
  return out
}

const encoder = new TextEncoder()

function isLatin1(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return false
  return true
}

function chunkBytes(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length))
  return out
}

/**
 * One text chunk: tEXt when the text is Latin-1 (what NovelAI-compatible readers look for first),
 * otherwise iTXt with UTF-8 so prompts in any script survive.
 */
export function textChunk(keyword: string, text: string): Uint8Array {
  if (!/^[\x20-\x7e]{1,79}$/.test(keyword)) throw new Error(`Invalid PNG keyword "${keyword}".`)
  const key = encoder.encode(keyword)
  // XMP must be iTXt (XMP specification part 3), whatever its characters.
  if (isLatin1(text) && keyword !== 'XML:com.adobe.xmp') {
    const body = new Uint8Array(key.length + 1 + text.length)
    body.set(key, 0)
    for (let i = 0; i < text.length; i++) body[key.length + 1 + i] = text.charCodeAt(i)
    return chunkBytes('tEXt', body)
  }
  const value = encoder.encode(text)
  // keyword NUL, compression flag 0, method 0, empty language NUL, empty translated keyword NUL
  const body = new Uint8Array(key.length + 5 + value.length)
  body.set(key, 0)
  body.set(value, key.length + 5)
  return chunkBytes('iTXt', body)
}

/**
 * A copy of the PNG with the given text entries, replacing any existing text chunks of the same
 * keywords. New chunks go right after IHDR, before the image data, where readers find them early.
 */
export function writePngText(bytes: Uint8Array, entries: Record<string, string>): Uint8Array {
  const chunks = readPngChunks(bytes)
  const replaced = new Set(Object.keys(entries))
  const added = Object.entries(entries).map(([k, v]) => textChunk(k, v))
  const parts: Uint8Array[] = [bytes.subarray(0, 8)]
  for (const chunk of chunks) {
    const raw = bytes.subarray(chunk.offset, chunk.offset + 12 + chunk.data.length)
    if (chunk.type === 'tEXt' || chunk.type === 'iTXt' || chunk.type === 'zTXt') {
      const nul = chunk.data.indexOf(0)
      const keyword = nul > 0 ? latin1.decode(chunk.data.subarray(0, nul)) : ''
      if (replaced.has(keyword)) continue
    }
    parts.push(raw)
    if (chunk.type === 'IHDR') parts.push(...added)
  }
  return concatBytes(parts)
}

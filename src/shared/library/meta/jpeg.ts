/**
 * JPEG metadata segments, read and written byte by byte (no re-encoding): XMP in APP1
 * (`http://ns.adobe.com/xap/1.0/`), EXIF UserComment in the APP1 `Exif` block (where A1111 and
 * Civitai put settings for JPEGs), and COM. Walks at most MAX_SEGMENTS headers and never reads
 * past the start of scan, so a crafted file costs little.
 */
import { concatBytes } from '../pngChunks'

const XMP_ID = 'http://ns.adobe.com/xap/1.0/\0'
const EXIF_ID = 'Exif\0\0'
/** A segment's length field counts itself: 65,535 - 2 bytes of data at most. */
export const MAX_SEGMENT_DATA = 65533
const MAX_SEGMENTS = 1000
const MAX_IFD_ENTRIES = 1000

export interface JpegSegment {
  marker: number
  /** Offset of the 0xFF of the marker. */
  offset: number
  /** Bytes after the length field. */
  data: Uint8Array
}

const latin1 = new TextDecoder('latin1')
const startsWith = (data: Uint8Array, id: string) =>
  data.length >= id.length && latin1.decode(data.subarray(0, id.length)) === id

export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
}

/** The header segments up to (not including) the start of scan. Throws on a truncated header. */
export function jpegSegments(bytes: Uint8Array): { segments: JpegSegment[]; scanAt: number } {
  if (!isJpeg(bytes)) throw new Error('Not a JPEG file.')
  const segments: JpegSegment[] = []
  let pos = 2
  while (pos + 4 <= bytes.length && segments.length < MAX_SEGMENTS) {
    if (bytes[pos] !== 0xff) throw new Error('The JPEG file is damaged (no marker).')
    const marker = bytes[pos + 1]!
    if (marker === 0xff) {
      pos++
      continue
    }
    if (marker === 0xda || marker === 0xd9) return { segments, scanAt: pos }
    const length = (bytes[pos + 2]! << 8) | bytes[pos + 3]!
    if (length < 2 || pos + 2 + length > bytes.length)
      throw new Error('The JPEG file is truncated.')
    segments.push({ marker, offset: pos, data: bytes.subarray(pos + 4, pos + 2 + length) })
    pos += 2 + length
  }
  throw new Error('The JPEG file is truncated.')
}

export interface JpegMeta {
  xmp?: string
  userComment?: string
  comment?: string
}

const utf8 = new TextDecoder('utf-8')

/** Decodes EXIF UserComment: an 8-byte character code, then the text. */
function decodeUserComment(value: Uint8Array, littleEndian: boolean): string {
  const code = latin1.decode(value.subarray(0, 8))
  const body = value.subarray(8)
  if (code.startsWith('UNICODE')) {
    // piexif (A1111) writes UTF-16BE whatever the TIFF order; others follow the TIFF order: the
    // zero high bytes of ASCII text tell which one this is.
    let evenZeros = 0
    let oddZeros = 0
    for (let i = 0; i + 1 < Math.min(body.length, 512); i += 2) {
      if (body[i] === 0) evenZeros++
      if (body[i + 1] === 0) oddZeros++
    }
    const le = evenZeros === oddZeros ? littleEndian : oddZeros > evenZeros
    return new TextDecoder(le ? 'utf-16le' : 'utf-16be').decode(body).replace(/\0+$/, '')
  }
  return utf8.decode(body).replace(/\0+$/, '')
}

/** EXIF UserComment from an APP1 Exif block (IFD0 → Exif IFD → tag 0x9286). */
export function exifUserComment(tiff: Uint8Array): string | undefined {
  if (tiff.length < 8) return undefined
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength)
  const le = tiff[0] === 0x49
  if (!le && tiff[0] !== 0x4d) return undefined
  const u16 = (at: number) => view.getUint16(at, le)
  const u32 = (at: number) => view.getUint32(at, le)
  const entries = (ifd: number) => {
    if (ifd + 2 > tiff.length) return []
    const n = Math.min(u16(ifd), MAX_IFD_ENTRIES)
    const out: { tag: number; type: number; count: number; at: number }[] = []
    for (let i = 0; i < n; i++) {
      const at = ifd + 2 + i * 12
      if (at + 12 > tiff.length) break
      out.push({ tag: u16(at), type: u16(at + 2), count: u32(at + 4), at: at + 8 })
    }
    return out
  }
  const exifPtr = entries(u32(4)).find((e) => e.tag === 0x8769)
  if (!exifPtr) return undefined
  const comment = entries(u32(exifPtr.at)).find((e) => e.tag === 0x9286)
  if (!comment || comment.count < 8) return undefined
  const start = comment.count <= 4 ? comment.at : u32(comment.at)
  if (start + comment.count > tiff.length) return undefined
  return decodeUserComment(tiff.subarray(start, start + comment.count), le)
}

/** The XMP packet, EXIF UserComment and COM text of a JPEG, whichever it has. */
export function readJpegMeta(bytes: Uint8Array): JpegMeta {
  const out: JpegMeta = {}
  for (const s of jpegSegments(bytes).segments) {
    if (s.marker === 0xe1 && startsWith(s.data, XMP_ID)) {
      out.xmp ??= utf8.decode(s.data.subarray(XMP_ID.length))
    } else if (s.marker === 0xe1 && startsWith(s.data, EXIF_ID)) {
      const text = exifUserComment(s.data.subarray(EXIF_ID.length))
      if (text) out.userComment ??= text
    } else if (s.marker === 0xfe) out.comment ??= utf8.decode(s.data)
  }
  return out
}

const encoder = new TextEncoder()

function segment(marker: number, data: Uint8Array): Uint8Array {
  if (data.length > MAX_SEGMENT_DATA) throw new Error('A JPEG metadata segment is too large.')
  const out = new Uint8Array(4 + data.length)
  out[0] = 0xff
  out[1] = marker
  out[2] = (data.length + 2) >> 8
  out[3] = (data.length + 2) & 0xff
  out.set(data, 4)
  return out
}

/** A big-endian TIFF block whose only tag is the Exif IFD's UserComment (UNICODE, UTF-16BE). */
export function exifWithUserComment(text: string): Uint8Array {
  const body = new Uint8Array(8 + text.length * 2)
  body.set(encoder.encode('UNICODE\0'), 0)
  for (let i = 0; i < text.length; i++) {
    body[8 + i * 2] = text.charCodeAt(i) >> 8
    body[9 + i * 2] = text.charCodeAt(i) & 0xff
  }
  // header 8 | IFD0: 2 + 12 + 4 = 18 | Exif IFD: 18 | value
  const out = new Uint8Array(6 + 8 + 18 + 18 + body.length)
  out.set(encoder.encode(EXIF_ID), 0)
  const v = new DataView(out.buffer, 6)
  v.setUint16(0, 0x4d4d)
  v.setUint16(2, 42)
  v.setUint32(4, 8)
  v.setUint16(8, 1)
  v.setUint16(10, 0x8769)
  v.setUint16(12, 4) // LONG
  v.setUint32(14, 1)
  v.setUint32(18, 26)
  v.setUint32(22, 0)
  v.setUint16(26, 1)
  v.setUint16(28, 0x9286)
  v.setUint16(30, 7) // UNDEFINED
  v.setUint32(32, body.length)
  v.setUint32(36, 44)
  v.setUint32(40, 0)
  out.set(body, 6 + 44)
  return out
}

/** Bytes an XMP packet may have to fit one APP1 segment. */
export const MAX_JPEG_XMP_BYTES = MAX_SEGMENT_DATA - XMP_ID.length

/**
 * A copy with our XMP (and, when given, an EXIF UserComment) in place of any XMP/EXIF it had,
 * placed after the JFIF header where readers look. The image data is untouched.
 */
export function jpegWithMetadata(
  bytes: Uint8Array,
  meta: { xmp: string; userComment?: string },
): Uint8Array {
  const { segments } = jpegSegments(bytes)
  const added: Uint8Array[] = []
  if (meta.userComment !== undefined) {
    const exif = exifWithUserComment(meta.userComment)
    if (exif.length <= MAX_SEGMENT_DATA) added.push(segment(0xe1, exif))
  }
  const xmp = encoder.encode(meta.xmp)
  const xmpData = new Uint8Array(XMP_ID.length + xmp.length)
  xmpData.set(encoder.encode(XMP_ID), 0)
  xmpData.set(xmp, XMP_ID.length)
  added.push(segment(0xe1, xmpData))
  const dropped = (s: JpegSegment) =>
    s.marker === 0xe1 &&
    (startsWith(s.data, XMP_ID) || (meta.userComment !== undefined && startsWith(s.data, EXIF_ID)))
  return rebuild(bytes, segments, dropped, added)
}

/**
 * A copy without EXIF, XMP, IPTC (APP13), APP12 or comments ("export without metadata"). The
 * colour profile (APP2) and Adobe's APP14 stay: they change how the pixels decode.
 */
export function jpegWithoutMetadata(bytes: Uint8Array): Uint8Array {
  const { segments } = jpegSegments(bytes)
  return rebuild(
    bytes,
    segments,
    (s) => s.marker === 0xe1 || s.marker === 0xec || s.marker === 0xed || s.marker === 0xfe,
    [],
  )
}

function rebuild(
  bytes: Uint8Array,
  segments: JpegSegment[],
  dropped: (s: JpegSegment) => boolean,
  added: Uint8Array[],
): Uint8Array {
  const parts: Uint8Array[] = [bytes.subarray(0, 2)]
  let insertedAt = -1
  let last = 2
  for (const s of segments) {
    const end = s.offset + 4 + s.data.length
    // Our segments go right after a leading JFIF/JFXX APP0, or first.
    if (insertedAt < 0 && s.marker !== 0xe0) {
      parts.push(...added)
      insertedAt = s.offset
    }
    if (!dropped(s)) parts.push(bytes.subarray(s.offset, end))
    last = end
  }
  if (insertedAt < 0) parts.push(...added)
  parts.push(bytes.subarray(last))
  return concatBytes(parts)
}

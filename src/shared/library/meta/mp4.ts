/**
 * MP4/MOV metadata inside the `moov` box, without touching the media data: `udta/XMP_` (the XMP
 * packet, where Adobe and exiftool keep it) and `udta/meta/ilst` with `©cmt` (the settings text)
 * and `desc` (the prompt), which ffprobe and players show as comment and description. Growing
 * moov moves what follows it, so every chunk offset (stco/co64) past the old moov is shifted.
 * Box layout facts: ISO/IEC 14496-12 and Apple's QuickTime File Format (ilst item/data boxes).
 */
import { concatBytes } from '../pngChunks'

const MAX_BOXES = 20_000
const MAX_DEPTH = 8
/** Containers we descend into to reach chunk offsets and user data. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'udta', 'edts', 'dinf'])

export interface Mp4Box {
  type: string
  /** Offset of the box header within the buffer walked. */
  offset: number
  headerLen: number
  size: number
}

const latin1 = new TextDecoder('latin1')
const utf8 = new TextDecoder('utf-8')
const encoder = new TextEncoder()

/** The boxes directly inside `buf[start, end)`; stops at a damaged header. */
export function childBoxes(buf: Uint8Array, start = 0, end = buf.length): Mp4Box[] {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength)
  const out: Mp4Box[] = []
  let p = start
  while (p + 8 <= end && out.length < MAX_BOXES) {
    let size = view.getUint32(p)
    let headerLen = 8
    if (size === 1) {
      if (p + 16 > end) break
      size = Number(view.getBigUint64(p + 8))
      headerLen = 16
    } else if (size === 0) size = end - p
    if (size < headerLen || p + size > end) break
    const type = String.fromCharCode(buf[p + 4]!, buf[p + 5]!, buf[p + 6]!, buf[p + 7]!)
    out.push({ type, offset: p, headerLen, size })
    p += size
  }
  return out
}

/** One box: its size and type, then the parts. */
export function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const head = new Uint8Array(8)
  const out = concatBytes([head, ...parts])
  new DataView(out.buffer).setUint32(0, out.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  return out
}

const C = '\u00a9'

/** One ilst text item: the item box holding a `data` box of UTF-8 (type 1). */
function ilstText(type: string, text: string): Uint8Array {
  const head = new Uint8Array(8)
  head[3] = 1
  return box(type, box('data', head, encoder.encode(text)))
}

export interface Mp4Meta {
  xmp?: string
  comment?: string
  description?: string
}

/** The udta children we write. */
function ourUserData(meta: Mp4Meta, otherItems: Uint8Array[]): Uint8Array[] {
  const items: Uint8Array[] = [...otherItems]
  if (meta.comment !== undefined) items.push(ilstText(`${C}cmt`, meta.comment))
  if (meta.description !== undefined) items.push(ilstText('desc', meta.description))
  const out: Uint8Array[] = []
  if (items.length) {
    const hdlr = new Uint8Array(4 + 4 + 4 + 12 + 1)
    hdlr.set(encoder.encode('mdir'), 8)
    hdlr.set(encoder.encode('appl'), 12)
    out.push(box('meta', new Uint8Array(4), box('hdlr', hdlr), box('ilst', ...items)))
  }
  if (meta.xmp !== undefined) out.push(box('XMP_', encoder.encode(meta.xmp)))
  return out
}

/**
 * A new moov box (whole, header included) whose udta carries `meta` in place of any XMP_ and
 * meta it had (other user data stays); `meta: null` removes them ("export without metadata").
 * Chunk offsets at or past `shiftFrom` (the old moov's end in the file) move by the size change.
 */
export function moovWithMetadata(
  moov: Uint8Array,
  meta: Mp4Meta | null,
  shiftFrom: number,
): Uint8Array {
  const top = childBoxes(moov)[0]
  if (!top || top.type !== 'moov') throw new Error('The video has no readable moov box.')
  const build = (delta: number) =>
    rebuildContainer(moov, top, meta, shiftFrom, delta, 0, { boxes: 0 })
  const first = build(0)
  const delta = first.length - moov.length
  return delta === 0 ? first : build(delta)
}

function rebuildContainer(
  buf: Uint8Array,
  b: Mp4Box,
  meta: Mp4Meta | null,
  shiftFrom: number,
  delta: number,
  depth: number,
  seen: { boxes: number },
): Uint8Array {
  const end = b.offset + b.size
  const kids = childBoxes(buf, b.offset + b.headerLen, end)
  // A real moov has a few hundred boxes; a crafted one with millions would hold the caller.
  seen.boxes += kids.length
  if (seen.boxes >= MAX_BOXES) throw new Error('The video index has too many boxes to rewrite.')
  // What the walk did not reach would be lost: a few pad bytes are kept, anything more refused.
  const last = kids.at(-1)
  const tail = buf.subarray(last ? last.offset + last.size : b.offset + b.headerLen, end)
  if (tail.length >= 8) throw new Error('The video index has a damaged box.')
  const parts: Uint8Array[] = []
  let hasUdta = false
  for (const k of kids) {
    const raw = buf.subarray(k.offset, k.offset + k.size)
    if (k.type === 'udta' && b.type === 'moov') {
      hasUdta = true
      const children = childBoxes(buf, k.offset + k.headerLen, k.offset + k.size)
      const keep = children
        .filter((c) => c.type !== 'XMP_' && c.type !== 'meta')
        .map((c) => buf.subarray(c.offset, c.offset + c.size))
      parts.push(box('udta', ...keep, ...(meta ? ourUserData(meta, otherTags(buf, children)) : [])))
    } else if ((k.type === 'stco' || k.type === 'co64') && delta !== 0) {
      parts.push(shiftOffsets(raw, k, shiftFrom, delta))
    } else if (CONTAINERS.has(k.type) && depth < MAX_DEPTH) {
      parts.push(rebuildContainer(buf, k, meta, shiftFrom, delta, depth + 1, seen))
    } else parts.push(raw)
  }
  if (b.type === 'moov' && !hasUdta && meta) parts.push(box('udta', ...ourUserData(meta, [])))
  parts.push(tail)
  return box(b.type, ...parts)
}

/** The ilst items of an existing udta/meta other than the ones we write (the encoder name...). */
function otherTags(buf: Uint8Array, udtaChildren: Mp4Box[]): Uint8Array[] {
  const out: Uint8Array[] = []
  for (const m of udtaChildren.filter((c) => c.type === 'meta')) {
    const at = m.offset + m.headerLen
    const skip = latin1.decode(buf.subarray(at + 4, at + 8)) === 'hdlr' ? 0 : 4
    for (const ilst of childBoxes(buf, at + skip, m.offset + m.size).filter(
      (b) => b.type === 'ilst',
    )) {
      for (const item of childBoxes(buf, ilst.offset + ilst.headerLen, ilst.offset + ilst.size)) {
        if (item.type !== `${C}cmt` && item.type !== 'desc')
          out.push(buf.subarray(item.offset, item.offset + item.size))
      }
    }
  }
  return out
}

function shiftOffsets(raw: Uint8Array, k: Mp4Box, shiftFrom: number, delta: number): Uint8Array {
  const out = new Uint8Array(raw)
  const view = new DataView(out.buffer)
  const body = k.headerLen
  const count = view.getUint32(body + 4)
  const wide = k.type === 'co64'
  const width = wide ? 8 : 4
  if (body + 8 + count * width > out.length) throw new Error('The video has a damaged chunk table.')
  for (let i = 0; i < count; i++) {
    const at = body + 8 + i * width
    const offset = wide ? Number(view.getBigUint64(at)) : view.getUint32(at)
    if (offset < shiftFrom) continue
    const moved = offset + delta
    if (wide) view.setBigUint64(at, BigInt(moved))
    else if (moved > 0xffffffff) throw new Error('The video is too large to add metadata to.')
    else view.setUint32(at, moved)
  }
  return out
}

/** XMP, comment and description from a moov box (whole, header included). */
export function readMoovMeta(moov: Uint8Array): Mp4Meta {
  const out: Mp4Meta = {}
  const top = childBoxes(moov)[0]
  if (!top || top.type !== 'moov') return out
  const inside = (b: Mp4Box, skip = 0) =>
    childBoxes(moov, b.offset + b.headerLen + skip, b.offset + b.size)
  for (const udta of inside(top).filter((b) => b.type === 'udta')) {
    for (const c of inside(udta)) {
      const body = moov.subarray(c.offset + c.headerLen, c.offset + c.size)
      if (c.type === 'XMP_') out.xmp ??= utf8.decode(body)
      if (c.type !== 'meta') continue
      // QuickTime writes meta without the FullBox version field; ISO with it.
      const skip = latin1.decode(body.subarray(4, 8)) === 'hdlr' ? 0 : 4
      for (const ilst of inside(c, skip).filter((b) => b.type === 'ilst')) {
        for (const item of inside(ilst)) {
          const data = inside(item).find((d) => d.type === 'data')
          if (!data) continue
          const text = utf8.decode(
            moov.subarray(data.offset + data.headerLen + 8, data.offset + data.size),
          )
          if (item.type === `${C}cmt`) out.comment ??= text
          if (item.type === 'desc') out.description ??= text
        }
      }
    }
  }
  return out
}

/** Adobe's UUID for a top-level XMP box (BE7ACFCB-97A9-42E8-9C71-999491E3AFAC). */
export const XMP_UUID = new Uint8Array([
  0xbe, 0x7a, 0xcf, 0xcb, 0x97, 0xa9, 0x42, 0xe8, 0x9c, 0x71, 0x99, 0x94, 0x91, 0xe3, 0xaf, 0xac,
])

import { promises as fs } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'

import { imageDimensions } from '@shared/catalog'
import { type LibraryMedia, MEDIA_TYPES, type MediaExt } from '@shared/library/types'

import { loadSharp } from '../../../adapters/thumbnails/loadSharp'
import { t } from '../../../i18n'

/**
 * The type a file really is, from its first bytes (never trusting the name): a download that is
 * an HTML error page, or a truncated or renamed file, is recognised before it enters the library.
 */
export function sniffExt(head: Uint8Array): MediaExt | null {
  const at = (i: number, s: string) => [...s].every((c, k) => head[i + k] === c.charCodeAt(0))
  if (head[0] === 0x89 && at(1, 'PNG\r\n\x1a\n')) return 'png'
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg'
  if (at(0, 'GIF87a') || at(0, 'GIF89a')) return 'gif'
  if (at(0, 'RIFF') && at(8, 'WEBP')) return 'webp'
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm'
  if (at(4, 'ftyp')) return at(8, 'qt  ') ? 'mov' : 'mp4'
  return null
}

/** Whether a claimed extension and the sniffed type are the same kind of file. */
export function extMatches(claimed: MediaExt, sniffed: MediaExt): boolean {
  const norm = (e: MediaExt) => (e === 'jpeg' ? 'jpg' : e === 'mov' ? 'mp4' : e)
  return norm(claimed) === norm(sniffed)
}

export interface MediaInfo {
  ext: MediaExt
  media: LibraryMedia
  width: number | null
  height: number | null
  durationSec: number | null
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length)
  const { bytesRead } = await handle.read(buf, 0, length, position)
  return buf.subarray(0, bytesRead)
}

/** Top-level boxes looked at before giving up (real files have a handful; fragmented ones hundreds). */
const MAX_TOP_BOXES = 4096
/** Boxes inside moov looked at, all levels together. */
const MAX_MOOV_BOXES = 20_000
/** Box headers are read in blocks this big, not one small read per box. */
const HEADER_BLOCK = 64 * 1024
/** Largest moov read into memory. */
const MAX_MOOV_BYTES = 16 * 1024 * 1024

/**
 * Duration and frame size of an MP4/MOV from its `moov` box (mvhd, first video tkhd) without
 * decoding anything; reads only box headers and the moov box. Null fields when not found.
 * Bounded for crafted files (issue #13: 400,000 tiny boxes held the save queue for 27 s): headers
 * come from 64 KiB blocks, and at most MAX_TOP_BOXES top-level and MAX_MOOV_BOXES inner boxes are
 * looked at.
 */
export async function probeMp4(
  path: string,
): Promise<{ durationSec: number | null; width: number | null; height: number | null }> {
  const none = { durationSec: null, width: null, height: null }
  const handle = await fs.open(path, 'r')
  try {
    const size = (await handle.stat()).size
    let block: Buffer = Buffer.alloc(0)
    let blockStart = 0
    const headerAt = async (pos: number): Promise<Buffer> => {
      const blockEnd = blockStart + block.length
      if (pos < blockStart || (pos + 16 > blockEnd && blockEnd < size)) {
        block = await readAt(handle, pos, HEADER_BLOCK)
        blockStart = pos
      }
      return block.subarray(pos - blockStart, pos - blockStart + 16)
    }
    let pos = 0
    for (let boxes = 0; pos + 8 <= size && boxes < MAX_TOP_BOXES; boxes++) {
      const header = await headerAt(pos)
      if (header.length < 8) break
      let boxSize = header.readUInt32BE(0)
      const type = header.toString('latin1', 4, 8)
      let headerLen = 8
      if (boxSize === 1) {
        if (header.length < 16) break
        boxSize = Number(header.readBigUInt64BE(8))
        headerLen = 16
      } else if (boxSize === 0) boxSize = size - pos
      if (boxSize < headerLen) break
      if (type === 'moov') {
        if (boxSize > MAX_MOOV_BYTES) return none
        return parseMoov(await readAt(handle, pos + headerLen, boxSize - headerLen))
      }
      pos += boxSize
    }
    return none
  } finally {
    await handle.close()
  }
}

function parseMoov(moov: Buffer) {
  let durationSec: number | null = null
  let width: number | null = null
  let height: number | null = null
  let seen = 0
  const walk = (buf: Buffer, depth: number) => {
    let p = 0
    while (p + 8 <= buf.length && seen++ < MAX_MOOV_BOXES) {
      const size = buf.readUInt32BE(p)
      const type = buf.toString('latin1', p + 4, p + 8)
      if (size < 8 || p + size > buf.length) return
      const body = buf.subarray(p + 8, p + size)
      if (type === 'mvhd' && body.length >= 20) {
        const v1 = body[0] === 1
        const timescale = v1 ? body.readUInt32BE(20) : body.readUInt32BE(12)
        const duration = v1 ? Number(body.readBigUInt64BE(24)) : body.readUInt32BE(16)
        if (timescale > 0) durationSec = Math.round((duration / timescale) * 1000) / 1000
      } else if (type === 'tkhd' && width === null) {
        const off = body[0] === 1 ? 88 : 76
        if (body.length >= off + 8) {
          const w = body.readUInt32BE(off) / 65536
          const h = body.readUInt32BE(off + 4) / 65536
          if (w > 0 && h > 0) {
            width = Math.round(w)
            height = Math.round(h)
          }
        }
      } else if ((type === 'trak' || type === 'mdia') && depth < 4) {
        walk(body, depth + 1)
      }
      p += size
    }
  }
  walk(moov, 0)
  return { durationSec, width, height }
}

/**
 * Checks that a file is a readable image or video and measures it. Throws a plain Error with a
 * readable message for unknown, corrupt or truncated files.
 */
export async function probeMedia(path: string): Promise<MediaInfo> {
  const handle = await fs.open(path, 'r')
  let head: Buffer
  try {
    head = await readAt(handle, 0, 64)
  } finally {
    await handle.close()
  }
  const ext = sniffExt(head)
  if (!ext) throw new Error(t('mediaNotHeld'))
  const media = MEDIA_TYPES[ext].media
  if (media === 'video') {
    const info =
      ext === 'webm' ? { durationSec: null, width: null, height: null } : await probeMp4(path)
    return { ext, media, ...info }
  }
  if (ext === 'png') {
    // The size is in IHDR, at a fixed place. sharp's metadata() would also inflate every text
    // chunk and hand it to JavaScript whole: a 16 KB zTXt chunk became a 16 MiB string and a
    // 57 ms block of main (bench/hostile-files.ts).
    const dims = imageDimensions(head)
    if (!dims) throw new Error(t('pngHeaderDamaged'))
    return { ext, media, width: dims.width, height: dims.height, durationSec: null }
  }
  try {
    const meta = await loadSharp()(path).metadata()
    return { ext, media, width: meta.width ?? null, height: meta.height ?? null, durationSec: null }
  } catch (e) {
    throw new Error(t('imageUnreadable', { detail: (e as Error).message }))
  }
}

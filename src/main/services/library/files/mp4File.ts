import { createReadStream, createWriteStream, promises as fs } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'

import { XMP_PNG_KEYWORD } from '@shared/library/meta/embed'
import { moovWithMetadata, type Mp4Meta, readMoovMeta, XMP_UUID } from '@shared/library/meta/mp4'

/** Top-level boxes looked at (real files have a handful; fragmented ones hundreds). */
const MAX_TOP_BOXES = 4096
/** Largest moov read into memory. */
const MAX_MOOV_BYTES = 16 * 1024 * 1024
/** Largest top-level XMP uuid box read. */
const MAX_UUID_BYTES = 1024 * 1024

const latin1 = new TextDecoder('latin1')

interface TopBox {
  type: string
  offset: number
  size: number
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Uint8Array> {
  const buf = new Uint8Array(length)
  const { bytesRead } = await handle.read(buf, 0, length, position)
  return buf.subarray(0, bytesRead)
}

/** The top-level boxes of an MP4/MOV, from their headers only. */
async function topBoxes(handle: FileHandle): Promise<TopBox[]> {
  const size = (await handle.stat()).size
  const out: TopBox[] = []
  let pos = 0
  while (pos + 8 <= size && out.length < MAX_TOP_BOXES) {
    const head = await readAt(handle, pos, 16)
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength)
    let boxSize = view.getUint32(0)
    if (boxSize === 1 && head.length >= 16) boxSize = Number(view.getBigUint64(8))
    else if (boxSize === 0) boxSize = size - pos
    if (boxSize < 8 || pos + boxSize > size) break
    out.push({ type: latin1.decode(head.subarray(4, 8)), offset: pos, size: boxSize })
    pos += boxSize
  }
  return out
}

/**
 * Copies an MP4 to `dest` with our metadata in moov/udta (or, `meta: null`, without any XMP or
 * iTunes-style tags). Only moov is rewritten; the media data is streamed through as it is, so
 * nothing is re-encoded. Throws (leaving `dest` absent) when the file has no usable moov.
 */
export async function writeMp4WithMetadata(
  src: string,
  dest: string,
  meta: Mp4Meta | null,
): Promise<void> {
  const handle = await fs.open(src, 'r')
  let moov: Uint8Array
  let moovBox: TopBox
  let size: number
  try {
    size = (await handle.stat()).size
    const boxes = await topBoxes(handle)
    const found = boxes.find((b) => b.type === 'moov')
    if (!found) throw new Error('The video has no moov box.')
    if (found.size > MAX_MOOV_BYTES) throw new Error('The video index (moov) is too large.')
    moovBox = found
    moov = await readAt(handle, found.offset, found.size)
  } finally {
    await handle.close()
  }
  const rewritten = moovWithMetadata(moov, meta, moovBox.offset + moovBox.size)
  const out = createWriteStream(dest, { flags: 'wx' })
  try {
    const copy = async (start: number, end: number) => {
      if (end <= start) return
      await pipeline(createReadStream(src, { start, end: end - 1 }), out, { end: false })
    }
    await copy(0, moovBox.offset)
    await new Promise<void>((resolve, reject) =>
      out.write(rewritten, (e) => (e ? reject(e) : resolve())),
    )
    await copy(moovBox.offset + moovBox.size, size)
    await new Promise<void>((resolve, reject) => {
      out.end((e?: Error | null) => (e ? reject(e) : resolve()))
    })
  } catch (e) {
    out.destroy()
    await fs.rm(dest, { force: true })
    throw e
  }
}

/** The metadata texts of an MP4/MOV (moov user data, a top-level XMP uuid box). */
export async function readMp4Texts(path: string): Promise<Record<string, string>> {
  const handle = await fs.open(path, 'r')
  try {
    const texts: Record<string, string> = {}
    const boxes = await topBoxes(handle)
    const moovBox = boxes.find((b) => b.type === 'moov')
    let meta: Mp4Meta = {}
    if (moovBox && moovBox.size <= MAX_MOOV_BYTES)
      meta = readMoovMeta(await readAt(handle, moovBox.offset, moovBox.size))
    if (!meta.xmp) {
      for (const b of boxes.filter((x) => x.type === 'uuid' && x.size <= MAX_UUID_BYTES)) {
        const body = await readAt(handle, b.offset + 8, b.size - 8)
        if (XMP_UUID.every((v, i) => body[i] === v)) {
          meta.xmp = new TextDecoder().decode(body.subarray(16))
          break
        }
      }
    }
    if (meta.xmp) texts[XMP_PNG_KEYWORD] = meta.xmp
    if (meta.comment) texts.comment = meta.comment
    return texts
  } finally {
    await handle.close()
  }
}

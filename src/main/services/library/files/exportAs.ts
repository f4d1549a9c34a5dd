/**
 * Exports of a selection beyond the ZIP (issue #27): image copies in PNG, JPEG or WebP with the
 * chosen metadata, a contact sheet (a grid image, or a PDF with the prompt and settings under
 * each tile), and an animated WebP or GIF of a batch's frames in order. Every output is written
 * to a temp name and renamed, so a destination holds a whole file or nothing.
 */
import { promises as fs } from 'node:fs'
import { basename, extname, join } from 'node:path'

import type { ExportMetadata, ExportResult } from '@shared/library/exportOptions'
import { a1111Parameters } from '@shared/library/meta/a1111'
import { fittedXmp, mp4MetaFor } from '@shared/library/meta/embed'
import { mjpegMp4 } from '@shared/library/meta/mjpegMp4'
import { moovWithMetadata } from '@shared/library/meta/mp4'
import { webpWithMetadata } from '@shared/library/meta/webp'
import type { LibraryItem } from '@shared/library/types'
import { fail } from '@shared/result'
import type { OverlayOptions } from 'sharp'

import { loadSharp } from '../../../adapters/thumbnails/loadSharp'
import { t } from '../../../i18n'
import type { LibraryCore } from '../core/LibraryCore'
import { tempNameFor, writeSynced } from '../disk/fsUtil'
import { mapLimit } from '../disk/scan'
import { cellImage, xmlEscape } from './composeGrid'
import { embeddedOf, imageWithMetadata } from './exportPrepared'
import { contactSheetPdf, PDF_CAPTION_CHARS, PDF_CAPTION_LINES } from './pdfSheet'
import { isWide } from './pdfText'

/** Most items one sheet or animation takes (a sheet page holds 9; an animation this many frames). */
export const MAX_EXPORT_FRAMES = 500
const DECODE_JOBS = 3
const SHEET_CELL = 256
const CAPTION_PX = 64
const FRAME_SIDE = 1024

const isImage = (i: LibraryItem) => i.media === 'image'

/** The items, images only, in batch order (then creation order): how frames play. */
function framesOf(core: LibraryCore, ids: string[]): { items: LibraryItem[]; skipped: number } {
  const all = ids.map((id) => core.idx().get(id)).filter((i): i is LibraryItem => !!i)
  const items = all.filter(isImage)
  items.sort(
    (a, b) =>
      (a.batch?.index ?? Number.MAX_SAFE_INTEGER) - (b.batch?.index ?? Number.MAX_SAFE_INTEGER) ||
      a.createdAt - b.createdAt,
  )
  return { items, skipped: ids.length - items.length }
}

/** Runs the decoding of an export; an unreadable picture becomes a clear refusal. */
async function decoding<T>(
  what: 'sheet' | 'animation' | 'video',
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work()
  } catch (e) {
    return fail('validation', t('exportDecodeFailed', { what, detail: (e as Error).message }), {
      action: t('exportDecodeFailedAction'),
    })
  }
}

async function writeWhole(dest: string, bytes: Uint8Array): Promise<void> {
  const tmp = tempNameFor(dest)
  try {
    await writeSynced(tmp, bytes)
    await fs.rename(tmp, dest)
  } catch (e) {
    await fs.rm(tmp, { force: true }).catch(() => {})
    throw e
  }
}

/** Cells a character takes on a caption line: two for a CJK (wide) one, else one. */
const cellsOf = (ch: string) => (isWide(ch.codePointAt(0)!) ? 2 : 1)

/** How many of `chars` fit in `limit` cells. */
function fitting(chars: string[], limit: number): number {
  let cells = 0
  let n = 0
  while (n < chars.length && cells + cellsOf(chars[n]!) <= limit) cells += cellsOf(chars[n++]!)
  return n
}

/**
 * The caption lines of an item: prompt (wrapped), then its settings, as metadata allows. `width`
 * is in cells, so a line of Chinese, Japanese or Korean is cut at half the characters.
 */
export function captionLines(item: LibraryItem, metadata: ExportMetadata, width: number): string[] {
  const wrap = (text: string, max: number) => {
    const out: string[] = []
    let rest = [...text.replace(/\s+/g, ' ').trim()]
    while (rest.length && out.length < max) {
      const fit = fitting(rest, width)
      if (fit === rest.length) {
        out.push(rest.join(''))
        break
      }
      if (out.length === max - 1) {
        out.push(`${rest.slice(0, fitting(rest, width - 1)).join('')}…`)
        break
      }
      const space = rest.lastIndexOf(' ', fit)
      const at = space > fit / 2 ? space : fit
      out.push(rest.slice(0, at).join(''))
      rest = rest.slice(at)
      while (rest[0] === ' ') rest.shift()
    }
    return out
  }
  const name = basename(item.relPath)
  if (metadata === 'none') return [name]
  const settings = a1111Parameters(embeddedOf(item), false)
  const prompt = metadata === 'all' ? wrap(item.prompt, PDF_CAPTION_LINES - 3) : []
  return [...prompt, ...wrap(settings, 2), name].slice(0, PDF_CAPTION_LINES)
}

/** Image copies in one format into the folder `dest`, never overwriting a file there. */
export async function exportCopies(
  core: LibraryCore,
  ids: string[],
  dest: string,
  format: 'png' | 'jpeg' | 'webp',
  metadata: ExportMetadata,
): Promise<ExportResult> {
  const { items, skipped } = framesOf(core, ids)
  const ext = format === 'jpeg' ? 'jpg' : format
  let count = 0
  for (const item of items) {
    const abs = join(core.dir(), item.relPath)
    let bytes: Uint8Array
    try {
      const same = item.ext === format || (format === 'jpeg' && item.ext === 'jpg')
      const img = loadSharp()(abs, { failOn: 'error', limitInputPixels: 268_402_689 })
      bytes = same
        ? new Uint8Array(await fs.readFile(abs))
        : new Uint8Array(
            await (
              format === 'png'
                ? img.png()
                : format === 'jpeg'
                  ? img.flatten({ background: '#ffffff' }).jpeg({ quality: 92 })
                  : img.webp({ quality: 90 })
            ).toBuffer(),
          )
      bytes = imageWithMetadata(item, ext, bytes, metadata)
    } catch (e) {
      return fail(
        'validation',
        t('exportConvertFailed', {
          name: basename(item.relPath),
          detail: (e as Error).message,
          count,
        }),
      )
    }
    const stem = basename(item.relPath, extname(item.relPath))
    let name = `${stem}.${ext}`
    for (
      let n = 2;
      await fs.stat(join(dest, name)).then(
        () => true,
        () => false,
      );
      n++
    )
      name = `${stem} (${n}).${ext}`
    await writeWhole(join(dest, name), bytes)
    count++
  }
  if (!count) return fail('validation', t('exportNoImageToCopy'))
  return { path: dest, count, skipped }
}

/** A grid image (PNG) or a PDF of the items with their prompt and settings under each. */
export async function exportContactSheet(
  core: LibraryCore,
  ids: string[],
  dest: string,
  format: 'sheet-png' | 'sheet-pdf',
  metadata: ExportMetadata,
): Promise<ExportResult> {
  const { items, skipped } = framesOf(core, ids)
  if (!items.length) return fail('validation', t('exportNoImage'))
  if (items.length > MAX_EXPORT_FRAMES)
    return fail('validation', t('sheetMax', { max: MAX_EXPORT_FRAMES }))
  const sharp = loadSharp()
  if (format === 'sheet-pdf') {
    const tiles = await decoding('sheet', () =>
      mapLimit(items, DECODE_JOBS, async (item) => {
        const { data, info } = await sharp(join(core.dir(), item.relPath), { failOn: 'none' })
          .rotate()
          .resize(480, 480, { fit: 'inside' })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 82 })
          .toBuffer({ resolveWithObject: true })
        return {
          jpeg: new Uint8Array(data),
          width: info.width,
          height: info.height,
          lines: captionLines(item, metadata, PDF_CAPTION_CHARS),
        }
      }),
    )
    await writeWhole(dest, contactSheetPdf(tiles, t('sheetPdfTitle')))
    return { path: dest, count: items.length, skipped }
  }
  const cols = Math.min(8, Math.ceil(Math.sqrt(items.length)))
  const rows = Math.ceil(items.length / cols)
  const gap = 8
  const width = cols * SHEET_CELL + (cols + 1) * gap
  const height = rows * (SHEET_CELL + CAPTION_PX) + (rows + 1) * gap
  const pictures = await mapLimit(items, DECODE_JOBS, (i) =>
    cellImage(join(core.dir(), i.relPath), SHEET_CELL),
  )
  const layers: OverlayOptions[] = []
  items.forEach((item, k) => {
    const left = gap + (k % cols) * (SHEET_CELL + gap)
    const top = gap + Math.floor(k / cols) * (SHEET_CELL + CAPTION_PX + gap)
    const pic = pictures[k]
    if (pic) layers.push({ input: pic, left, top })
    const lines = captionLines(item, metadata, Math.floor(SHEET_CELL / 6)).slice(0, 5)
    const body = lines
      .map(
        (l, n) =>
          `<text x="2" y="${11 + n * 12}" font-family="sans-serif" font-size="10" fill="#222">${xmlEscape(l)}</text>`,
      )
      .join('')
    layers.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${SHEET_CELL}" height="${CAPTION_PX}">${body}</svg>`,
      ),
      left,
      top: top + SHEET_CELL,
    })
  })
  const png = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite(layers)
    .png()
    .toBuffer()
  await writeWhole(dest, new Uint8Array(png))
  return { path: dest, count: items.length, skipped }
}

/** An animated WebP or GIF (or a Motion JPEG MP4) of the items as frames, in batch order, 2 frames a second by default. */
export async function exportAnimation(
  core: LibraryCore,
  ids: string[],
  dest: string,
  format: 'anim-webp' | 'gif' | 'mp4',
  metadata: ExportMetadata,
  frameMs = 500,
): Promise<ExportResult> {
  const { items, skipped } = framesOf(core, ids)
  if (items.length < 2) return fail('validation', t('animationMin'))
  if (items.length > MAX_EXPORT_FRAMES)
    return fail('validation', t('animationMax', { max: MAX_EXPORT_FRAMES }))
  const sharp = loadSharp()
  const first = await decoding('animation', () =>
    sharp(join(core.dir(), items[0]!.relPath)).metadata(),
  )
  const scale = Math.min(1, FRAME_SIDE / Math.max(first.width ?? 1, first.height ?? 1))
  const w = Math.max(1, Math.round((first.width ?? 512) * scale))
  const h = Math.max(1, Math.round((first.height ?? 512) * scale))
  const frames = await decoding('animation', () =>
    mapLimit(items, DECODE_JOBS, (i) =>
      sharp(join(core.dir(), i.relPath), { failOn: 'none' })
        .rotate()
        .resize(w, h, { fit: 'contain', background: '#000000' })
        .ensureAlpha()
        .png({ compressionLevel: 1 })
        .toBuffer(),
    ),
  )
  if (format === 'mp4') {
    // Motion JPEG: each frame its own JPEG (shared/library/meta/mjpegMp4.ts).
    const jpegs = await decoding('video', () =>
      mapLimit(
        frames,
        DECODE_JOBS,
        async (f) =>
          new Uint8Array(
            await sharp(f).flatten({ background: '#000000' }).jpeg({ quality: 90 }).toBuffer(),
          ),
      ),
    )
    const meta = metadata === 'none' ? null : mp4MetaFor(embeddedOf(items[0]!), metadata === 'all')
    const mp4 = mjpegMp4({ frames: jpegs, width: w, height: h, frameMs }, (moov) =>
      meta ? moovWithMetadata(moov, meta, Number.POSITIVE_INFINITY) : moov,
    )
    await writeWhole(dest, mp4)
    return { path: dest, count: items.length, skipped }
  }
  const joined = sharp(frames, { join: { animated: true } })
  const delay = frames.map(() => frameMs)
  let bytes: Uint8Array = new Uint8Array(
    await (
      format === 'gif'
        ? joined.gif({ loop: 0, delay })
        : joined.webp({ loop: 0, delay, quality: 85 })
    ).toBuffer(),
  )
  // The first frame's settings label the animation (WebP carries XMP; GIF has no place for it).
  if (format === 'anim-webp' && metadata !== 'none')
    bytes = webpWithMetadata(bytes, {
      xmp: fittedXmp(embeddedOf(items[0]!), metadata === 'all', Number.MAX_SAFE_INTEGER),
    })
  await writeWhole(dest, bytes)
  return { path: dest, count: items.length, skipped }
}

import { promises as fs } from 'node:fs'
import { extname } from 'node:path'

import { xmlText } from '@shared/library/meta/xmp'
import { fail } from '@shared/result'
import type { OverlayOptions } from 'sharp'

import { loadSharp } from '../../../adapters/thumbnails/loadSharp'
import { t } from '../../../i18n'
import { tempNameFor } from '../disk/fsUtil'
import { mapLimit } from '../disk/scan'

/** One batch output to draw: its axis labels and its file (null: missing or failed). */
export interface GridCellInput {
  x: string | null
  y: string | null
  path: string | null
}

export interface ComposeGridOptions {
  cells: GridCellInput[]
  /** Column labels, left to right; empty for a batch without an X axis (one column). */
  xValues: string[]
  /** Row labels, top to bottom; empty for a batch without a Y axis (one row). */
  yValues: string[]
  /** Where to write the grid (.png, .jpg/.jpeg or .webp; anything else is written as PNG). */
  out: string
  /** Side of a square cell in pixels (default 256); shrunk when the grid would exceed MAX_GRID_SIDE. */
  cellSize?: number
}

/** Most values per axis a grid draws (the batch limit, MAX_AXIS_VALUES). */
export const MAX_GRID_AXIS = 50
export const DEFAULT_CELL_SIZE = 256
/** Longest side of a grid image: 50 columns of 256 px would be a 12,800 px canvas. */
export const MAX_GRID_SIDE = 8192
const MIN_CELL = 32
const MAX_CELL = 1024
/** Most cells accepted (repeats share a position; the first drawable one is shown). */
const MAX_CELLS = 10_000
/** Decodes at once: sharp runs each on a libuv pool thread; keep some for the rest of main. */
const DECODE_JOBS = 3

const CANVAS = '#ffffff'
const CELL = '#e6e6e6'
const INK = '#222222'
const FAINT = '#8a8a8a'

/** XML 1.0 text for the SVG labels (one escaper with the XMP writer's). */
export const xmlEscape = xmlText

/** Cuts a label to about `width` px of text at `font` px (an average glyph is ~0.6 em wide). */
function fit(label: string, width: number, font: number): string {
  const max = Math.max(1, Math.floor(width / (font * 0.6)))
  const chars = [...label]
  return chars.length <= max ? label : `${chars.slice(0, Math.max(1, max - 1)).join('')}…`
}

const svg = (width: number, height: number, body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`,
  )

const text = (x: number, y: number, font: number, anchor: string, fill: string, s: string) =>
  `<text x="${x}" y="${y}" font-family="sans-serif" font-size="${font}" fill="${fill}" text-anchor="${anchor}" dominant-baseline="central">${xmlEscape(s)}</text>`

/** Where everything goes in a grid image (see gridLayout). */
export interface GridLayout {
  cols: number
  rows: number
  /** Side of a cell after shrinking to MAX_GRID_SIDE. */
  cell: number
  gap: number
  font: number
  labelW: number
  labelH: number
  width: number
  height: number
  /** Top-left pixel of the cell in column `c`, row `r`. */
  cellOrigin(c: number, r: number): { left: number; top: number }
}

/**
 * The grid's geometry: label row and column sized to the text, cells of `cellSize` (clamped to
 * 32–1024 px) with a small gap, shrunk until neither side exceeds MAX_GRID_SIDE.
 */
export function gridLayout(
  xValues: readonly string[],
  yValues: readonly string[],
  cellSize = DEFAULT_CELL_SIZE,
): GridLayout {
  const cols = Math.max(1, xValues.length)
  const rows = Math.max(1, yValues.length)
  const requested = Number.isFinite(cellSize) ? Math.round(cellSize) : DEFAULT_CELL_SIZE
  const longest = Math.max(0, ...yValues.map((v) => [...v].length))
  const measure = (cell: number) => {
    const font = Math.max(11, Math.round(cell / 14))
    const gap = Math.max(2, Math.round(cell / 64))
    const labelH = xValues.length ? font * 2 + gap : 0
    const labelW = yValues.length
      ? Math.round(Math.min(cell * 1.5, Math.max(font * 3, longest * font * 0.6 + font)))
      : 0
    const width = labelW + cols * cell + (cols + 1) * gap
    const height = labelH + rows * cell + (rows + 1) * gap
    return { cell, font, gap, labelH, labelW, width, height }
  }
  let m = measure(Math.min(MAX_CELL, Math.max(MIN_CELL, requested)))
  while ((m.width > MAX_GRID_SIDE || m.height > MAX_GRID_SIDE) && m.cell > MIN_CELL)
    m = measure(Math.max(MIN_CELL, Math.floor(m.cell * 0.9)))
  return {
    cols,
    rows,
    ...m,
    cellOrigin: (c, r) => ({
      left: m.labelW + m.gap + c * (m.cell + m.gap),
      top: m.labelH + m.gap + r * (m.cell + m.gap),
    }),
  }
}

/** A cell's picture fitted into the square (letterboxed on the cell colour), or null if unreadable. */
export async function cellImage(path: string, size: number): Promise<Buffer | null> {
  try {
    return await loadSharp()(path, { failOn: 'error', limitInputPixels: 100_000_000 })
      .rotate()
      .resize(size, size, { fit: 'contain', background: CELL })
      .flatten({ background: CELL })
      .png({ compressionLevel: 1 })
      .toBuffer()
  } catch {
    return null
  }
}

/**
 * Draws a batch's outputs as one labelled grid image (X values over the columns, Y values beside
 * the rows): the picture people share to compare settings. Each picture is fitted into a square
 * cell; a missing or unreadable one is an empty cell with "—". Labels are SVG text composited by
 * sharp, XML-escaped and cut to fit. The image is written to a temp file beside `out`, flushed and
 * renamed, so `out` only ever holds a complete grid. Cells are decoded a few at a time and kept
 * encoded until the single composite, so memory follows the cells' compressed size.
 */
export async function composeGrid(opts: ComposeGridOptions): Promise<{
  width: number
  height: number
}> {
  const { cells, xValues, yValues, out } = opts
  if (xValues.length > MAX_GRID_AXIS || yValues.length > MAX_GRID_AXIS)
    return fail('validation', t('gridMaxAxis', { max: MAX_GRID_AXIS }))
  if (cells.length > MAX_CELLS) return fail('validation', t('gridMaxCells', { max: MAX_CELLS }))
  const box = gridLayout(xValues, yValues, opts.cellSize)
  const { cols, rows, cell: size, font: f } = box
  const left = (c: number) => box.cellOrigin(c, 0).left
  const top = (r: number) => box.cellOrigin(0, r).top

  // Each position shows the first of its cells whose picture can be read.
  const candidates = new Map<number, string[]>()
  for (const cell of cells) {
    const c = !xValues.length ? 0 : cell.x === null ? -1 : xValues.indexOf(cell.x)
    const r = !yValues.length ? 0 : cell.y === null ? -1 : yValues.indexOf(cell.y)
    if (c < 0 || r < 0 || cell.path === null) continue
    const list = candidates.get(r * cols + c) ?? []
    list.push(cell.path)
    candidates.set(r * cols + c, list)
  }
  const positions = Array.from({ length: rows * cols }, (_, i) => i)
  const pictures = await mapLimit(positions, DECODE_JOBS, async (i) => {
    for (const path of candidates.get(i) ?? []) {
      const pic = await cellImage(path, size)
      if (pic) return pic
    }
    return null
  })

  const empty = svg(
    size,
    size,
    `<rect width="100%" height="100%" fill="${CELL}"/>${text(size / 2, size / 2, f * 2, 'middle', FAINT, '—')}`,
  )
  const layers: OverlayOptions[] = positions.map((i) => ({
    input: pictures[i] ?? empty,
    left: left(i % cols),
    top: top(Math.floor(i / cols)),
  }))
  if (xValues.length) {
    const body = xValues
      .map((v, c) =>
        text(left(c) + size / 2, box.labelH / 2, f, 'middle', INK, fit(v, size - 8, f)),
      )
      .join('')
    layers.push({ input: svg(box.width, box.labelH, body), left: 0, top: 0 })
  }
  if (yValues.length) {
    const body = yValues
      .map((v, r) =>
        text(box.labelW - f / 2, top(r) + size / 2, f, 'end', INK, fit(v, box.labelW - f, f)),
      )
      .join('')
    layers.push({ input: svg(box.labelW, box.height, body), left: 0, top: 0 })
  }

  const image = loadSharp()({
    create: { width: box.width, height: box.height, channels: 3, background: CANVAS },
  }).composite(layers)
  const ext = extname(out).toLowerCase()
  const encoded =
    ext === '.jpg' || ext === '.jpeg'
      ? image.jpeg({ quality: 90 })
      : ext === '.webp'
        ? image.webp({ quality: 90 })
        : image.png()
  const tmp = tempNameFor(out)
  try {
    await encoded.toFile(tmp)
    const handle = await fs.open(tmp, 'r+')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
    await fs.rename(tmp, out)
  } catch (e) {
    await fs.rm(tmp, { force: true })
    throw e
  }
  return { width: box.width, height: box.height }
}

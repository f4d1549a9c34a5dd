import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import {
  composeGrid,
  type GridCellInput,
  gridLayout,
  MAX_GRID_SIDE,
  xmlEscape,
} from '@main/services/library/files/composeGrid'
import { makePng } from '@test/support/mediaFixtures'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'grid-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const X = ['steps 10', 'steps 20', 'steps 30']
const Y = ['cfg 3', 'cfg 5', 'cfg 7']

/** A distinct colour per cell: red grows with x, blue with y. */
const colourOf = (x: number, y: number) => ({ r: 40 + x * 90, g: 30, b: 40 + y * 90 })
const hex = ({ r, g, b }: { r: number; g: number; b: number }) =>
  `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`

async function pixel(path: string, left: number, top: number) {
  const { data, info } = await sharp(path).raw().toBuffer({ resolveWithObject: true })
  const i = (top * info.width + left) * info.channels
  return { r: data[i]!, g: data[i + 1]!, b: data[i + 2]! }
}

/** Pixels darker than the cell background in a region: text (a label, the dash) was drawn. */
async function inkIn(
  path: string,
  region: { left: number; top: number; width: number; height: number },
) {
  const { data, info } = await sharp(path)
    .extract(region)
    .raw()
    .toBuffer({ resolveWithObject: true })
  let dark = 0
  for (let i = 0; i < data.length; i += info.channels) if (data[i]! < 0xb0) dark++
  return dark
}

async function cells(size: [number, number] = [40, 30]) {
  const out: GridCellInput[] = []
  for (let y = 0; y < Y.length; y++)
    for (let x = 0; x < X.length; x++) {
      const path = join(dir, `c${x}${y}.png`)
      writeFileSync(path, await makePng(size[0], size[1], hex(colourOf(x, y))))
      out.push({ x: X[x]!, y: Y[y]!, path })
    }
  return out
}

describe('composeGrid', () => {
  it('draws each picture in its own labelled cell, at the layout size, atomically', async () => {
    const out = join(dir, 'grid.png')
    const size = await composeGrid({
      cells: await cells(),
      xValues: X,
      yValues: Y,
      out,
      cellSize: 64,
    })
    const layout = gridLayout(X, Y, 64)
    expect(size).toEqual({ width: layout.width, height: layout.height })
    const meta = await sharp(out).metadata()
    expect([meta.width, meta.height, meta.format]).toEqual([size.width, size.height, 'png'])
    expect(layout.labelW).toBeGreaterThan(0)
    expect(layout.labelH).toBeGreaterThan(0)
    // The centre of cell (x=1, y=2) comes from the picture made for steps 20 / cfg 7.
    const o = layout.cellOrigin(1, 2)
    const centre = await pixel(out, o.left + 32, o.top + 32)
    const want = colourOf(1, 2)
    expect(Math.abs(centre.r - want.r)).toBeLessThanOrEqual(2)
    expect(Math.abs(centre.g - want.g)).toBeLessThanOrEqual(2)
    expect(Math.abs(centre.b - want.b)).toBeLessThanOrEqual(2)
    // A wide picture is letterboxed (contain), not cropped: the cell's top edge is background.
    const edge = await pixel(out, o.left + 32, o.top + 1)
    expect(edge).toEqual({ r: 0xe6, g: 0xe6, b: 0xe6 })
    // Both label areas have ink in them (text was rendered), and no temp file is left behind.
    expect(
      await inkIn(out, { left: 0, top: 0, width: size.width, height: layout.labelH }),
    ).toBeGreaterThan(10)
    expect(
      await inkIn(out, { left: 0, top: 0, width: layout.labelW, height: size.height }),
    ).toBeGreaterThan(10)
    expect(readdirSync(dir).filter((n) => n.startsWith('.'))).toEqual([])
  })

  it('draws a missing or undecodable picture as an empty cell with a dash', async () => {
    const all = await cells()
    const broken = join(dir, 'broken.png')
    writeFileSync(broken, 'not a png at all')
    all[0] = { ...all[0]!, path: null } // (0, 0)
    all[4] = { ...all[4]!, path: broken } // (1, 1)
    const out = join(dir, 'grid.webp')
    await composeGrid({ cells: all, xValues: X, yValues: Y, out, cellSize: 64 })
    expect((await sharp(out).metadata()).format).toBe('webp')
    const layout = gridLayout(X, Y, 64)
    for (const [c, r] of [
      [0, 0],
      [1, 1],
    ] as const) {
      const o = layout.cellOrigin(c, r)
      expect(await inkIn(out, { ...o, width: 64, height: 64 })).toBeLessThan(64 * 20)
      const corner = await pixel(out, o.left + 4, o.top + 4)
      expect(Math.abs(corner.r - 0xe6)).toBeLessThanOrEqual(4)
      expect(Math.abs(corner.b - 0xe6)).toBeLessThanOrEqual(4)
      expect(await inkIn(out, { ...o, width: 64, height: 64 })).toBeGreaterThan(5) // the dash
    }
  })

  it('escapes labels: markup characters neither break the SVG nor inject into it', async () => {
    const xs = ['<&>', '"quoted" \'x\'', '</text><script>alert(1)</script>']
    const ys = ['a & b', '\u0001ctrl', '<']
    const list = (await cells()).map((c, i) => ({ ...c, x: xs[i % 3]!, y: ys[Math.floor(i / 3)]! }))
    const out = join(dir, 'escaped.png')
    const size = await composeGrid({ cells: list, xValues: xs, yValues: ys, out, cellSize: 48 })
    expect((await sharp(out).metadata()).width).toBe(size.width)
    expect(xmlEscape(`<a href="x">&'\u0000`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;')
  })

  it('bounds the image: 50 × 50 cells shrink to fit, more values are refused', async () => {
    const many = Array.from({ length: 50 }, (_, i) => `value ${i}`)
    const layout = gridLayout(many, many, 256)
    expect(layout.width).toBeLessThanOrEqual(MAX_GRID_SIDE)
    expect(layout.height).toBeLessThanOrEqual(MAX_GRID_SIDE)
    const out = join(dir, 'too-big.png')
    await expect(
      composeGrid({ cells: [], xValues: [...many, 'one more'], yValues: [], out }),
    ).rejects.toMatchObject({ error: { code: 'validation' } })
    expect(existsSync(out)).toBe(false)
  })

  it('makes a one-row grid for a batch with only an X axis', async () => {
    const list = (await cells()).slice(0, 3).map((c) => ({ ...c, y: null }))
    const out = join(dir, 'row.jpg')
    const size = await composeGrid({ cells: list, xValues: X, yValues: [], out, cellSize: 64 })
    const layout = gridLayout(X, [], 64)
    expect(layout.labelW).toBe(0)
    expect(size.height).toBe(layout.labelH + 64 + 2 * layout.gap)
    expect((await sharp(out).metadata()).format).toBe('jpeg')
  })
})

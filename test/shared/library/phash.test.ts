import { mkdtempSync, rmSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { THUMB_SIZE, Thumbnailer } from '@main/adapters/thumbnails/Thumbnailer'
import {
  dhashOfGrid,
  DUPLICATE_DISTANCE,
  greyGrid,
  hamming,
  type PHash,
  phashHex,
  phashOfGrid,
  phashOfPixels,
  popcount32,
  SIMILAR_DISTANCE,
} from '@shared/library/phash'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The table behind the hash's choice and its thresholds: real pictures made with sharp (SVG
 * scenes and smooth noise, 512²), each next to copies a user would call "the same picture"
 * (resized, re-encoded, slightly cropped or brightened) and to every other picture. Both hashes
 * are computed from the same pixels the app hashes (the thumbnail's raw output). PHASH_TABLE=1
 * prints every distance.
 */

const W = 512

const svg = (body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${W}"><defs>
      <linearGradient id="v" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff8a3d"/><stop offset="1" stop-color="#4b1d6e"/></linearGradient>
      <linearGradient id="h" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0b3d91"/><stop offset="1" stop-color="#9ad0ec"/></linearGradient>
      <radialGradient id="r"><stop offset="0" stop-color="#fff6d5"/><stop offset="1" stop-color="#2a2a2a"/></radialGradient>
    </defs>${body}</svg>`,
  )

/** Deterministic grain (sfc32), blurred: sharp's own noise differs on every run. */
async function grain(seed: number, blur: number, mean = 128, spread = 140): Promise<Buffer> {
  let a = 0x9e3779b9
  let b = 0x243f6a88
  let c = 0xb7e15162
  let d = seed
  const next = () => {
    a >>>= 0
    b >>>= 0
    c >>>= 0
    d >>>= 0
    let t = (a + b) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    d = (d + 1) | 0
    t = (t + d) | 0
    c = (c + t) | 0
    return (t >>> 0) / 4294967296
  }
  const raw = Buffer.alloc(W * W * 3)
  for (let i = 0; i < raw.length; i++)
    raw[i] = Math.max(0, Math.min(255, Math.round(mean + (next() - 0.5) * spread)))
  return sharp(raw, { raw: { width: W, height: W, channels: 3 } })
    .blur(blur)
    .png()
    .toBuffer()
}

/** A drawn scene with grain over it, as generated pictures have texture everywhere. */
async function scene(body: string, seed: number): Promise<Buffer> {
  return sharp(svg(body))
    .composite([{ input: await grain(seed, 1.5), blend: 'soft-light' }])
    .png()
    .toBuffer()
}

const flat = (body: string) => sharp(svg(body)).png().toBuffer()

/**
 * Different pictures, including pairs that share colours (the two sunsets) or texture (the
 * noise fields) but not layout. (The same noise at another blur is the same picture: 4 bits.)
 */
const PICTURES: Record<string, () => Promise<Buffer>> = {
  sunset: () =>
    scene(
      `<rect width="512" height="512" fill="url(#v)"/><circle cx="310" cy="320" r="70" fill="#ffd23f"/><polygon points="0,512 140,300 260,420 380,260 512,512" fill="#1b1b2f"/>`,
      1,
    ),
  'sunset, sun top left': () =>
    scene(
      `<rect width="512" height="512" fill="url(#v)"/><circle cx="110" cy="110" r="70" fill="#ffd23f"/><polygon points="0,512 0,400 512,380 512,512" fill="#1b1b2f"/>`,
      2,
    ),
  sea: () =>
    scene(
      `<rect width="512" height="512" fill="url(#h)"/><rect y="300" width="512" height="212" fill="#06224a"/><rect x="80" y="250" width="120" height="50" fill="#f4f4f4"/><polygon points="140,120 140,250 220,250" fill="#ffffff"/>`,
      3,
    ),
  portrait: () =>
    scene(
      `<rect width="512" height="512" fill="#8a8f99"/><ellipse cx="220" cy="200" rx="170" ry="150" fill="#3b2a20"/><ellipse cx="220" cy="280" rx="130" ry="170" fill="#e8b894"/><circle cx="170" cy="250" r="20" fill="#222"/><circle cx="270" cy="250" r="20" fill="#222"/><rect x="170" y="370" width="100" height="16" rx="8" fill="#8c3b3b"/><rect x="380" y="0" width="132" height="512" fill="#5d6b52"/>`,
      4,
    ),
  skyline: () =>
    scene(
      `<rect width="512" height="512" fill="#20304f"/><circle cx="420" cy="90" r="40" fill="#f0f0d0"/>${[
        60, 180, 120, 260, 90, 200, 150, 300,
      ]
        .map(
          (h, i) => `<rect x="${i * 64}" y="${512 - h}" width="58" height="${h}" fill="#0c0c14"/>`,
        )
        .join('')}`,
      5,
    ),
  'noise a': () => grain(11, 6),
  'noise b': () => grain(12, 6),
  'noise c, finer': () => grain(13, 3),
}

/**
 * Pictures without broad shapes: every low frequency is about zero, so which side of the median
 * a coefficient falls on is decided by noise. Their copies can land far from them (missed as
 * duplicates), which is the safe side; what matters is that they never come near other pictures.
 */
const FEATURELESS: Record<string, () => Promise<Buffer>> = {
  'radial gradient': () => flat(`<rect width="512" height="512" fill="url(#r)"/>`),
  'regular stripes': () =>
    flat(
      `<rect width="512" height="512" fill="#f2f2f2"/>${Array.from({ length: 8 }, (_, i) => `<rect x="0" y="${i * 64}" width="512" height="28" fill="#303030"/>`).join('')}`,
    ),
}

/** What a user calls the same picture, each made from the original's bytes. */
const COPIES: Record<string, (png: Buffer) => Promise<Buffer>> = {
  'resized 50%': (png) =>
    sharp(png)
      .resize(W / 2)
      .png()
      .toBuffer(),
  'JPEG q=70': (png) => sharp(png).jpeg({ quality: 70 }).toBuffer(),
  'resized 50% + JPEG q=70': (png) =>
    sharp(png)
      .resize(W / 2)
      .jpeg({ quality: 70 })
      .toBuffer(),
  'WebP q=50': (png) => sharp(png).webp({ quality: 50 }).toBuffer(),
  'brightened 15%': (png) => sharp(png).modulate({ brightness: 1.15 }).png().toBuffer(),
  'darker 10% + JPEG q=80': (png) =>
    sharp(png).modulate({ brightness: 0.9 }).jpeg({ quality: 80 }).toBuffer(),
  'cropped 3% all round': (png) =>
    sharp(png)
      .extract({ left: 8, top: 8, width: W - 16, height: W - 16 })
      .png()
      .toBuffer(),
  'cropped 4% right + bottom': (png) =>
    sharp(png)
      .extract({ left: 0, top: 0, width: W - 20, height: W - 20 })
      .png()
      .toBuffer(),
}
const isCrop = (copy: string) => copy.startsWith('cropped')

/** The pixels the app hashes: the thumbnail's shrink as raw output (Thumbnailer's renderWithHash). */
async function hashes(bytes: Buffer): Promise<{ p: PHash; d: PHash }> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const grid = greyGrid(data, info)
  return { p: phashOfGrid(grid), d: dhashOfGrid(grid) }
}

interface Row {
  picture: string
  against: string
  pHash: number
  dHash: number
}

let dir: string
const originals = new Map<string, Buffer>()
const near: Row[] = []
const far: Row[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'phash-'))
  const own = new Map<string, { p: PHash; d: PHash }>()
  for (const [name, make] of Object.entries({ ...PICTURES, ...FEATURELESS })) {
    const png = await make()
    originals.set(name, png)
    own.set(name, await hashes(png))
  }
  for (const [name, png] of originals) {
    const o = own.get(name)!
    for (const [copy, make] of Object.entries(COPIES)) {
      const c = await hashes(await make(png))
      near.push({
        picture: name,
        against: copy,
        pHash: hamming(o.p, c.p),
        dHash: hamming(o.d, c.d),
      })
    }
  }
  const names = [...originals.keys()]
  for (let i = 0; i < names.length; i++)
    for (let j = i + 1; j < names.length; j++) {
      const a = own.get(names[i]!)!
      const b = own.get(names[j]!)!
      far.push({
        picture: names[i]!,
        against: names[j]!,
        pHash: hamming(a.p, b.p),
        dHash: hamming(a.d, b.d),
      })
    }
  if (process.env.PHASH_TABLE) {
    console.table(near)
    console.table(far)
  }
}, 60_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

const of = (rows: Row[], pictures: object, crops: boolean) =>
  rows.filter((r) => r.picture in pictures && isCrop(r.against) === crops)
const worst = (rows: Row[], k: 'pHash' | 'dHash') => Math.max(...rows.map((r) => r[k]))
const closest = (rows: Row[], k: 'pHash' | 'dHash') => Math.min(...rows.map((r) => r[k]))

describe('perceptual hash (the table: PHASH_TABLE=1 prints it)', () => {
  it('keeps resized, re-encoded and brightened copies within the duplicates distance', () => {
    for (const row of of(near, PICTURES, false))
      expect(row.pHash, `${row.picture}: ${row.against}`).toBeLessThanOrEqual(DUPLICATE_DISTANCE)
  })

  it('keeps slightly cropped copies within reach of Find similar', () => {
    for (const row of of(near, PICTURES, true))
      expect(row.pHash, `${row.picture}: ${row.against}`).toBeLessThan(SIMILAR_DISTANCE)
  })

  it('keeps different pictures apart, even with the same colours or texture', () => {
    for (const row of far)
      expect(row.pHash, `${row.picture} vs ${row.against}`).toBeGreaterThan(SIMILAR_DISTANCE)
  })

  it('never puts a featureless picture near another one (its copies may be missed instead)', () => {
    const rows = far.filter((r) => r.picture in FEATURELESS || r.against in FEATURELESS)
    expect(closest(rows, 'pHash')).toBeGreaterThan(SIMILAR_DISTANCE)
  })

  it('separates the table better than a 9×8 difference hash (why the pHash was chosen)', () => {
    const copies = near.filter((r) => r.picture in PICTURES)
    const pGap = closest(far, 'pHash') - worst(copies, 'pHash')
    const dGap = closest(far, 'dHash') - worst(copies, 'dHash')
    expect(pGap).toBeGreaterThan(dGap)
    expect(pGap).toBeGreaterThan(DUPLICATE_DISTANCE)
  })

  it('is the hash the Thumbnailer computes with the thumbnail, and nearly the same from its file', async () => {
    const thumbs = new Thumbnailer(join(dir, 'thumbs'))
    const seen: PHash[] = []
    const off = thumbs.onHash((_sha, h) => seen.push(h))
    for (const [i, [name, png]] of [...originals].entries()) {
      const path = join(dir, `${i}.png`)
      await writeFile(path, png)
      const sha = String(i).padStart(64, '0')
      const made = await thumbs.phashOf(path, sha)
      expect(phashHex(made), name).toBe(phashHex((await hashes(png)).p))
      if (!(name in PICTURES)) continue
      // Hashed again later from the cached WebP (a library upgraded from before hashes): the same
      // for drawn scenes, 4–8 bits off for the pure noise fields, whose fine grain WebP smooths.
      const fromFile = hamming(made, await thumbs.phashOfThumb(sha))
      expect(fromFile, name).toBeLessThanOrEqual(name.startsWith('noise') ? DUPLICATE_DISTANCE : 0)
      // A second ask reads the thumbnail instead of decoding the source again.
      expect(await thumbs.phashOf(path, sha)).toEqual(await thumbs.phashOfThumb(sha))
    }
    off()
    expect(seen).toHaveLength(originals.size)
  })
})

describe('hash arithmetic', () => {
  it('counts bits with popcount32 on unsigned and signed 32-bit values', () => {
    expect(popcount32(0)).toBe(0)
    expect(popcount32(0xffffffff)).toBe(32)
    expect(popcount32(-1)).toBe(32)
    expect(popcount32(0x80000001)).toBe(2)
    for (let i = 0; i < 32; i++) expect(popcount32(1 << i)).toBe(1)
  })

  it('measures Hamming distance over both halves', () => {
    const a = { hi: 0, lo: 0 }
    expect(hamming(a, { hi: 0xffffffff, lo: 0xffffffff })).toBe(64)
    expect(hamming(a, { hi: 1, lo: 0x80000000 })).toBe(2)
    expect(phashHex({ hi: 0xdeadbeef, lo: 1 })).toBe('deadbeef00000001')
  })

  it('hashes grey, grey+alpha, RGBA and pictures smaller than the grid', () => {
    // A horizontal ramp in every layout the thumbnail's raw output can have.
    const layout = (channels: number) => {
      const px = new Uint8Array(64 * 64 * channels)
      for (let i = 0; i < 64 * 64; i++) {
        const v = (i % 64) * 4
        for (let c = 0; c < channels; c++) px[i * channels + c] = v
        if (channels === 2 || channels === 4) px[i * channels + channels - 1] = 255
      }
      return phashOfPixels(px, { width: 64, height: 64, channels })
    }
    const grey = layout(1)
    for (const channels of [2, 3, 4]) expect(layout(channels), `${channels}`).toEqual(grey)
    const tiny = new Uint8Array(8 * 8).map((_, i) => (i % 8) * 32)
    expect(() => phashOfPixels(tiny, { width: 8, height: 8, channels: 1 })).not.toThrow()
    expect(() => phashOfPixels(tiny, { width: 9, height: 9, channels: 1 })).toThrow()
    // Fully transparent counts as white: the same as a white picture.
    const clear = phashOfPixels(new Uint8Array(16 * 16 * 4), { width: 16, height: 16, channels: 4 })
    const white = phashOfPixels(new Uint8Array(16 * 16).fill(255), {
      width: 16,
      height: 16,
      channels: 1,
    })
    expect(clear).toEqual(white)
  })
})

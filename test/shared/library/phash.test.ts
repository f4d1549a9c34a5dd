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

async function noise(seedMean: number, blur: number): Promise<Buffer> {
  const raw = await sharp({
    create: {
      width: W,
      height: W,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: seedMean, sigma: 70 },
    },
  })
    .blur(blur)
    .raw()
    .toBuffer()
  return sharp(raw, { raw: { width: W, height: W, channels: 3 } })
    .png()
    .toBuffer()
}

/** Different pictures, including pairs that share colours or texture but not layout. */
const ORIGINALS: Record<string, () => Promise<Buffer>> = {
  sunset: () =>
    sharp(
      svg(
        `<rect width="512" height="512" fill="url(#v)"/><circle cx="256" cy="330" r="70" fill="#ffd23f"/><polygon points="0,512 140,300 260,420 380,260 512,512" fill="#1b1b2f"/>`,
      ),
    )
      .png()
      .toBuffer(),
  'sunset, sun top left': () =>
    sharp(
      svg(
        `<rect width="512" height="512" fill="url(#v)"/><circle cx="110" cy="110" r="70" fill="#ffd23f"/><polygon points="0,512 0,400 512,380 512,512" fill="#1b1b2f"/>`,
      ),
    )
      .png()
      .toBuffer(),
  sea: () =>
    sharp(
      svg(
        `<rect width="512" height="512" fill="url(#h)"/><rect y="300" width="512" height="212" fill="#06224a"/><rect x="80" y="250" width="120" height="50" fill="#f4f4f4"/><polygon points="140,120 140,250 220,250" fill="#ffffff"/>`,
      ),
    )
      .png()
      .toBuffer(),
  face: () =>
    sharp(
      svg(
        `<rect width="512" height="512" fill="#8a8f99"/><ellipse cx="256" cy="270" rx="150" ry="190" fill="#e8b894"/><circle cx="200" cy="230" r="22" fill="#222"/><circle cx="312" cy="230" r="22" fill="#222"/><rect x="196" y="360" width="120" height="18" rx="9" fill="#8c3b3b"/>`,
      ),
    )
      .png()
      .toBuffer(),
  spotlight: () =>
    sharp(svg(`<rect width="512" height="512" fill="url(#r)"/>`))
      .png()
      .toBuffer(),
  stripes: () =>
    sharp(
      svg(
        `<rect width="512" height="512" fill="#f2f2f2"/>${Array.from({ length: 8 }, (_, i) => `<rect x="0" y="${i * 64}" width="512" height="28" fill="#303030"/>`).join('')}`,
      ),
    )
      .png()
      .toBuffer(),
  'noise a': () => noise(110, 6),
  'noise b': () => noise(140, 6),
  'noise a, finer': () => noise(110, 3),
}

/** What a user calls the same picture: each made from the original's bytes. */
const COPIES: Record<string, (png: Buffer) => Promise<Buffer>> = {
  'resized 50%': (png) => sharp(png).resize(W / 2).png().toBuffer(),
  'JPEG q=70': (png) => sharp(png).jpeg({ quality: 70 }).toBuffer(),
  'resized 50% + JPEG q=70': (png) => sharp(png).resize(W / 2).jpeg({ quality: 70 }).toBuffer(),
  'WebP q=50': (png) => sharp(png).webp({ quality: 50 }).toBuffer(),
  'cropped 4% (right, bottom)': (png) =>
    sharp(png)
      .extract({ left: 0, top: 0, width: W - 20, height: W - 20 })
      .png()
      .toBuffer(),
  'cropped 3% all round': (png) =>
    sharp(png)
      .extract({ left: 8, top: 8, width: W - 16, height: W - 16 })
      .png()
      .toBuffer(),
  'brightened 15%': (png) => sharp(png).modulate({ brightness: 1.15 }).png().toBuffer(),
  'darker 10%, JPEG q=80': (png) =>
    sharp(png).modulate({ brightness: 0.9 }).jpeg({ quality: 80 }).toBuffer(),
}

/** The pixels the app hashes: the thumbnail's shrink, as raw output (Thumbnailer's renderWithHash). */
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
  for (const [name, make] of Object.entries(ORIGINALS)) {
    const png = await make()
    originals.set(name, png)
    own.set(name, await hashes(png))
  }
  for (const [name, png] of originals) {
    const o = own.get(name)!
    for (const [copy, make] of Object.entries(COPIES)) {
      const c = await hashes(await make(png))
      near.push({ picture: name, against: copy, pHash: hamming(o.p, c.p), dHash: hamming(o.d, c.d) })
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

const worst = (rows: Row[], k: 'pHash' | 'dHash') => Math.max(...rows.map((r) => r[k]))
const closest = (rows: Row[], k: 'pHash' | 'dHash') => Math.min(...rows.map((r) => r[k]))

describe('perceptual hash', () => {
  it('keeps every resized, re-encoded, cropped or brightened copy near its original', () => {
    for (const row of near) {
      expect(row.pHash, `${row.picture} vs ${row.against}`).toBeLessThanOrEqual(DUPLICATE_DISTANCE)
    }
  })

  it('keeps different pictures apart, even with the same colours or texture', () => {
    for (const row of far) {
      expect(row.pHash, `${row.picture} vs ${row.against}`).toBeGreaterThan(SIMILAR_DISTANCE)
    }
  })

  it('separates the table better than a 9×8 difference hash (why the pHash was chosen)', () => {
    const pGap = closest(far, 'pHash') - worst(near, 'pHash')
    const dGap = closest(far, 'dHash') - worst(near, 'dHash')
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
      // Hashed again later from the cached WebP (a library upgraded from before hashes).
      expect(hamming(made, await thumbs.phashOfThumb(sha)), name).toBeLessThanOrEqual(2)
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
    const grey = new Uint8Array(64 * 64).map((_, i) => (i % 64) * 4)
    const rgba = new Uint8Array(64 * 64 * 4).map((_, i) => ((i >> 2) % 64) * 4 * +(i % 4 !== 3) || 255)
    const g = phashOfPixels(grey, { width: 64, height: 64, channels: 1 })
    const c = phashOfPixels(rgba, { width: 64, height: 64, channels: 4 })
    expect(hamming(g, c)).toBeLessThanOrEqual(2)
    const ga = new Uint8Array(64 * 64 * 2).map((_, i) => (i % 2 ? 255 : ((i >> 1) % 64) * 4))
    expect(hamming(g, phashOfPixels(ga, { width: 64, height: 64, channels: 2 }))).toBeLessThanOrEqual(2)
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

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { Thumbnailer } from '@main/adapters/thumbnails/Thumbnailer'
import { phashHex } from '@shared/library/phash'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

/**
 * The pHash the Thumbnailer stores must keep its meaning: similar and duplicate results compare
 * stored hashes with new ones, so a pipeline change that moved a single bit would need a
 * migration that recomputes every stored hash. The expected values below come from a real run
 * of the Thumbnailer at 5d050d6 (raw resize out, hash in JS, WebP in a second pipeline) on these
 * generated pictures; regenerate only together with such a migration.
 */
const PINNED: Record<string, string> = {
  'square-rgb': 'fc0303bdf403dcab',
  'wide-rgba': '8303fc93fb1ce31c',
  'tall-grey': '4303fcd3d30853fd',
  'small-rgb': '07e4f81387ec47bc',
}

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'phash-pinned-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** Deterministic pictures with structure at several scales, in the shapes the library holds. */
interface Fixture {
  name: string
  width: number
  height: number
  channels: 1 | 3 | 4
}
const FIXTURES: Fixture[] = [
  { name: 'square-rgb', width: 1024, height: 1024, channels: 3 },
  { name: 'wide-rgba', width: 900, height: 400, channels: 4 },
  { name: 'tall-grey', width: 300, height: 700, channels: 1 },
  { name: 'small-rgb', width: 120, height: 90, channels: 3 },
]

function pixels(width: number, height: number, channels: number, seed: number): Buffer {
  const out = Buffer.alloc(width * height * channels)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels
      const wave = Math.sin((x * (3 + seed)) / width) * Math.cos((y * (5 + seed)) / height)
      const rings = Math.sin(Math.hypot(x - width / 3, y - height / 2) / (9 + seed))
      for (let c = 0; c < channels; c++) {
        const v = 128 + 80 * wave + 40 * rings + ((x * (c + 1) + y * seed) % 23)
        out[i + c] = c === 3 ? 255 - ((x + y) % 64) : Math.max(0, Math.min(255, Math.round(v)))
      }
    }
  }
  return out
}

async function fixture({ name, width, height, channels }: Fixture, index: number): Promise<string> {
  const path = join(dir, `${name}.png`)
  const raw = pixels(width, height, channels, index + 1)
  writeFileSync(path, await sharp(raw, { raw: { width, height, channels } }).png().toBuffer())
  return path
}

describe('Thumbnailer pHash', () => {
  it.each(FIXTURES.map((f, i) => [f.name, f, i] as const))(
    'of %s is the value stored hashes were made with',
    async (name, f, index) => {
      const thumbs = new Thumbnailer(join(dir, 'cache'))
      const sha = index.toString(16).padStart(64, '0')
      const made = await thumbs.phashOf(await fixture(f, index), sha)
      expect(phashHex(made)).toBe(PINNED[name])
    },
  )
})

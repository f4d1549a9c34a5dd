import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import fsPromises from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { ThumbCacheCap } from '@main/adapters/thumbnails/thumbCacheCap'
import { Thumbnailer } from '@main/adapters/thumbnails/Thumbnailer'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const sha = (n: number) => n.toString(16).padStart(64, '0')
/** A hash whose first two digits (its shard) are n's. */
const hex = (n: number) => n.toString(16).padStart(2, '0') + 'f'.repeat(62)

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'thumb-cap-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** Bytes of the thumbnails in the shards (not the drag icons). */
function shardBytes(cache: string): number {
  let total = 0
  for (const shard of readdirSync(cache))
    if (/^[0-9a-f]{2}$/u.test(shard))
      for (const name of readdirSync(join(cache, shard)))
        total += statSync(join(cache, shard, name)).size
  return total
}

describe('ThumbCacheCap', () => {
  it('evicts the least recently used thumbnails down to 90% of the cap', async () => {
    const cache = join(dir, 'thumbs')
    // 40 thumbnails of 1,000 bytes, made at t = 1..40 s, each in its own shard.
    const at = (n: number) => join(cache, hex(n).slice(0, 2), `${hex(n)}.webp`)
    for (let n = 1; n <= 40; n++) {
      const path = at(n)
      mkdirSync(join(path, '..'), { recursive: true })
      writeFileSync(path, Buffer.alloc(1000))
      utimesSync(path, n, n)
    }
    mkdirSync(join(cache, 'drag'))
    writeFileSync(join(cache, 'drag', 'big.png'), Buffer.alloc(50_000))
    const cap = new ThumbCacheCap(cache, 20_000, () => 100_000)
    // The five oldest are used again now.
    for (let n = 1; n <= 5; n++) await cap.touch(at(n))

    await cap.added(0)

    expect(shardBytes(cache)).toBeLessThanOrEqual(18_000)
    expect(cap.bytes).toBe(shardBytes(cache))
    for (let n = 1; n <= 5; n++) expect(existsSync(at(n)), `used again: ${n}`).toBe(true)
    // The 18 that fit: the five used again and the 13 newest; everything else is gone.
    for (let n = 6; n <= 40; n++) expect(existsSync(at(n)), `made at ${n}`).toBe(n >= 28)
    expect(existsSync(join(cache, 'drag', 'big.png'))).toBe(true)
  })

  it('does nothing under the cap, and counts what is added', async () => {
    const cache = join(dir, 'thumbs')
    mkdirSync(join(cache, 'ab'), { recursive: true })
    writeFileSync(join(cache, 'ab', `ab${'0'.repeat(62)}.webp`), Buffer.alloc(500))
    const cap = new ThumbCacheCap(cache, 1000)
    await cap.added(500)
    expect(cap.bytes).toBe(500)
    writeFileSync(join(cache, 'ab', `ab${'1'.repeat(62)}.webp`), Buffer.alloc(400))
    await cap.added(400)
    expect(cap.bytes).toBe(900)
    expect(readdirSync(join(cache, 'ab'))).toHaveLength(2)
  })

  it('counts the cache with one walk however many thumbnails arrive before that walk is done', async () => {
    const cache = join(dir, 'thumbs')
    for (let n = 0; n < 12; n++) {
      mkdirSync(join(cache, hex(n).slice(0, 2)), { recursive: true })
      writeFileSync(join(cache, hex(n).slice(0, 2), `${hex(n)}.webp`), Buffer.alloc(100))
    }
    const cap = new ThumbCacheCap(cache, 10_000)
    const readdir = vi.spyOn(fsPromises, 'readdir')
    try {
      await Promise.all(Array.from({ length: 12 }, () => cap.added(100)))
      // The cache folder itself is listed once: one walk (then one listing per shard).
      expect(readdir.mock.calls.filter(([path]) => path === cache)).toHaveLength(1)
      expect(readdir).toHaveBeenCalledTimes(1 + 12)
    } finally {
      readdir.mockRestore()
    }
    expect(cap.bytes).toBe(1200)
    await cap.added(50)
    expect(cap.bytes).toBe(1250)
  })

  it('evicts within a crowded shard (its files looked at a few at once) and down to a smaller cap set later', async () => {
    const cache = join(dir, 'thumbs')
    mkdirSync(join(cache, 'cd'), { recursive: true })
    // 300 thumbnails of 100 bytes in one shard, made at t = 1..300 s.
    const at = (n: number) => join(cache, 'cd', `cd${n.toString(16).padStart(62, '0')}.webp`)
    for (let n = 1; n <= 300; n++) {
      writeFileSync(at(n), Buffer.alloc(100))
      utimesSync(at(n), n, n)
    }
    const cap = new ThumbCacheCap(cache, 40_000)
    // Before the cache was counted, a new cap walks nothing.
    await cap.setCap(20_000)
    expect(cap.bytes).toBeNull()
    await cap.added(0)
    expect(cap.bytes).toBe(18_000)
    for (let n = 1; n <= 300; n++) expect(existsSync(at(n)), `made at ${n}`).toBe(n > 120)
    // Counted now: a smaller cap evicts at once, the oldest first.
    await cap.setCap(10_000)
    expect(cap.bytes).toBe(9_000)
    expect(shardBytes(cache)).toBe(9_000)
    for (let n = 121; n <= 300; n++) expect(existsSync(at(n)), `made at ${n}`).toBe(n > 210)
    expect(cap.capBytes).toBe(10_000)
  })
})

describe('Thumbnailer with a size cap', () => {
  it('keeps the cache under its cap and keeps a thumbnail shown again over older ones', async () => {
    const source = join(dir, 'one.png')
    writeFileSync(
      source,
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6' } })
        .png()
        .toBuffer(),
    )
    const probe = new Thumbnailer(join(dir, 'probe'))
    const size = statSync(await probe.fromImage(source, sha(99))).size
    // Room for four and a half: the fifth thumbnail starts an eviction that keeps four.
    const cache = join(dir, 'thumbs')
    const thumbs = new Thumbnailer(cache, { capBytes: Math.floor(size * 4.5) })
    const pause = () => new Promise((r) => setTimeout(r, 30))
    for (let n = 1; n <= 4; n++) {
      await thumbs.fromImage(source, sha(n))
      await pause()
    }
    expect(await thumbs.usedPath(sha(1))).toBe(thumbs.pathFor(sha(1)))
    await pause()
    await thumbs.fromImage(source, sha(5))

    await vi.waitFor(() => expect(existsSync(thumbs.pathFor(sha(2)))).toBe(false), {
      timeout: 5000,
    })
    expect(shardBytes(cache)).toBeLessThanOrEqual(size * 4.5)
    for (const n of [1, 3, 4, 5]) expect(existsSync(thumbs.pathFor(sha(n))), `${n}`).toBe(true)
    expect(await thumbs.usedPath(sha(2))).toBeNull()
    // Counted from sharp's answer (no stat of each new file): the count is the files' bytes.
    await thumbs.fromImage(source, sha(6))
    await vi.waitFor(() => expect(thumbs.cap.bytes).toBe(shardBytes(cache)), { timeout: 5000 })
  })
})

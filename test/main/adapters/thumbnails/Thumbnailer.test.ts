import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { THUMB_SIZE, Thumbnailer } from '@main/adapters/thumbnails/Thumbnailer'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const sha = (n: number) => n.toString(16).padStart(64, '0')

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'thumbs-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

async function png(width: number, height: number, path: string): Promise<string> {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .png()
    .toBuffer()
  writeFileSync(path, bytes)
  return path
}

describe('Thumbnailer', () => {
  it('makes a WebP no larger than the grid needs, cached by content hash', async () => {
    const thumbs = new Thumbnailer(join(dir, 'cache'))
    const source = await png(1200, 600, join(dir, 'wide.png'))
    const made = await thumbs.fromImage(source, sha(1))
    expect(made).toBe(thumbs.pathFor(sha(1)))
    const meta = await sharp(made).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', THUMB_SIZE, THUMB_SIZE / 2])
    // A small picture is not enlarged.
    const small = await thumbs.fromImage(await png(100, 80, join(dir, 'small.png')), sha(2))
    expect((await sharp(small).metadata()).width).toBe(100)
  })

  it('renders a picture asked for many times at once only once', async () => {
    const thumbs = new Thumbnailer(join(dir, 'cache'))
    const source = await png(800, 800, join(dir, 'a.png'))
    const paths = await Promise.all(
      Array.from({ length: 5 }, () => thumbs.fromImage(source, sha(3))),
    )
    expect(new Set(paths).size).toBe(1)
    // One thumbnail and no temporary files left beside it.
    expect(readdirSync(join(dir, 'cache', '00'))).toEqual([`${sha(3)}.webp`])
  })

  it('refuses a file that is not a picture and caches nothing for it', async () => {
    const thumbs = new Thumbnailer(join(dir, 'cache'))
    const bogus = join(dir, 'bogus.png')
    writeFileSync(bogus, Buffer.from('not a picture at all'))
    await expect(thumbs.fromImage(bogus, sha(4))).rejects.toThrow()
    expect(await thumbs.has(sha(4))).toBe(false)
  })

  it('replaces a video poster only when asked to', async () => {
    const thumbs = new Thumbnailer(join(dir, 'cache'))
    const first = await sharp({
      create: { width: 64, height: 32, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer()
    const second = await sharp({
      create: { width: 32, height: 64, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer()
    // Read as bytes: libvips caches what it opened by file name.
    const width = async () => (await sharp(readFileSync(thumbs.pathFor(sha(5)))).metadata()).width
    await thumbs.fromPoster(first, sha(5))
    await thumbs.fromPoster(second, sha(5))
    expect(await width()).toBe(64)
    await thumbs.fromPoster(second, sha(5), true)
    expect(await width()).toBe(32)
  })

  it('makes the drag icon again from a replaced poster, and a neutral one without a thumbnail', async () => {
    const thumbs = new Thumbnailer(join(dir, 'cache'))
    const frame = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#888' } })
        .png()
        .toBuffer()
    const size = async (path: string) => {
      const meta = await sharp(readFileSync(path)).metadata()
      return [meta.width, meta.height]
    }
    await thumbs.fromPoster(await frame(200, 100), sha(6))
    expect(await size(await thumbs.dragIcon(sha(6)))).toEqual([64, 32])
    await thumbs.fromPoster(await frame(100, 200), sha(6), true)
    expect(await size(await thumbs.dragIcon(sha(6)))).toEqual([32, 64])
    expect(await size(await thumbs.dragIcon(sha(7)))).toEqual([64, 64])
    expect(await size(await thumbs.dragIcon(null))).toEqual([64, 64])
  })
})

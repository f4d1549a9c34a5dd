import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { dirname, join } from 'node:path'

import { type PHash, phashOfPixels } from '@shared/library/phash'
import type { Sharp } from 'sharp'

import { Gate } from './gate'
import { loadSharp } from './loadSharp'

/** Longest side of a grid thumbnail: sharp on a 2× display for ~160 px tiles. */
export const THUMB_SIZE = 320

/**
 * Thumbnails made at once. sharp runs each on a libuv pool thread (4 by default) and, on glibc
 * Linux, gives each image one libvips thread. Three at once keeps two cores busy through each
 * job's file reads and writes (`THUMB_JOBS_SWEEP=1 npm run bench -- thumbnails` on two cores:
 * 130–150/s at 2, 150–165/s at 3, 160–175/s at 4) and still leaves one pool thread to the rest
 * of main's file work (downloads, the library).
 */
export const THUMB_JOBS = 3

/** A thumbnail in the cache, with the pHash of its pixels when it was made just now. */
interface Made {
  path: string
  phash: PHash | null
}

/** Hears the pHash of every image thumbnail made (LibrarySimilar stores them in the index). */
export type HashListener = (sha256: string, phash: PHash) => void

/**
 * WebP thumbnails made with sharp and cached by content hash in a folder outside the library
 * (userData/cache/thumbs), so the same picture is never decoded twice, a moved file keeps its
 * thumbnail, and the user's folder holds only their files. Video posters come in as a frame the
 * renderer grabbed and are stored the same way.
 */
export class Thumbnailer {
  private readonly gate: Gate
  private readonly inflight = new Map<string, Promise<Made>>()
  private readonly hashListeners = new Set<HashListener>()

  constructor(
    readonly dir: string,
    options: { concurrency?: number } = {},
  ) {
    this.gate = new Gate(options.concurrency ?? THUMB_JOBS)
  }

  pathFor(sha256: string): string {
    return join(this.dir, sha256.slice(0, 2), `${sha256}.webp`)
  }

  async has(sha256: string): Promise<boolean> {
    try {
      await fs.access(this.pathFor(sha256))
      return true
    } catch {
      return false
    }
  }

  private async write(sha256: string, make: () => Promise<Rendered>): Promise<Made> {
    const target = this.pathFor(sha256)
    const existing = this.inflight.get(sha256)
    if (existing) return existing
    const job = this.gate
      .run(async (): Promise<Made> => {
        if (await this.has(sha256)) return { path: target, phash: null }
        const { data, phash } = await make()
        await fs.mkdir(dirname(target), { recursive: true })
        const tmp = `${target}.${randomBytes(4).toString('hex')}.tmp`
        await fs.writeFile(tmp, data)
        await fs.rename(tmp, target)
        if (phash) for (const listener of this.hashListeners) listener(sha256, phash)
        return { path: target, phash }
      })
      .finally(() => this.inflight.delete(sha256))
    this.inflight.set(sha256, job)
    return job
  }

  /** The cached thumbnail of an image file, made now if missing. Throws for undecodable files. */
  async fromImage(sourcePath: string, sha256: string): Promise<string> {
    return (await this.image(sourcePath, sha256)).path
  }

  private image(sourcePath: string, sha256: string): Promise<Made> {
    return this.write(sha256, () => renderWithHash(loadSharp()(sourcePath, { failOn: 'error' })))
  }

  /**
   * Hears the pHash of every image thumbnail made from now on (from the same decode: see
   * renderWithHash); returns the function that stops it.
   */
  onHash(listener: HashListener): () => void {
    this.hashListeners.add(listener)
    return () => this.hashListeners.delete(listener)
  }

  /**
   * The pHash of an image: from the thumbnail made now when it was missing (no extra decode),
   * else from the cached thumbnail (a 320 px WebP, ~1 ms to decode). Throws for undecodable files.
   */
  async phashOf(sourcePath: string, sha256: string): Promise<PHash> {
    const made = await this.image(sourcePath, sha256)
    return made.phash ?? this.phashOfThumb(sha256)
  }

  /** The pHash of a cached thumbnail (an image made before hashes existed). Throws if none. */
  phashOfThumb(sha256: string): Promise<PHash> {
    return this.gate.run(async () => {
      // Read as bytes: libvips caches what it opened by file name (see dragIcon).
      const bytes = await fs.readFile(this.pathFor(sha256))
      const { data, info } = await loadSharp()(bytes).raw().toBuffer({ resolveWithObject: true })
      return phashOfPixels(data, info)
    })
  }

  /**
   * Stores a video poster frame (PNG/JPEG/WebP bytes from the renderer) as the thumbnail. The
   * bytes are decoded and re-encoded, so nothing but a valid image ends up in the cache.
   */
  async fromPoster(bytes: Uint8Array, sha256: string, replace = false): Promise<string> {
    if (replace) {
      await fs.rm(this.pathFor(sha256), { force: true })
      // The drag icon was made from the old poster: it is made again from the new one.
      await fs.rm(this.dragIconPath(sha256), { force: true })
    }
    const made = await this.write(sha256, async () => ({
      data: await render(loadSharp()(bytes, { failOn: 'error', limitInputPixels: 40_000_000 })),
      phash: null,
    }))
    return made.path
  }

  private dragIconPath(sha256: string | null): string {
    return join(this.dir, 'drag', sha256 ? `${sha256}.png` : 'generic.png')
  }

  /** A small PNG for the OS drag image: the thumbnail if there is one, else a neutral tile. */
  async dragIcon(sha256: string | null): Promise<string> {
    const own = sha256 !== null && (await this.has(sha256))
    const target = this.dragIconPath(own ? sha256 : null)
    try {
      await fs.access(target)
      return target
    } catch {
      // Made below.
    }
    // Read as bytes: libvips caches what it opened by file name, and a replaced poster keeps its name.
    const source = own
      ? loadSharp()(await fs.readFile(this.pathFor(sha256))).resize(64, 64, { fit: 'inside' })
      : loadSharp()({
          create: {
            width: 64,
            height: 64,
            channels: 4,
            background: { r: 120, g: 126, b: 140, alpha: 1 },
          },
        })
    await fs.mkdir(dirname(target), { recursive: true })
    const tmp = `${target}.${randomBytes(4).toString('hex')}.tmp`
    await fs.writeFile(tmp, await source.png().toBuffer())
    await fs.rename(tmp, target)
    return target
  }
}

/** What a thumbnail job made: the WebP bytes, and the pHash of its pixels (images only). */
interface Rendered {
  data: Buffer
  phash: PHash | null
}

/**
 * The grid thumbnail of an image and its pHash from one decode: the shrunk pixels come out raw,
 * are hashed (~0.3 ms of main's thread, see shared/library/phash.ts) and encoded to WebP in a
 * second, small pipeline (320 px raw in, no decode). The split costs ~0.8 ms on a 12 ms 1024² PNG
 * job (~5% fewer thumbnails/s, alternating A/B runs); hashing the finished WebP instead would
 * cost a decode, ~3 ms. `npx tsx bench/thumbnails.ts` measures the whole.
 */
async function renderWithHash(image: Sharp): Promise<Rendered> {
  const { data: pixels, info } = await image
    .rotate()
    .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const { width, height, channels } = info
  const data = await loadSharp()(pixels, { raw: { width, height, channels } }).webp(WEBP).toBuffer()
  return { data, phash: phashOfPixels(pixels, info) }
}

const WEBP = { quality: 76, effort: 0 } as const

/**
 * The grid thumbnail. WebP effort 0: on a 1024² PNG the decode is most of the cost and effort 1
 * added ~15% for files a few percent smaller (bench/thumbnails.ts).
 */
function render(image: Sharp): Promise<Buffer> {
  return image
    .rotate()
    .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
    .webp(WEBP)
    .toBuffer()
}

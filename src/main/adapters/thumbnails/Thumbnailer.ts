import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { dirname, join } from 'node:path'

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

/**
 * WebP thumbnails made with sharp and cached by content hash in a folder outside the library
 * (userData/cache/thumbs), so the same picture is never decoded twice, a moved file keeps its
 * thumbnail, and the user's folder holds only their files. Video posters come in as a frame the
 * renderer grabbed and are stored the same way.
 */
export class Thumbnailer {
  private readonly gate: Gate
  private readonly inflight = new Map<string, Promise<string>>()

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

  private async write(sha256: string, make: () => Promise<Buffer>): Promise<string> {
    const target = this.pathFor(sha256)
    const existing = this.inflight.get(sha256)
    if (existing) return existing
    const job = this.gate
      .run(async () => {
        if (await this.has(sha256)) return target
        const data = await make()
        await fs.mkdir(dirname(target), { recursive: true })
        const tmp = `${target}.${randomBytes(4).toString('hex')}.tmp`
        await fs.writeFile(tmp, data)
        await fs.rename(tmp, target)
        return target
      })
      .finally(() => this.inflight.delete(sha256))
    this.inflight.set(sha256, job)
    return job
  }

  /** The cached thumbnail of an image file, made now if missing. Throws for undecodable files. */
  fromImage(sourcePath: string, sha256: string): Promise<string> {
    return this.write(sha256, () => render(loadSharp()(sourcePath, { failOn: 'error' })))
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
    return this.write(sha256, () =>
      render(loadSharp()(bytes, { failOn: 'error', limitInputPixels: 40_000_000 })),
    )
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

/**
 * The grid thumbnail. WebP effort 0: on a 1024² PNG the decode is most of the cost and effort 1
 * added ~15% for files a few percent smaller (bench/thumbnails.ts).
 */
function render(image: Sharp): Promise<Buffer> {
  return image
    .rotate()
    .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 76, effort: 0 })
    .toBuffer()
}

import { promises as fs } from 'node:fs'
import { dirname, join } from 'node:path'

import { type PHash, phashOfPixels } from '@shared/library/phash'
import type { Sharp } from 'sharp'

import { exists } from '../fs/exists'
import { Gate } from './gate'
import { loadSharp } from './loadSharp'
import { ThumbCacheCap } from './thumbCacheCap'
import { THUMB_JOBS } from './thumbJobs'

/** Longest side of a grid thumbnail: sharp on a 2× display for ~160 px tiles. */
export const THUMB_SIZE = 320

export { THUMB_JOBS } from './thumbJobs'

/**
 * Temporary files are named by process and a counter rather than random bytes (a synchronous
 * crypto call per thumbnail): unique for this process, and another process writing the same
 * cache has another pid.
 */
let tmpCount = 0
const tmpName = (target: string): string =>
  `${target}.${process.pid}-${(tmpCount++).toString(36)}.tmp`

/** A thumbnail in the cache, with the pHash of its pixels when it was made just now. */
interface Made {
  path: string
  phash: PHash | null
}

/** What rendering a thumbnail answers: its pHash (images only) and the bytes written. */
interface Rendered {
  phash: PHash | null
  bytes: number
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
  /**
   * Folders this thumbnailer has made (the 256 shards, drag/): each is made once rather than
   * asked for before every thumbnail, one pool round trip fewer per picture.
   */
  private readonly folders = new Set<string>()

  /** The cache's size cap and least-recently-used eviction (thumbCacheCap.ts). */
  readonly cap: ThumbCacheCap

  constructor(
    readonly dir: string,
    options: { concurrency?: number; capBytes?: number } = {},
  ) {
    this.gate = new Gate(options.concurrency ?? THUMB_JOBS)
    this.cap = new ThumbCacheCap(dir, options.capBytes)
  }

  /**
   * The path of a cached thumbnail about to be shown, marked as just used so that eviction keeps
   * it; null when it is not in the cache.
   */
  async usedPath(sha256: string): Promise<string | null> {
    const path = this.pathFor(sha256)
    if (!(await exists(path))) return null
    await this.cap.touch(path)
    return path
  }

  pathFor(sha256: string): string {
    return join(this.dir, sha256.slice(0, 2), `${sha256}.webp`)
  }

  has(sha256: string): Promise<boolean> {
    return exists(this.pathFor(sha256))
  }

  /**
   * Makes the thumbnail of `sha256` once: `make` renders it into the temporary file it is given
   * (sharp writes it on its own pool thread) and answers the pHash, if any, and the bytes written.
   */
  private async write(sha256: string, make: (tmp: string) => Promise<Rendered>): Promise<Made> {
    const target = this.pathFor(sha256)
    const existing = this.inflight.get(sha256)
    if (existing) return existing
    const job = this.gate
      .run(async (): Promise<Made> => {
        if (await this.has(sha256)) return { path: target, phash: null }
        const { phash, bytes } = await this.writeAtomically(target, make)
        // Counted from sharp's answer: no stat of the file just written.
        void this.cap.added(bytes).catch(() => undefined)
        if (phash) for (const listener of this.hashListeners) listener(sha256, phash)
        return { path: target, phash }
      })
      .finally(() => this.inflight.delete(sha256))
    this.inflight.set(sha256, job)
    return job
  }

  /**
   * Writes `target` through a temporary file beside it and a rename, so a reader never sees half
   * a file; a failed `make` leaves nothing behind. The folder is made once per thumbnailer (see
   * `folders`); when it was removed since, it is made again and `make` runs once more.
   */
  private async writeAtomically<T>(target: string, make: (tmp: string) => Promise<T>): Promise<T> {
    const folder = dirname(target)
    if (!this.folders.has(folder)) {
      await fs.mkdir(folder, { recursive: true })
      this.folders.add(folder)
    }
    const tmp = tmpName(target)
    try {
      const made = await make(tmp)
      await fs.rename(tmp, target)
      return made
    } catch (e) {
      await fs.rm(tmp, { force: true })
      if (!this.folders.delete(folder) || (await exists(folder))) throw e
      return this.writeAtomically(target, make)
    }
  }

  /** The cached thumbnail of an image file, made now if missing. Throws for undecodable files. */
  async fromImage(sourcePath: string, sha256: string): Promise<string> {
    return (await this.image(sourcePath, sha256)).path
  }

  private image(sourcePath: string, sha256: string): Promise<Made> {
    return this.write(sha256, (tmp) =>
      renderWithHash(loadSharp()(sourcePath, { failOn: 'error' }), tmp),
    )
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
    const made = await this.write(sha256, async (tmp) => {
      const info = await render(
        loadSharp()(bytes, { failOn: 'error', limitInputPixels: 40_000_000 }),
      ).toFile(tmp)
      return { phash: null, bytes: info.size }
    })
    return made.path
  }

  private dragIconPath(sha256: string | null): string {
    return join(this.dir, 'drag', sha256 ? `${sha256}.png` : 'generic.png')
  }

  /** A small PNG for the OS drag image: the thumbnail if there is one, else a neutral tile. */
  async dragIcon(sha256: string | null): Promise<string> {
    const own = sha256 !== null && (await this.has(sha256))
    const target = this.dragIconPath(own ? sha256 : null)
    if (await exists(target)) return target
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
    await this.writeAtomically(target, (tmp) => source.png().toFile(tmp))
    return target
  }
}

/**
 * The grid thumbnail of an image, written to `file`, and its pHash from the same decode: the
 * shrunk pixels come out raw, are encoded to WebP in a second, small pipeline (320 px raw in, no
 * decode) that also writes the file, and are hashed on main's thread (~0.3 ms, see
 * shared/library/phash.ts) while that pipeline runs. On a 1024² PNG job (~9.5 ms of CPU to decode
 * and shrink) the WebP encode costs ~1.6 ms whichever pipeline does it; the split itself and the
 * hash ~0.5 ms more (`npx tsx bench/thumbnails.ts` measures the whole against both); hashing the
 * finished WebP instead would cost a decode and give other bits.
 */
async function renderWithHash(image: Sharp, file: string): Promise<Rendered> {
  const { data: pixels, info } = await image
    .rotate()
    .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const { width, height, channels } = info
  const written = loadSharp()(pixels, { raw: { width, height, channels } }).webp(WEBP).toFile(file)
  let phash: PHash
  let bytes: number
  try {
    phash = phashOfPixels(pixels, info)
  } finally {
    bytes = (await written).size
  }
  return { phash, bytes }
}

/** The grid thumbnail's WebP settings (see `render`); bench/thumbnails.ts encodes its floor with them. */
export const WEBP = { quality: 76, effort: 0 } as const

/**
 * The grid thumbnail. WebP effort 0: on a 1024² PNG the decode is most of the cost and effort 1
 * added ~15% for files a few percent smaller (bench/thumbnails.ts).
 */
function render(image: Sharp): Sharp {
  return image
    .rotate()
    .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
    .webp(WEBP)
}

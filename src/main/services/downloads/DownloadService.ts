import { randomBytes } from 'node:crypto'
import { join } from 'node:path'

import type { NativeRequest } from '@shared/catalog'
import { AppFailure, fail, isAppFailure } from '@shared/result'

import { type Clock, systemClock } from '../../adapters/clock/Clock'
import {
  DEFAULT_ZIP_LIMITS,
  forEachZipEntry,
  UnsafeZipError,
  type ZipLimits,
} from '../../adapters/zip/safeZip'
import { t as tr } from '../../i18n'
import type { ServiceClient } from '../client/ServiceClient'
import type { BinarySink, CallOptions, GenerationOptions } from '../client/types'
import { BackgroundWork } from './BackgroundWork'
import { base64Slices, decodedLength } from './base64Stream'
import { type FileOps, nodeFileOps, type WritableFile } from './fileOps'
import { detectKind, EXTENSION, type FileKind, IMAGE_KINDS, MAGIC_BYTES } from './magic'
import { storageFailure } from './storageFailure'
import { TruncatedBodyError } from './TruncatedBodyError'

export { TruncatedBodyError } from './TruncatedBodyError'

/** Where a downloaded file goes: its folder, its name without extension, the kinds allowed. */
export interface DownloadTarget {
  dir: string
  /** The extension is added from the file's magic bytes (.png, .jpg, .webp, .mp4, .webm). */
  baseName: string
  accept: readonly FileKind[]
  /** Refuse anything larger (the stream is stopped as soon as it passes this). */
  maxBytes?: number
}

export interface SavedFile {
  path: string
  bytes: number
  kind: FileKind
}

export interface DownloadProgress {
  received: number
  /** From Content-Length; null when the server did not send one. */
  total: number | null
}

export interface DownloadOptions extends CallOptions {
  /** Called at most once per `progressIntervalMs` (10 per second by default). */
  onProgress?: (progress: DownloadProgress) => void
}

export interface DownloadServiceOptions {
  client: ServiceClient
  clock?: Clock
  fs?: FileOps
  /** Minimum spacing of progress events. */
  progressIntervalMs?: number
  zipLimits?: Partial<ZipLimits>
  /** Bytes between background fdatasyncs of one large file (0: only the final fsync). */
  syncEveryBytes?: number
}

const MIB = 1024 * 1024
/**
 * Writes are batched to about this size, with one write in flight while the next fills. The
 * batch holds the body's chunks by reference (views into undici's 64 KiB socket reads): copying
 * them into a reusable buffer of our own frees nothing sooner (V8 collects dead socket buffers
 * in a scavenge every ~32 MiB received either way) and was slower; see bench/download.ts.
 */
const WRITE_BATCH = MIB
/** fsyncs of extracted entries in flight at once (they share the libuv thread pool). */
const ZIP_SYNCS_IN_FLIGHT = 2
/** Bytes written between background fdatasyncs of a large download. */
const SYNC_EVERY = 32 * MIB
const DEFAULT_MAX_BYTES = 4 * 1024 * MIB
/**
 * Saves results safely: every byte goes to a temp file in the destination folder, is checked
 * (Content-Length, magic bytes, size cap), fsynced and only then renamed to its final name, so
 * the library never holds a partial file under a final name; on any failure the temp file is
 * removed. Remote bodies come through the ServiceClient (keyless dispatcher for other origins,
 * retries of cut bodies); Base64 results are decoded slice by slice; ZIPs are extracted with
 * limits.
 */
export class DownloadService {
  private readonly fs: FileOps
  private readonly clock: Clock
  private readonly interval: number
  private readonly zipLimits: ZipLimits
  private readonly syncEvery: number

  constructor(private readonly options: DownloadServiceOptions) {
    this.fs = options.fs ?? nodeFileOps
    this.clock = options.clock ?? systemClock
    this.interval = options.progressIntervalMs ?? 100
    this.zipLimits = { ...DEFAULT_ZIP_LIMITS, ...(options.zipLimits ?? {}) }
    this.syncEvery = options.syncEveryBytes ?? SYNC_EVERY
  }

  /** Downloads a result URL (keyless unless it is on the service's own origin). */
  fromUrl(url: string, target: DownloadTarget, options: DownloadOptions = {}): Promise<SavedFile> {
    return this.options.client.download(url, this.sink(target, options), options)
  }

  /** Downloads a finished video through GET /v1/videos/{id}/content. */
  videoContent(
    id: string,
    target: DownloadTarget,
    options: DownloadOptions = {},
  ): Promise<SavedFile> {
    return this.options.client.videoContent(id, this.sink(target, options), options)
  }

  /** Decodes a Base64 result (b64_json, native JSON images) to a file in ~1 MiB slices. */
  async saveBase64(
    b64: string,
    target: DownloadTarget,
    options: DownloadOptions = {},
  ): Promise<SavedFile> {
    const expected = decodedLength(b64)
    const temp = await this.writeTemp(base64Slices(b64), target, { expected, options })
    return this.commit(temp, target)
  }

  /**
   * Runs a native generation that answers with a ZIP and extracts its images as
   * `<baseName>-1.png`, `-2`, … The ZIP itself only ever exists as a temp file.
   */
  async nativeArtZip(
    req: NativeRequest,
    options: GenerationOptions & DownloadOptions,
    target: Omit<DownloadTarget, 'accept'> & { accept?: readonly FileKind[] },
  ): Promise<SavedFile[]> {
    const zipTarget: DownloadTarget = { ...target, accept: ['zip'] }
    const temp = await this.options.client.generateArtNativeZip(req, options, async (res) =>
      this.writeTemp(res.body, zipTarget, { expected: res.contentLength, options }),
    )
    try {
      return await this.extractZip(temp.path, { ...target, accept: target.accept ?? IMAGE_KINDS })
    } finally {
      await this.fs.unlink(temp.path).catch(() => {})
    }
  }

  /**
   * Extracts a ZIP's files as `<baseName>-<n><ext>` (entry names are never used as paths): each
   * entry is streamed to a temp file and verified (size, CRC-32, magic bytes) and its fsync starts
   * in the background while the next entry is extracted; only when all are verified and durable
   * are they renamed into place. If anything fails, every temp and final file of this archive is
   * removed.
   */
  async extractZip(
    zipPath: string,
    target: DownloadTarget,
    limits: Partial<ZipLimits> = {},
  ): Promise<SavedFile[]> {
    const temps: SavedFile[] = []
    const saved: SavedFile[] = []
    const syncs = new BackgroundWork(ZIP_SYNCS_IN_FLIGHT)
    try {
      await forEachZipEntry(zipPath, { ...this.zipLimits, ...limits }, async (entry) => {
        const entryTarget: DownloadTarget = {
          ...target,
          baseName: `${target.baseName}-${entry.index + 1}`,
          maxBytes: Math.min(target.maxBytes ?? DEFAULT_MAX_BYTES, entry.uncompressedSize),
        }
        const stream = await entry.open()
        const temp = await this.writeTemp(stream, entryTarget, {
          expected: entry.uncompressedSize,
          options: {},
          sync: false,
        })
        temps.push(temp)
        // The disk flushes this entry while the CPU extracts the next one.
        await syncs.start(() => this.fs.syncFile(temp.path))
      })
      // Every entry verified and durable: give them their final names, then persist the
      // directory once.
      await syncs.done()
      for (const [i, temp] of temps.entries()) {
        const name = `${target.baseName}-${i + 1}`
        saved.push(await this.commit(temp, { ...target, baseName: name }, { syncDir: false }))
      }
      await this.fs.syncDir(target.dir)
    } catch (e) {
      // No flush may still hold a file open while it is removed (Windows refuses that).
      await syncs.settled()
      // Final files committed so far and every temp (renamed ones are simply gone already).
      await Promise.all([...saved, ...temps].map((f) => this.fs.unlink(f.path).catch(() => {})))
      if (e instanceof UnsafeZipError)
        fail('bad_response', e.message, {
          action: tr('zipNotExtractedAction'),
        })
      if (isAppFailure(e)) throw e
      const mapped = storageFailure(e, target.dir)
      if (mapped !== e) throw mapped
      throw new AppFailure({
        code: 'bad_response',
        message: tr('zipFailed', { detail: (e as Error).message }),
      })
    }
    if (saved.length === 0)
      fail('bad_response', 'The ZIP archive from the service contains no images.')
    return saved
  }

  /** The BinarySink the client calls per attempt: temp file, checks, then rename. */
  sink(target: DownloadTarget, options: DownloadOptions): BinarySink<SavedFile> {
    return async (res) => {
      const temp = await this.writeTemp(res.body, target, { expected: res.contentLength, options })
      return this.commit(temp, target)
    }
  }

  /**
   * Streams `source` to a new temp file in `target.dir`: batches writes (one in flight while the
   * next batch fills), checks magic bytes on the first bytes and the size against `expected`
   * and `maxBytes`, fsyncs. Removes the temp file on any failure; the source is always drained
   * or destroyed by the caller's stream ending.
   */
  private async writeTemp(
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    target: DownloadTarget,
    extra: { expected: number | null; options: DownloadOptions; sync?: boolean },
  ): Promise<SavedFile> {
    const { expected, options } = extra
    const durable = extra.sync ?? true
    const maxBytes = target.maxBytes ?? DEFAULT_MAX_BYTES
    if (expected !== null && expected > maxBytes) {
      destroy(source)
      fail('bad_response', tr('fileTooLargeAllowed', { bytes: expected }))
    }
    const path = join(target.dir, `.${target.baseName}.${randomBytes(6).toString('hex')}.part`)
    let file: WritableFile | null = null
    let pending: Promise<unknown> | null = null
    let syncing: Promise<void> | null = null
    let unsynced = 0
    try {
      await this.fs.mkdir(target.dir)
      file = await this.fs.create(path)
      let batch: Uint8Array[] = []
      let batchBytes = 0
      let received = 0
      let head: Buffer | null = Buffer.alloc(0)
      let kind: FileKind | null = null
      let lastProgress = -Infinity
      const flush = async () => {
        if (pending) await pending
        const buffers = batch
        batch = []
        batchBytes = 0
        pending = buffers.length > 0 ? file!.writev(buffers) : null
        // Marked handled now; the failure is still thrown where `pending` is awaited.
        pending?.catch(() => {})
        unsynced += buffers.reduce((n, b) => n + b.byteLength, 0)
        if (durable && this.syncEvery > 0 && unsynced >= this.syncEvery && !syncing) {
          // Flush to disk while more arrives, so the final fsync has little left to do (a big
          // video otherwise waits seconds for one fsync at the end). Its error is kept for later.
          unsynced = 0
          const started = pending ?? Promise.resolve()
          syncing = started.then(() => file!.datasync())
          syncing.catch(() => {})
          void syncing.then(
            () => (syncing = null),
            () => {},
          )
        }
      }
      for await (const chunk of source) {
        received += chunk.byteLength
        if (received > maxBytes || (expected !== null && received > expected)) {
          destroy(source)
          fail('bad_response', tr('fileTooLargeNotSaved', { bytes: expected ?? maxBytes }))
        }
        if (head) {
          head = Buffer.concat([head, chunk])
          if (head.length >= MAGIC_BYTES) {
            kind = this.checkKind(head, target, source)
            head = null
          }
        }
        batch.push(chunk)
        batchBytes += chunk.byteLength
        if (batchBytes >= WRITE_BATCH) await flush()
        const now = this.clock.now()
        if (options.onProgress && now - lastProgress >= this.interval) {
          lastProgress = now
          options.onProgress({ received, total: expected })
        }
      }
      if (head) kind = this.checkKind(head, target, source)
      if (expected !== null && received !== expected)
        throw new TruncatedBodyError(received, expected)
      await flush()
      if (pending) await pending
      pending = null
      if (syncing) await syncing
      if (durable) await file.sync()
      await file.close()
      file = null
      return { path, bytes: received, kind: kind! }
    } catch (e) {
      if (pending) await (pending as Promise<unknown>).catch(() => {})
      if (syncing) await (syncing as Promise<void>).catch(() => {})
      if (file) await file.close().catch(() => {})
      await this.fs.unlink(path).catch(() => {})
      throw storageFailure(e, target.dir)
    }
  }

  private checkKind(head: Buffer, target: DownloadTarget, source: unknown): FileKind {
    const kind = detectKind(head)
    if (!kind || !target.accept.includes(kind)) {
      destroy(source)
      return fail(
        'bad_response',
        tr('fileWrongKind', {
          expected: target.accept.map((k) => EXTENSION[k]).join(', '),
          actual: kind ?? tr('fileKindUnknown'),
        }),
        { action: tr('answerRetryAction') },
      )
    }
    return kind
  }

  /** Renames a verified temp file to a free final name (`name.png`, `name (2).png`, …). */
  private async commit(
    temp: SavedFile,
    target: DownloadTarget,
    opts: { syncDir?: boolean } = {},
  ): Promise<SavedFile> {
    try {
      const ext = EXTENSION[temp.kind]
      let final = join(target.dir, `${target.baseName}${ext}`)
      for (let n = 2; await this.fs.exists(final); n++) {
        final = join(target.dir, `${target.baseName} (${n})${ext}`)
      }
      await this.fs.rename(temp.path, final)
      if (opts.syncDir ?? true) await this.fs.syncDir(target.dir)
      return { ...temp, path: final }
    } catch (e) {
      await this.fs.unlink(temp.path).catch(() => {})
      throw storageFailure(e, target.dir)
    }
  }
}

function destroy(source: unknown): void {
  const s = source as { destroy?: () => void }
  // Stryker disable next-line OptionalChaining: equivalent, every source passed here is an iterable object, never null
  if (typeof s?.destroy === 'function') s.destroy()
}

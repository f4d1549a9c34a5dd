import { close, createReadStream, fstat, open as openFd, read } from 'node:fs'
import type { Readable } from 'node:stream'
import { promisify } from 'node:util'
import { crc32 } from 'node:zlib'

import yauzl from 'yauzl'

/** Bounds on what one archive may contain; a native answer holds at most a few images. */
export interface ZipLimits {
  maxEntries: number
  maxEntryBytes: number
  maxTotalBytes: number
  /** Largest uncompressed/compressed ratio of an entry (zip bombs reach thousands). */
  maxRatio: number
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 64,
  maxEntryBytes: 256 * 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxRatio: 200,
}

/** Ratios are meaningless for tiny entries (a 100-byte text can compress 50×). */
const RATIO_MIN_BYTES = 1024 * 1024

/** Why an archive was refused; the message is shown to the user. */
export class UnsafeZipError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UnsafeZipError'
  }
}

export interface ZipFileEntry {
  /** Position among the archive's file entries (directories are not counted). */
  index: number
  name: string
  uncompressedSize: number
  /**
   * The entry's decompressed bytes. yauzl checks the size as they stream; we check the CRC-32
   * (yauzl does not), so a corrupted archive fails at its last chunk instead of being saved.
   */
  open(): Promise<AsyncIterable<Uint8Array> & { destroy(): void }>
}

/** Thrown at the end of an entry whose bytes do not match the archive's CRC-32. */
export class ZipCrcError extends UnsafeZipError {
  constructor(name: string) {
    super(`The ZIP archive is damaged: ${name} failed its CRC-32 check.`)
  }
}

/**
 * yauzl's entry stream starts inflating as soon as it is opened, before anyone reads it. An
 * error it emits in that gap ("too many bytes in the stream" from an entry that inflates past
 * its declared size, "invalid block type" from corrupt deflate) would be an uncaught exception in
 * main if no listener were attached yet, so one is attached at once and the error is kept for the
 * reader, as an UnsafeZipError that names the entry.
 */
function crcChecked(stream: Readable, expected: number, name: string) {
  let failure: unknown = null
  stream.on('error', (e) => (failure ??= e))
  const damaged = (e: unknown): UnsafeZipError =>
    e instanceof UnsafeZipError
      ? e
      : new UnsafeZipError(
          `The ZIP archive is damaged: ${name} cannot be read (${e instanceof Error ? e.message : String(e)}).`,
        )
  async function* bytes() {
    let crc = 0
    // yauzl re-emits inflate errors with emit('error') rather than destroying the stream, so an
    // iterator started after one would wait forever for an end that never comes.
    if (failure) throw damaged(failure)
    try {
      for await (const chunk of stream) {
        crc = crc32(chunk as Buffer, crc)
        yield chunk as Buffer
      }
    } catch (e) {
      throw damaged(failure ?? e)
    }
    if (failure) throw damaged(failure)
    if (crc >>> 0 !== expected >>> 0) throw new ZipCrcError(name)
  }
  const iterable = bytes()
  return Object.assign(iterable, { destroy: () => stream.destroy() })
}

/** POSIX file type bits in the high half of externalFileAttributes (Unix "version made by"). */
const S_IFMT = 0o170000
const S_IFLNK = 0o120000

/** The reason a name is unsafe to extract, or null. Names are only checked, never used as paths. */
export function unsafeEntryName(name: string): string | null {
  if (name.includes('\0')) return 'a file name contains a NUL byte'
  if (/^([/\\]|[a-zA-Z]:)/.test(name)) return `an absolute path (${name})`
  if (name.split(/[/\\]/).some((part) => part === '..')) return `a ".." path (${name})`
  return null
}

/** Bytes per read of an entry's data (a native answer's PNG is 1-4 MiB: about one read each). */
const READ_CHUNK = 4 * 1024 * 1024

/** The fs functions a range stream uses: real reads, and a close that leaves the shared fd open. */
const KEEP_FD_OPEN = { read, close: (_fd: number, done: (err: null) => void) => done(null) }

/**
 * yauzl's reader over one open file descriptor, reading ranges in READ_CHUNK pieces. yauzl's own
 * reader (fd-slicer) reads 16 KiB at a time, one thread-pool round trip each, which made a 200 MB
 * archive extract at half of `unzip`'s speed.
 */
class FileRangeReader extends yauzl.RandomAccessReader {
  constructor(private readonly fd: number) {
    super()
  }

  override _readStreamForRange(start: number, end: number): Readable {
    // `end` is exclusive for yauzl and inclusive for fs streams. The descriptor is shared by
    // every range, so a stream must not close it (destroy() would, even with autoClose off):
    // its fs gets a close that does nothing; the reader closes the descriptor once, in close().
    return createReadStream('', {
      fs: KEEP_FD_OPEN,
      fd: this.fd,
      start,
      end: end - 1,
      autoClose: false,
      highWaterMark: READ_CHUNK,
    })
  }

  override close(callback: (err: Error | null) => void): void {
    close(this.fd, (err) => callback(err ?? null))
  }
}

async function openZip(path: string): Promise<yauzl.ZipFile> {
  // A raw descriptor (not a FileHandle, which would close itself on garbage collection).
  const fd = await promisify(openFd)(path, 'r')
  let size: number
  try {
    size = (await promisify(fstat)(fd)).size
  } catch (e) {
    close(fd, () => {})
    throw e
  }
  // From here the reader owns the descriptor: yauzl closes it through reader.close().
  const reader = new FileRangeReader(fd)
  return new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromRandomAccessReader(
      reader,
      size,
      { lazyEntries: true, autoClose: true, validateEntrySizes: true, decodeStrings: true },
      (err, zip) => {
        if (err || !zip) {
          reader.close(() => {})
          reject(err ?? new Error('no zip'))
        } else resolve(zip)
      },
    ),
  )
}

/**
 * Walks a ZIP file's entries one at a time with yauzl (which also refuses absolute and `..`
 * names and checks sizes while streaming; we add the CRC-32), enforcing `limits` before any byte of an
 * entry is read: entry count, per-entry and total size, compression ratio, no links, no
 * encryption. `onEntry` must finish with the entry before the next one is read.
 */
export async function forEachZipEntry(
  path: string,
  limits: ZipLimits,
  onEntry: (entry: ZipFileEntry) => Promise<void>,
): Promise<void> {
  const zip = await openZip(path)
  let index = 0
  let total = 0
  try {
    await new Promise<void>((resolve, reject) => {
      const stop = (e: unknown) => {
        zip.close()
        reject(e)
      }
      zip.on('error', (e: Error) =>
        stop(
          e instanceof UnsafeZipError
            ? e
            : new UnsafeZipError(`The ZIP archive is damaged or unsafe: ${e.message}`),
        ),
      )
      zip.on('end', () => resolve())
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName
        const problem = unsafeEntryName(name)
        if (problem) return stop(new UnsafeZipError(`The ZIP archive contains ${problem}.`))
        const mode = (entry.externalFileAttributes >>> 16) & S_IFMT
        if (mode === S_IFLNK)
          return stop(new UnsafeZipError(`The ZIP archive contains a link (${name}).`))
        if (name.endsWith('/')) return zip.readEntry()
        if (entry.isEncrypted()) return stop(new UnsafeZipError('The ZIP archive is encrypted.'))
        if (index >= limits.maxEntries) {
          return stop(
            new UnsafeZipError(`The ZIP archive has more than ${limits.maxEntries} files.`),
          )
        }
        if (entry.uncompressedSize > limits.maxEntryBytes) {
          return stop(
            new UnsafeZipError(
              `A file in the ZIP archive is larger than ${limits.maxEntryBytes} bytes.`,
            ),
          )
        }
        total += entry.uncompressedSize
        if (total > limits.maxTotalBytes) {
          return stop(
            new UnsafeZipError(
              `The ZIP archive expands to more than ${limits.maxTotalBytes} bytes.`,
            ),
          )
        }
        if (
          entry.uncompressedSize >= RATIO_MIN_BYTES &&
          entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxRatio
        ) {
          return stop(
            new UnsafeZipError('The ZIP archive is compressed suspiciously well (a ZIP bomb?).'),
          )
        }
        const current: ZipFileEntry = {
          index: index++,
          name,
          uncompressedSize: entry.uncompressedSize,
          open: () =>
            new Promise((res, rej) =>
              zip.openReadStream(entry, (err, stream) =>
                err || !stream
                  ? rej(err ?? new Error('no stream'))
                  : res(crcChecked(stream, entry.crc32, name)),
              ),
            ),
        }
        onEntry(current).then(() => zip.readEntry(), stop)
      })
      zip.readEntry()
    })
  } finally {
    zip.close()
  }
}

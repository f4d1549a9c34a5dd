import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { ManualClock } from '@main/adapters/clock/ManualClock'
import type { DownloadProgress } from '@main/services/downloads/DownloadService'
import { type FileOps, nodeFileOps } from '@main/services/downloads/fileOps'
import { MAGIC_BYTES } from '@main/services/downloads/magic'
import { TruncatedBodyError } from '@main/services/downloads/TruncatedBodyError'
import { body, serviceWith } from '@test/support/downloadFakes'
import { pngBytes } from '@test/support/loopback'
import { rejection } from '@test/support/rejection'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

/**
 * The order of a download's disk calls (DownloadService.writeTemp and commit): the body is
 * written while it arrives, a MiB at a time and one write at a time; a background flush starts
 * only after the write it covers; nothing is synced, closed or removed while a write or a flush
 * is still in flight; and a refused or failed save leaves no file behind.
 */
let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'download-writes-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const MIB = 1024 * 1024
const png = pngBytes(16, 16, 4000)
const target = (more: object = {}) => ({ dir, baseName: 'w', accept: ['png'] as const, ...more })
const pause = (ms: number) => () => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** A PNG of `total` bytes in chunks of `size` bytes. */
function pngChunks(total: number, size: number): Buffer[] {
  const all = Buffer.concat([png, Buffer.alloc(total - png.length, 1)])
  const chunks: Buffer[] = []
  for (let at = 0; at < total; at += size) chunks.push(all.subarray(at, at + size))
  return chunks
}

/**
 * The real disk, each call logged in `events` in the order it began (and `… done` when a write
 * or flush ended). A write takes `writeMs` more; a background flush takes `flushMs` and is not
 * passed to the disk (the final fsync is): what is tested is when it runs. `onWrite` hears each
 * write as it begins.
 */
function recordingFs(o: { writeMs?: number; flushMs?: number; onWrite?: () => void } = {}) {
  const events: string[] = []
  let inFlight = 0
  let maxInFlight = 0
  let flushing = 0
  const wait = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms))
  const fs: FileOps = {
    ...nodeFileOps,
    create: async (path) => {
      const file = await nodeFileOps.create(path)
      return {
        writev: async (buffers) => {
          events.push(`write ${buffers.reduce((n, b) => n + b.byteLength, 0)}`)
          o.onWrite?.()
          maxInFlight = Math.max(maxInFlight, ++inFlight)
          if (o.writeMs) await wait(o.writeMs)
          const written = await file.writev(buffers)
          inFlight--
          events.push('write done')
          return written
        },
        datasync: async () => {
          events.push('flush')
          flushing++
          await wait(o.flushMs)
          flushing--
          events.push('flush done')
        },
        sync: async () => {
          events.push('sync')
          await file.sync()
        },
        close: async () => {
          events.push('close')
          await file.close()
        },
      }
    },
    rename: async (from, to) => {
      events.push('rename')
      await nodeFileOps.rename(from, to)
    },
    unlink: async (path) => {
      events.push('unlink')
      await nodeFileOps.unlink(path)
    },
  }
  const writes = () => events.filter((e) => /^write \d/.test(e)).map((e) => Number(e.slice(6)))
  /** Resolves once no write or flush is in flight: a network slower than the disk. */
  const idle = async () => {
    for (let polls = 0; inFlight + flushing > 0; polls++) {
      if (polls > 5_000) throw new Error('the disk never went idle')
      await wait(1)
    }
  }
  return { fs, events, writes, idle, maxInFlight: () => maxInFlight }
}

/** Every `event` in the log came after every write begun before it had ended. */
function afterItsWrites(events: string[], event: string): void {
  let begun = 0
  let ended = 0
  let seen = 0
  for (const e of events) {
    if (/^write \d/.test(e)) begun++
    else if (e === 'write done') ended++
    else if (e === event) {
      seen++
      expect({ event, begun, ended }).toEqual({ event, begun, ended: begun })
    }
  }
  expect(seen).toBeGreaterThan(0)
}

describe('DownloadService: writing a body as it arrives', () => {
  it('writes a MiB at a time, one write in flight, and syncs, closes and renames after the last', async () => {
    const chunks = pngChunks(2.5 * MIB, MIB / 2)
    const { response, seen } = body(chunks, 2.5 * MIB, pause(1))
    let readWhenFirstWritten = -1
    const rec = recordingFs({
      writeMs: 5,
      onWrite: () => {
        if (readWhenFirstWritten < 0) readWhenFirstWritten = seen.read
      },
    })
    const { downloads } = serviceWith(response, rec.fs, 0)
    const saved = await downloads.fromUrl('https://cdn.test/x', target())
    expect(rec.writes()).toEqual([MIB, MIB, MIB / 2])
    // The first MiB went to disk after two of the five chunks, not once the body had ended.
    expect(readWhenFirstWritten).toBe(2)
    expect(rec.maxInFlight()).toBe(1)
    afterItsWrites(rec.events, 'sync')
    expect(rec.events.slice(-3)).toEqual(['sync', 'close', 'rename'])
    expect(readFileSync(saved.path).equals(Buffer.concat(chunks))).toBe(true)
  })

  it('writes nothing more when the body ends on a whole MiB', async () => {
    const rec = recordingFs()
    const { response } = body(pngChunks(2 * MIB, MIB / 2), 2 * MIB)
    await serviceWith(response, rec.fs, 0).downloads.fromUrl('https://cdn.test/x', target())
    expect(rec.writes()).toEqual([MIB, MIB])
  })

  it('saves a body that comes without a Content-Length whole', async () => {
    const chunks = pngChunks(9000, 4000)
    const { downloads } = serviceWith(body(chunks, null).response)
    const saved = await downloads.fromUrl('https://cdn.test/x', target())
    expect(saved).toMatchObject({ kind: 'png', bytes: 9000 })
    expect(readFileSync(saved.path).equals(Buffer.concat(chunks))).toBe(true)
  })

  it('flushes in the background once per interval, each after the write it covers', async () => {
    const rec = recordingFs({ writeMs: 3 })
    // Each chunk comes once the disk is idle, so whether a flush is still running is never timing.
    const { response } = body(pngChunks(2.5 * MIB, MIB / 2), 2.5 * MIB, async () => {
      await pause(1)()
      await rec.idle()
    })
    const { downloads } = serviceWith(response, rec.fs, MIB)
    await downloads.fromUrl('https://cdn.test/x', target())
    // After the first and the second MiB; the last half MiB is left to the final sync.
    expect(rec.events.filter((e) => e === 'flush')).toHaveLength(2)
    afterItsWrites(rec.events, 'flush')
    afterItsWrites(rec.events, 'sync')
  })

  it('reads the kind from the first bytes even when they come a few at a time', async () => {
    const pieces = [png.subarray(0, 3), png.subarray(3, 6), png.subarray(6, 9), png.subarray(9)]
    const { downloads } = serviceWith(body(pieces, png.length).response)
    const saved = await downloads.fromUrl('https://cdn.test/x', target())
    expect(saved).toMatchObject({ kind: 'png', bytes: png.length })
  })

  it('reports progress at every chunk when the interval is 0, even on a clock that stands still', async () => {
    const chunks = pngChunks(9000, 3000)
    const { downloads } = serviceWith(body(chunks, 9000).response, undefined, undefined, {
      clock: new ManualClock(),
      progressIntervalMs: 0,
    })
    const progress: DownloadProgress[] = []
    await downloads.fromUrl('https://cdn.test/x', target(), { onProgress: (p) => progress.push(p) })
    expect(progress.map((p) => p.received)).toEqual([3000, 6000, 9000])
    expect(progress.every((p) => p.total === 9000)).toBe(true)
  })
})

describe('DownloadService: a body it must not keep', () => {
  it('stops a body that runs past its Content-Length at once, reading no further', async () => {
    const { response, seen } = body(pngChunks(6000, 2000), 3000)
    const { downloads } = serviceWith(response)
    const error = await rejection(downloads.fromUrl('https://cdn.test/x', target()))
    expect(error).toMatchObject({
      code: 'bad_response',
      message: 'The file is larger than 3000 bytes; it was not saved.',
    })
    expect(seen).toEqual({ read: 2, destroyed: 1 })
    expect(readdirSync(dir)).toEqual([])
  })

  it('refuses a wrong kind as soon as the bytes that tell the kind are in, reading no further', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, 1)])
    const chunks = [jpeg.subarray(0, MAGIC_BYTES), jpeg.subarray(MAGIC_BYTES)]
    const { response, seen } = body(chunks, jpeg.length)
    const error = await rejection(
      serviceWith(response).downloads.fromUrl('https://cdn.test/x', target()),
    )
    expect(error).toMatchObject({
      code: 'bad_response',
      message: expect.stringMatching(/it is jpeg/),
    })
    expect(seen).toEqual({ read: 1, destroyed: 1 })
    expect(readdirSync(dir)).toEqual([])
  })

  it('refuses a body too short to show any kind, keeping nothing', async () => {
    const { downloads } = serviceWith(body([png.subarray(0, 5)], 5).response)
    const error = await rejection(downloads.fromUrl('https://cdn.test/x', target()))
    expect(error).toMatchObject({
      code: 'bad_response',
      message: 'The downloaded file is not .png (it is unrecognised); it was not saved.',
    })
    expect(readdirSync(dir)).toEqual([])
  })

  it('calls a body cut short of its Content-Length truncated (the client retries it), keeping nothing', async () => {
    const { downloads } = serviceWith(body([png], png.length + 100).response)
    const error = await downloads.fromUrl('https://cdn.test/x', target()).then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(TruncatedBodyError)
    expect((error as Error).message).toBe(
      new TruncatedBodyError(png.length, png.length + 100).message,
    )
    expect((error as Error).message).toContain(String(png.length + 100))
    expect(readdirSync(dir)).toEqual([])
  })

  // Each timing has the other wait end first, so skipping either wait closes the file early.
  for (const timing of [
    { writeMs: 5, flushMs: 60 },
    { writeMs: 60, flushMs: 5 },
  ]) {
    it(`once refused mid-body, waits for its write and flush, closes, then removes it (${JSON.stringify(timing)})`, async () => {
      const rec = recordingFs(timing)
      const { response } = body(pngChunks(3 * MIB, MIB / 2), null, pause(1))
      const { downloads } = serviceWith(response, rec.fs, MIB)
      const refused = downloads.fromUrl('https://cdn.test/x', target({ maxBytes: 2 * MIB }))
      expect(await rejection(refused)).toMatchObject({ code: 'bad_response' })
      const at = (e: string) => rec.events.lastIndexOf(e)
      expect(at('close')).toBeGreaterThan(-1)
      afterItsWrites(rec.events, 'close')
      expect(at('close')).toBeGreaterThan(at('flush done'))
      expect(at('flush done')).toBeGreaterThan(-1)
      expect(at('unlink')).toBeGreaterThan(at('close'))
      expect(readdirSync(dir)).toEqual([])
    })
  }

  it('removes the verified file when its rename fails, saying why', async () => {
    const fs: FileOps = {
      ...nodeFileOps,
      rename: async () => {
        throw Object.assign(new Error('ENOSPC: no space left on device, rename'), {
          code: 'ENOSPC',
        })
      },
    }
    const { downloads } = serviceWith(body([png], png.length).response, fs)
    const error = await rejection(downloads.fromUrl('https://cdn.test/x', target()))
    expect(error).toMatchObject({ code: 'storage', message: expect.stringContaining(dir) })
    expect(readdirSync(dir)).toEqual([])
  })
})

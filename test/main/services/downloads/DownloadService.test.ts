import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'

import { t as tr } from '@main/i18n'
import { ServiceClient } from '@main/services/client/ServiceClient'
import { DownloadService } from '@main/services/downloads/DownloadService'
import { type FileOps, nodeFileOps } from '@main/services/downloads/fileOps'
import { type AppError, isAppFailure } from '@shared/result'
import { type Handler, pngBytes, recordingClock, startLoopback } from '@test/support/loopback'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import yazl from 'yazl'

let dir: string
const cleanups: Array<() => Promise<void> | void> = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'downloads-test-'))
})
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
  rmSync(dir, { recursive: true, force: true })
})

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (e) {
    if (isAppFailure(e)) return e.error
    throw e
  }
  throw new Error('expected a failure')
}

async function setup(
  handler: Handler,
  extra: { fs?: FileOps; clock?: ReturnType<typeof recordingClock>['clock'] } = {},
) {
  const cdn = await startLoopback(handler)
  const rec = recordingClock()
  const client = new ServiceClient({
    connection: async () => null,
    clock: rec.clock,
    retry: { maxAttempts: 2 },
  })
  const downloads = new DownloadService({
    client,
    clock: extra.clock ?? rec.clock,
    ...(extra.fs ? { fs: extra.fs } : {}),
  })
  cleanups.push(
    () => client.close(),
    () => cdn.close(),
  )
  return { cdn, client, downloads }
}

const image = (name = 'result') => ({
  dir,
  baseName: name,
  accept: ['png', 'jpeg', 'webp'] as const,
})
const png = pngBytes(32, 32, 200_000)

describe('DownloadService', () => {
  it('streams to a temp file, verifies, and renames to the name with the detected extension', async () => {
    const { cdn, downloads } = await setup((_req, res) => {
      res.writeHead(200, { 'content-length': png.length })
      res.end(png)
    })
    const saved = await downloads.fromUrl(`${cdn.origin}/a`, image())
    expect(saved).toEqual({ path: join(dir, 'result.png'), bytes: png.length, kind: 'png' })
    expect(readFileSync(saved.path).equals(png)).toBe(true)
    expect(readdirSync(dir)).toEqual(['result.png'])
  })

  it('never overwrites: a second result gets "name (2)"', async () => {
    writeFileSync(join(dir, 'result.png'), 'older')
    const { cdn, downloads } = await setup((_req, res) => res.end(png))
    const saved = await downloads.fromUrl(`${cdn.origin}/a`, image())
    expect(saved.path).toBe(join(dir, 'result (2).png'))
    expect(readFileSync(join(dir, 'result.png'), 'utf8')).toBe('older')
  })

  it('refuses a body whose magic bytes are not an accepted kind, leaving nothing', async () => {
    const { cdn, downloads } = await setup((_req, res) =>
      res.end('<html>expired</html>'.padEnd(100)),
    )
    const error = await errorOf(downloads.fromUrl(`${cdn.origin}/a`, image()))
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(/not \.png/)
    expect(readdirSync(dir)).toEqual([])
  })

  it('retries a body cut before Content-Length, then reports network; no partial file remains', async () => {
    const { cdn, downloads } = await setup((_req, res, raw) => {
      res.writeHead(200, { 'content-length': png.length })
      res.write(png.subarray(0, 50_000))
      setTimeout(() => raw.socket.destroy(), 10)
    })
    const error = await errorOf(downloads.fromUrl(`${cdn.origin}/a`, image()))
    expect(error.code).toBe('network')
    expect(cdn.received).toHaveLength(2)
    expect(readdirSync(dir)).toEqual([])
  })

  it('refuses a file larger than maxBytes from its Content-Length, before writing', async () => {
    const { cdn, downloads } = await setup((_req, res) => {
      res.writeHead(200, { 'content-length': png.length })
      res.end(png)
    })
    const error = await errorOf(
      downloads.fromUrl(`${cdn.origin}/a`, { ...image(), maxBytes: 1000 }),
    )
    expect(error.code).toBe('bad_response')
    expect(readdirSync(dir)).toEqual([])
  })

  it('stops a body without Content-Length once it passes maxBytes', async () => {
    const { cdn, downloads } = await setup((_req, res) => {
      res.writeHead(200, { 'transfer-encoding': 'chunked' })
      res.end(png)
    })
    const error = await errorOf(
      downloads.fromUrl(`${cdn.origin}/a`, { ...image(), maxBytes: 10_000 }),
    )
    expect(error.code).toBe('bad_response')
    expect(readdirSync(dir)).toEqual([])
  })

  it('emits progress at most once per 100 ms of clock time', async () => {
    let now = 0
    const clock = { ...recordingClock().clock, now: () => (now += 7) }
    const big = pngBytes(8, 8, 4 * 1024 * 1024)
    const { cdn, downloads } = await setup(
      async (_req, res) => {
        res.writeHead(200, { 'content-length': big.length })
        for (let i = 0; i < big.length; i += 16 * 1024) {
          res.write(big.subarray(i, i + 16 * 1024))
          await new Promise((r) => setImmediate(r))
        }
        res.end()
      },
      { clock },
    )
    const times: number[] = []
    const received: number[] = []
    await downloads.fromUrl(`${cdn.origin}/a`, image(), {
      onProgress: (p) => {
        times.push(now)
        received.push(p.received)
        expect(p.total).toBe(big.length)
      },
    })
    expect(times.length).toBeGreaterThan(3)
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(100)
    expect(received).toEqual([...received].sort((a, b) => a - b))
  })

  it('cancels a download with AbortSignal and removes the temp file', async () => {
    const { cdn, downloads } = await setup((_req, res) => {
      res.writeHead(200, { 'content-length': png.length * 10 })
      res.write(png)
    })
    const ac = new AbortController()
    const p = downloads.fromUrl(`${cdn.origin}/a`, image(), {
      signal: ac.signal,
      onProgress: () => ac.abort(),
    })
    expect((await errorOf(p)).code).toBe('cancelled')
    expect(readdirSync(dir)).toEqual([])
  })

  it('decodes Base64 (plain or data: URL) to a file and rejects non-Base64 text', async () => {
    const { downloads } = await setup(() => {})
    const saved = await downloads.saveBase64(png.toString('base64'), image('b64'))
    expect(readFileSync(saved.path).equals(png)).toBe(true)
    const again = await downloads.saveBase64(
      `data:image/png;base64,${png.toString('base64')}`,
      image('data'),
    )
    expect(readFileSync(again.path).equals(png)).toBe(true)
    const bad = await errorOf(
      downloads.saveBase64(`${png.toString('base64').slice(0, 400)}!!!!`, image('bad')),
    )
    expect(bad.code).toBe('bad_response')
    expect(readdirSync(dir).sort()).toEqual(['b64.png', 'data.png'])
  })
})

describe('storage failures', () => {
  /** Real fs, except writes fail with `code` after `after` bytes. */
  function failingFs(code: string, after: number, onCreate = false): FileOps {
    return {
      ...nodeFileOps,
      create: async (path) => {
        if (onCreate)
          throw Object.assign(new Error(`${code}: read-only file system, open '${path}'`), { code })
        const real = await nodeFileOps.create(path)
        let written = 0
        return {
          writev: async (buffers) => {
            written += buffers.reduce((n, b) => n + b.byteLength, 0)
            if (written > after)
              throw Object.assign(new Error(`${code}: no space left on device, write`), { code })
            return real.writev(buffers)
          },
          datasync: () => real.datasync(),
          sync: () => real.sync(),
          close: () => real.close(),
        }
      },
    }
  }

  it('maps ENOSPC during the write to a storage error and leaves nothing behind', async () => {
    const big = pngBytes(8, 8, 5 * 1024 * 1024)
    const { cdn, downloads } = await setup((_req, res) => res.end(big), {
      fs: failingFs('ENOSPC', 1024 * 1024),
    })
    const error = await errorOf(downloads.fromUrl(`${cdn.origin}/a`, image()))
    expect(error.code).toBe('storage')
    expect(error.message).toMatch(/disk is full/)
    expect(error.action).toMatch(/Free some disk space/)
    expect(readdirSync(dir)).toEqual([])
    expect(cdn.received).toHaveLength(1)
  })

  it('flushes large files in the background while downloading, and never loses a flush error', async () => {
    const big = pngBytes(8, 8, 6 * 1024 * 1024)
    let datasyncs = 0
    const flaky = (fail: boolean): FileOps => ({
      ...nodeFileOps,
      create: async (path) => {
        const real = await nodeFileOps.create(path)
        return {
          writev: (b) => real.writev(b),
          datasync: async () => {
            datasyncs++
            if (fail) throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' })
            return real.datasync()
          },
          sync: () => real.sync(),
          close: () => real.close(),
        }
      },
    })
    const server = await startLoopback((_req, res) => res.end(big))
    const client = new ServiceClient({ connection: async () => null })
    cleanups.push(
      () => client.close(),
      () => server.close(),
    )
    const ok = new DownloadService({ client, fs: flaky(false), syncEveryBytes: 2 * 1024 * 1024 })
    expect((await ok.fromUrl(`${server.origin}/a`, image('synced'))).bytes).toBe(big.length)
    expect(datasyncs).toBeGreaterThanOrEqual(1)
    const bad = new DownloadService({ client, fs: flaky(true), syncEveryBytes: 2 * 1024 * 1024 })
    const error = await errorOf(bad.fromUrl(`${server.origin}/a`, image('unsynced')))
    expect(error.code).toBe('storage')
    expect(error.message).toMatch(/input\/output/)
    expect(readdirSync(dir)).toEqual(['synced.png'])
  })

  it('maps a read-only folder (EROFS) to a storage error', async () => {
    const { downloads } = await setup(() => {}, { fs: failingFs('EROFS', 0, true) })
    const error = await errorOf(downloads.saveBase64(png.toString('base64'), image()))
    expect(error).toMatchObject({ code: 'storage' })
    expect(error.message).toMatch(/read-only/)
    expect(readdirSync(dir)).toEqual([])
  })
})

/** Builds a ZIP with yazl; `rename` rewrites names in the bytes to forge unsafe archives. */
async function buildZip(
  entries: Array<{ name: string; data: Buffer; mode?: number; compress?: boolean }>,
  rename: Array<[string, string]> = [],
): Promise<string> {
  const zip = new yazl.ZipFile()
  for (const e of entries) {
    zip.addBuffer(e.data, e.name, {
      compress: e.compress ?? false,
      ...(e.mode ? { mode: e.mode } : {}),
    })
  }
  zip.end()
  const chunks: Buffer[] = []
  for await (const c of zip.outputStream) chunks.push(c as Buffer)
  const buf = Buffer.concat(chunks)
  for (const [from, to] of rename) {
    let at = buf.indexOf(from)
    while (at >= 0) {
      buf.write(to, at, 'latin1')
      at = buf.indexOf(from, at + 1)
    }
  }
  const path = join(tmpdir(), `zip-test-${process.pid}-${Math.random().toString(16).slice(2)}.zip`)
  writeFileSync(path, buf)
  cleanups.push(() => rmSync(path, { force: true }))
  return path
}

describe('ZIP extraction', () => {
  const pngs = [pngBytes(8, 8, 1000), pngBytes(8, 8, 2000), pngBytes(8, 8, 3000)]

  it('extracts every entry as <base>-<n>.<ext> whatever the entry names are', async () => {
    const { downloads } = await setup(() => {})
    const zip = await buildZip(
      [
        { name: 'weird name.png', data: pngs[0]! },
        { name: 'dir/', data: Buffer.alloc(0) },
        { name: 'sub/image_1.bin', data: pngs[1]!, compress: true },
        { name: 'x', data: pngs[2]! },
      ].filter((e) => !e.name.endsWith('/')),
    )
    const files = await downloads.extractZip(zip, image('art'))
    expect(files.map((f) => f.path)).toEqual([1, 2, 3].map((n) => join(dir, `art-${n}.png`)))
    files.forEach((f, i) => expect(readFileSync(f.path).equals(pngs[i]!)).toBe(true))
  })

  const refused: Array<[string, RegExp, () => Promise<string>, object?]> = [
    [
      'a ".." path',
      /\.\.|relative/,
      () =>
        buildZip(
          [
            { name: 'ok.png', data: pngs[0]! },
            { name: 'QQ/evil.png', data: pngs[1]! },
          ],
          [['QQ/evil', '../evil']],
        ),
    ],
    [
      'an absolute path',
      /absolute/,
      () =>
        buildZip(
          [
            { name: 'ok.png', data: pngs[0]! },
            { name: 'Qetc/evil.png', data: pngs[1]! },
          ],
          [['Qetc/evil', '/etc/evil']],
        ),
    ],
    [
      'a link',
      /link/,
      () =>
        buildZip([
          { name: 'ok.png', data: pngs[0]! },
          { name: 'link.png', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
        ]),
    ],
    [
      'more files than allowed',
      /more than 2 files/,
      () => buildZip(pngs.map((data, i) => ({ name: `${i}.png`, data }))),
      { maxEntries: 2 },
    ],
    [
      'an oversize entry',
      /larger than 2500/,
      () =>
        buildZip([
          { name: 'ok.png', data: pngs[0]! },
          { name: 'big.png', data: pngs[2]! },
        ]),
      { maxEntryBytes: 2500 },
    ],
    [
      'too much in total',
      /expands to more than 4000/,
      () => buildZip(pngs.map((data, i) => ({ name: `${i}.png`, data }))),
      { maxTotalBytes: 4000 },
    ],
    [
      'a zip bomb ratio',
      /ZIP bomb/,
      () =>
        buildZip([
          { name: 'ok.png', data: pngs[0]! },
          {
            name: 'bomb.png',
            data: Buffer.concat([pngs[0]!.subarray(0, 16), Buffer.alloc(8 * 1024 * 1024)]),
            compress: true,
          },
        ]),
    ],
  ]
  for (const [what, reason, make, limits] of refused) {
    it(`refuses an archive with ${what} and removes what it had extracted`, async () => {
      const { downloads } = await setup(() => {})
      const zip = await make()
      const error = await errorOf(downloads.extractZip(zip, image('z'), limits))
      expect(error.code).toBe('bad_response')
      expect(error.message).toMatch(reason)
      // Not a damaged archive to retry blindly: the user is told it was not extracted.
      expect(error.action).toBe(tr('zipNotExtractedAction'))
      expect(readdirSync(dir)).toEqual([])
    })
  }

  it('applies the limits the service was made with to every archive, under the limits of the call', async () => {
    const client = new ServiceClient({ connection: async () => null })
    cleanups.push(() => client.close())
    const strict = new DownloadService({ client, zipLimits: { maxEntries: 2 } })
    const zip = await buildZip(pngs.map((data, i) => ({ name: `${i}.png`, data })))
    const error = await errorOf(strict.extractZip(zip, image('strict')))
    expect(error.message).toMatch(/more than 2 files/)
    expect(readdirSync(dir)).toEqual([])
    expect(await strict.extractZip(zip, image('loose'), { maxEntries: 3 })).toHaveLength(3)
  })

  it('refuses an entry whose bytes fail the CRC-32 (a damaged archive), leaving nothing', async () => {
    const { downloads } = await setup(() => {})
    const data = Buffer.concat([pngs[0]!, Buffer.from('CORRUPT-ME')])
    const zip = await buildZip(
      [
        { name: 'a.png', data: pngs[1]! },
        { name: 'b.png', data },
      ],
      [['CORRUPT-ME', 'CORRUPT-MF']],
    )
    const error = await errorOf(downloads.extractZip(zip, image('crc')))
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(/CRC-32/)
    expect(readdirSync(dir)).toEqual([])
  })

  it('flushes each entry while the next is extracted, and an fsync failure (EIO) leaves nothing', async () => {
    const synced: string[] = []
    let inFlight = 0
    let maxInFlight = 0
    const fs = (failOn: number): FileOps => ({
      ...nodeFileOps,
      syncFile: async (path) => {
        // The call's own number: later calls may have started by the time this one decides.
        const call = synced.push(path)
        inFlight++
        maxInFlight = Math.max(maxInFlight, inFlight)
        try {
          await new Promise((r) => setTimeout(r, 20))
          if (call === failOn)
            throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' })
          await nodeFileOps.syncFile(path)
        } finally {
          inFlight--
        }
      },
    })
    const zip = await buildZip(pngs.map((data, i) => ({ name: `${i}.png`, data })))

    const ok = (await setup(() => {}, { fs: fs(0) })).downloads
    const files = await ok.extractZip(zip, image('flushed'))
    expect(files).toHaveLength(3)
    // Every entry was flushed under its temp name, before any got its final name.
    expect(synced.map((p) => basename(p))).toEqual(
      [1, 2, 3].map((n) => expect.stringMatching(new RegExp(`^\\.flushed-${n}\\..*\\.part$`))),
    )
    expect(maxInFlight).toBe(2)
    rmSync(dir, { recursive: true, force: true })

    synced.length = 0
    const bad = (await setup(() => {}, { fs: fs(2) })).downloads
    const error = await errorOf(bad.extractZip(zip, image('eio')))
    expect(error.code).toBe('storage')
    expect(error.message).toMatch(/input\/output error\. \(EIO\)/)
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([])
  })

  it('refuses an entry that is not an image', async () => {
    const { downloads } = await setup(() => {})
    const zip = await buildZip([
      { name: 'readme.txt', data: Buffer.from('hello world, not an image') },
    ])
    expect((await errorOf(downloads.extractZip(zip, image('t')))).code).toBe('bad_response')
    expect(readdirSync(dir)).toEqual([])
  })
})

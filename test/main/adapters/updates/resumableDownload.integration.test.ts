import { randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { netArtifactSource, type NetRequest } from '@main/adapters/updates/netArtifactSource'
import { partialFile } from '@main/adapters/updates/partialFile'
import { describeUpdateError } from '@main/services/updates/describeUpdateError'
import type { DownloadProgress, ResumableArtifact } from '@main/services/updates/ports'
import { downloadResuming } from '@main/services/updates/resumableDownload'
import type { ArtifactTarget } from '@main/services/updates/resume'
import { fakeNet } from '@test/support/electron/net'
import {
  artifactName,
  etagOf,
  type FeedRelease,
  sha512Base64,
  startUpdateFeed,
} from '@test/support/updateFeed'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

// The resumable download with its real adapters: the partial file on disk and HTTP through
// Electron's `net` as the Electron double plays it (Node's http over loopback), against the test
// feed, which serves Range/If-Range/ETag as a CDN does and counts the bytes it sends.

const SIZE = 256 * 1024
let feed: Awaited<ReturnType<typeof startUpdateFeed>>
let cache: string

beforeAll(async () => {
  feed = await startUpdateFeed()
})
afterAll(() => feed?.close())
beforeEach(() => {
  cache = mkdtempSync(join(tmpdir(), 'gen-resume-'))
  feed.served.length = 0
})

const release = (extra: Partial<FeedRelease> = {}): FeedRelease => ({
  version: '2.0.0',
  notes: '',
  bytes: randomBytes(SIZE),
  ...extra,
})

function artifactFor(r: FeedRelease, stallMs = 5_000) {
  const target: ArtifactTarget = {
    url: `${feed.url}${artifactName(r.version)}`,
    sha512: sha512Base64(r.bytes),
    size: r.bytes.length,
    fileName: artifactName(r.version),
  }
  const net = fakeNet()
  const artifact: ResumableArtifact = {
    target,
    partial: partialFile({ updaterCacheDir: cache, target }),
    source: netArtifactSource({
      request: (o) => net.request(o) as unknown as ReturnType<NetRequest>,
      stallMs: () => stallMs,
    }),
  }
  const progress: DownloadProgress[] = []
  const run = () => downloadResuming(artifact, (p) => progress.push(p))
  return { target, artifact, progress, run }
}

const partialPath = (r: FeedRelease) => join(cache, 'partial', `${artifactName(r.version)}.part`)
const pending = (r: FeedRelease) => join(cache, 'pending', artifactName(r.version))
const servedBytes = () => feed.served.reduce((n, s) => n + s.bytes, 0)
const leftovers = () =>
  existsSync(cache) ? readdirSync(cache, { recursive: true }).map(String).sort() : []

describe('resumable update download (real files, net over loopback)', () => {
  it('continues a cut download with Range from the byte it stopped at; only the rest is sent again', async () => {
    const r = release({ cutAt: [100_000] })
    feed.set('latest', r)
    const { run, progress } = artifactFor(r)
    await run()
    expect(feed.served.map((s) => [s.range, s.ifRange, s.status, s.bytes])).toEqual([
      [null, null, 200, 100_000],
      ['bytes=100000-', etagOf(r.bytes), 206, SIZE - 100_000],
    ])
    // The whole file crossed the wire once: nothing was sent twice.
    expect(servedBytes()).toBe(SIZE)
    // Handed over as electron-updater's cached download, executable, with its record.
    expect(readFileSync(pending(r)).equals(r.bytes)).toBe(true)
    expect(statSync(pending(r)).mode & 0o111).not.toBe(0)
    expect(JSON.parse(readFileSync(join(cache, 'pending', 'update-info.json'), 'utf8'))).toEqual({
      fileName: artifactName(r.version),
      sha512: sha512Base64(r.bytes),
      isAdminRightsRequired: false,
    })
    expect(existsSync(partialPath(r))).toBe(false)
    // Once handed over, a later download (the next launch) fetches nothing.
    await artifactFor(r).run()
    expect(feed.served).toHaveLength(2)
    // Progress kept going across the cut, ending at 100 %.
    const sent = progress.map((p) => p.transferred)
    expect([...sent].sort((a, b) => a - b)).toEqual(sent)
    expect(progress.at(-1)).toEqual({ percent: 100, transferred: SIZE, total: SIZE })
  })

  it('keeps the bytes across attempts that all fail, and the next download (an app restart) continues', async () => {
    const r = release({ cutAt: [50_000, 90_000, 120_000] })
    feed.set('latest', r)
    const first = artifactFor(r)
    const error = await first.run().catch((e: unknown) => e)
    expect(describeUpdateError(error)).toBe(
      `The update download was cut off at 120000 of ${SIZE} bytes; the next check continues from there.`,
    )
    expect(statSync(partialPath(r)).size).toBe(120_000)
    // A new adapter pair, as after a restart: only the record on disk carries over.
    await artifactFor(r).run()
    expect(feed.served.map((s) => s.range)).toEqual([
      null,
      'bytes=50000-',
      'bytes=90000-',
      'bytes=120000-',
    ])
    expect(servedBytes()).toBe(SIZE)
    expect(readFileSync(pending(r)).equals(r.bytes)).toBe(true)
  })

  it('a cut while the file is still being prepared is seen at once, not after the stall limit', async () => {
    const r = release({ cutAt: [1000] })
    feed.set('latest', r)
    const a = artifactFor(r, 10_000)
    // Preparing the partial file takes longer than the server takes to cut the connection.
    const begin = a.artifact.partial.begin.bind(a.artifact.partial)
    a.artifact.partial.begin = async (record, from) => {
      await new Promise((resolve) => setTimeout(resolve, 300))
      return begin(record, from)
    }
    const started = Date.now()
    await a.run()
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(feed.served.map((s) => s.range)).toEqual([null, 'bytes=1000-'])
    expect(readFileSync(pending(r)).equals(r.bytes)).toBe(true)
  })

  it('a server that ignores Range sends the whole file again, written from the start (not appended)', async () => {
    const r = release({ cutAt: [70_000], ignoreRange: true })
    feed.set('latest', r)
    await artifactFor(r).run()
    expect(feed.served.map((s) => [s.range, s.status])).toEqual([
      [null, 200],
      ['bytes=70000-', 200],
    ])
    expect(servedBytes()).toBe(70_000 + SIZE)
    expect(readFileSync(pending(r)).equals(r.bytes)).toBe(true)
  })

  it('an artifact replaced mid-way (another ETag) is not stitched: If-Range brings the new file, which fails the checksum and is deleted', async () => {
    const r = release({ cutAt: [60_000] })
    feed.set('latest', r)
    // The first attempt is cut; then the file on the server is replaced (the feed still
    // publishes the first one's sha512).
    const a = artifactFor({ ...r })
    const replaced = { ...r, cutAt: undefined, tamperedWith: randomBytes(SIZE) }
    let swapped = false
    const served = feed.served
    const watch = setInterval(() => {
      if (!swapped && served.length === 1 && served[0]!.bytes === 60_000) {
        swapped = true
        feed.set('latest', replaced)
      }
    }, 1)
    const error = await a.run().catch((e: unknown) => e)
    clearInterval(watch)
    expect(feed.served.map((s) => [s.range, s.ifRange, s.status])).toEqual([
      [null, null, 200],
      ['bytes=60000-', etagOf(r.bytes), 200],
    ])
    expect(describeUpdateError(error)).toMatch(/did not match its published sha512/)
    expect(leftovers().filter((f) => f.includes('AppImage'))).toEqual([])
  })

  it('a 416 drops the kept bytes and asks for the whole file again', async () => {
    const r = release()
    feed.set('latest', { ...r, tamperedWith: r.bytes.subarray(0, 1000) })
    // Bytes kept from a server that gave no validator, past the end of what it serves now.
    const { target, run } = artifactFor(r)
    mkdirSync(join(cache, 'partial'), { recursive: true })
    writeFileSync(partialPath(r), r.bytes.subarray(0, 5000))
    writeFileSync(
      `${partialPath(r)}.json`,
      JSON.stringify({ url: target.url, sha512: target.sha512, etag: null, lastModified: null }),
    )
    const error = await run().catch((e: unknown) => e)
    // Then a whole file of another size than the feed gives: refused before its body is read.
    expect(feed.served.map((s) => [s.range, s.status])).toEqual([
      ['bytes=5000-', 416],
      [null, 200],
    ])
    expect(describeUpdateError(error)).toBe(
      `The update download was refused: the file on the server has 1000 bytes, the feed says ${SIZE}.`,
    )
    expect(existsSync(partialPath(r))).toBe(false)
    expect(existsSync(pending(r))).toBe(false)
  })

  it('a tampered file is refused and its bytes deleted', async () => {
    const r = release()
    feed.set('latest', { ...r, tamperedWith: randomBytes(SIZE) })
    const error = await artifactFor(r)
      .run()
      .catch((e: unknown) => e)
    expect((error as { code?: string }).code).toBe('ERR_CHECKSUM_MISMATCH')
    expect(leftovers().filter((f) => f.includes('AppImage'))).toEqual([])
  })

  it('a stalled connection counts as cut: the bytes stay and the next attempt continues', async () => {
    const r = release({ slow: { chunks: 8, gapMs: 600 } })
    feed.set('latest', r)
    const error = await artifactFor(r, 200)
      .run()
      .catch((e: unknown) => e)
    expect((error as { code?: string }).code).toBe('UPDATE_DOWNLOAD_CUT')
    const kept = statSync(partialPath(r)).size
    expect(kept).toBeGreaterThan(0)
    expect(kept).toBeLessThan(SIZE)
    feed.set('latest', { ...r, slow: undefined })
    await artifactFor(r).run()
    expect(feed.served.at(-1)?.range).toBe(`bytes=${kept}-`)
    expect(readFileSync(pending(r)).equals(r.bytes)).toBe(true)
  })

  it('a full disk is a clear error, not a crash', async () => {
    const r = release()
    feed.set('latest', r)
    const a = artifactFor(r)
    if (existsSync('/dev/full')) {
      // Linux: the partial file is /dev/full, which answers every write with ENOSPC.
      mkdirSync(join(cache, 'partial'), { recursive: true })
      symlinkSync('/dev/full', partialPath(r))
    } else {
      a.artifact.partial.append = () =>
        Promise.reject(
          Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }),
        )
    }
    const error = await a.run().catch((e: unknown) => e)
    expect((error as { code?: string }).code).toBe('ENOSPC')
    expect(describeUpdateError(error)).toMatch(/^Not enough disk space for the update download/)
    expect(existsSync(pending(r))).toBe(false)
  })
})

/**
 * A generic update feed on 127.0.0.1, laid out as electron-builder publishes one: `latest-linux.yml`
 * (or `beta-linux.yml`) naming the AppImage with its sha512 (Base64) and size, and the AppImage
 * beside it. Faults are switched per channel file: an HTML page where the YAML should be, an
 * artifact whose bytes do not match the published sha512, an artifact streamed slowly (progress),
 * a connection cut in the middle of the artifact, a channel file that never answers.
 *
 * The artifact is served as a CDN serves one: a strong ETag, `Accept-Ranges: bytes`, a 206 for
 * `Range: bytes=N-` (200 with the whole file when `If-Range` names another ETag), 416 past the
 * end; `ignoreRange` plays a server that always answers 200. Every artifact response is counted
 * in `served` (the Range asked, the status, the bytes actually written), so a test can tell a
 * resumed download from a whole one.
 */
import { createHash } from 'node:crypto'
import type { ServerResponse } from 'node:http'

import { startLoopback } from './loopback'

export interface FeedRelease {
  version: string
  notes: string
  /** The artifact's bytes (an AppImage is an executable; tests use a small script). */
  bytes: Buffer
  /** Serve these bytes instead (the published sha512 stays that of `bytes`). */
  tamperedWith?: Buffer
  /** Stream the artifact in this many chunks, this many ms apart. */
  slow?: { chunks: number; gapMs: number }
  /**
   * Cut the connection once the file has been sent up to these offsets of the file, one per
   * artifact response in turn (the response's full length announced); later responses finish.
   */
  cutAt?: number[]
  /** Answer every artifact request with 200 and the whole file, whatever Range asks. */
  ignoreRange?: boolean
}

/** One artifact response: what was asked, how it was answered, the bytes actually sent. */
export interface Served {
  path: string
  range: string | null
  ifRange: string | null
  status: number
  bytes: number
}

export const sha512Base64 = (bytes: Buffer): string =>
  createHash('sha512').update(bytes).digest('base64')

export const artifactName = (version: string) => `Gen-Studio-${version}.AppImage`

/** The channel file electron-builder writes for one Linux x64 AppImage. */
export function channelYaml(r: FeedRelease): string {
  const name = artifactName(r.version)
  const sha = sha512Base64(r.bytes)
  return [
    `version: ${r.version}`,
    'files:',
    `  - url: ${name}`,
    `    sha512: ${sha}`,
    `    size: ${r.bytes.length}`,
    `path: ${name}`,
    `sha512: ${sha}`,
    `releaseDate: '2026-11-26T08:00:00.000Z'`,
    'releaseNotes: |',
    ...r.notes.split('\n').map((l) => `  ${l}`),
    '',
  ].join('\n')
}

/** The strong ETag the feed gives a body (its sha512, shortened). */
export const etagOf = (body: Buffer) => `"${sha512Base64(body).slice(0, 16)}"`

export async function startUpdateFeed() {
  const channels = new Map<string, FeedRelease | 'html' | 'hang'>()
  const served: Served[] = []
  const cutsMade = new WeakMap<FeedRelease, number>()
  const server = await startLoopback(async (req, res) => {
    const path = new URL(req.url, 'http://x').pathname.replace(/^\/feed\//, '')
    const channel = /^(latest|beta)-linux\.yml$/.exec(path)?.[1]
    if (channel) {
      const release = channels.get(channel)
      if (!release) return res.writeHead(404).end('not found')
      // Accepts the connection and the request, and never answers (the socket stays open).
      if (release === 'hang') return
      if (release === 'html')
        return res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<!doctype html><html><body><h1>Welcome to our CDN</h1></body></html>')
      return res.writeHead(200, { 'content-type': 'text/yaml' }).end(channelYaml(release))
    }
    const release = [...channels.values()].find(
      (r): r is FeedRelease => typeof r !== 'string' && artifactName(r.version) === path,
    )
    if (!release) return res.writeHead(404).end('not found')
    const body = release.tamperedWith ?? release.bytes
    const header = (name: string) => {
      const v = req.headers[name]
      return typeof v === 'string' ? v : null
    }
    const entry: Served = {
      path,
      range: header('range'),
      ifRange: header('if-range'),
      status: 200,
      bytes: 0,
    }
    served.push(entry)
    const etag = etagOf(body)
    const asked = /^bytes=(\d+)-$/.exec(entry.range ?? '')
    const honoured =
      asked !== null && !release.ignoreRange && (entry.ifRange === null || entry.ifRange === etag)
    const from = honoured ? Number(asked[1]) : 0
    const common = { 'content-type': 'application/octet-stream', etag, 'accept-ranges': 'bytes' }
    if (honoured && from >= body.length) {
      entry.status = 416
      return res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end()
    }
    entry.status = honoured ? 206 : 200
    res.writeHead(entry.status, {
      ...common,
      'content-length': String(body.length - from),
      ...(honoured ? { 'content-range': `bytes ${from}-${body.length - 1}/${body.length}` } : {}),
    })
    const cuts = cutsMade.get(release) ?? 0
    const cutAt = release.cutAt?.[cuts]
    if (cutAt !== undefined && cutAt > from) {
      cutsMade.set(release, cuts + 1)
      await send(res, body.subarray(from, cutAt), entry)
      await new Promise((r) => setTimeout(r, 50))
      res.destroy()
      return
    }
    const chunks = release.slow?.chunks ?? 1
    const rest = body.subarray(from)
    const size = Math.ceil(rest.length / chunks)
    for (let i = 0; i < chunks; i++) {
      await send(res, rest.subarray(i * size, (i + 1) * size), entry)
      if (release.slow && i < chunks - 1)
        await new Promise((r) => setTimeout(r, release.slow!.gapMs))
    }
    res.end()
  })
  return {
    url: `${server.origin}/feed/`,
    received: server.received,
    served,
    /** What a channel file answers: a release, an HTML page, silence, or (undefined) 404. */
    set(channel: 'latest' | 'beta', release: FeedRelease | 'html' | 'hang' | undefined) {
      if (release === undefined) channels.delete(channel)
      else channels.set(channel, release)
    },
    close: () => server.close(),
  }
}

/** Writes a chunk and counts it once it has been handed to the socket. */
function send(res: ServerResponse, chunk: Buffer, entry: Served): Promise<void> {
  return new Promise((resolve) => {
    if (chunk.length === 0) return resolve()
    res.write(chunk, () => {
      entry.bytes += chunk.length
      resolve()
    })
  })
}

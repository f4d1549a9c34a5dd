/**
 * A generic update feed on 127.0.0.1, laid out as electron-builder publishes one: `latest-linux.yml`
 * (or `beta-linux.yml`) naming the AppImage with its sha512 (Base64) and size, and the AppImage
 * beside it. Faults are switched per channel file: an HTML page where the YAML should be, an
 * artifact whose bytes do not match the published sha512, an artifact streamed slowly (progress),
 * a connection cut in the middle of the artifact.
 */
import { createHash } from 'node:crypto'

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
  /** Cut the connection after this many bytes of the artifact (its full length announced). */
  cutAfter?: number
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

export async function startUpdateFeed() {
  const channels = new Map<string, FeedRelease | 'html'>()
  const server = await startLoopback(async (req, res) => {
    const path = new URL(req.url, 'http://x').pathname.replace(/^\/feed\//, '')
    const channel = /^(latest|beta)-linux\.yml$/.exec(path)?.[1]
    if (channel) {
      const release = channels.get(channel)
      if (!release) return res.writeHead(404).end('not found')
      if (release === 'html')
        return res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<!doctype html><html><body><h1>Welcome to our CDN</h1></body></html>')
      return res.writeHead(200, { 'content-type': 'text/yaml' }).end(channelYaml(release))
    }
    const release = [...channels.values()].find(
      (r): r is FeedRelease => r !== 'html' && artifactName(r.version) === path,
    )
    if (!release) return res.writeHead(404).end('not found')
    const body = release.tamperedWith ?? release.bytes
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': String(body.length),
    })
    if (release.cutAfter !== undefined) {
      res.write(body.subarray(0, release.cutAfter))
      await new Promise((r) => setTimeout(r, 50))
      res.destroy()
      return
    }
    const chunks = release.slow?.chunks ?? 1
    const size = Math.ceil(body.length / chunks)
    for (let i = 0; i < chunks; i++) {
      res.write(body.subarray(i * size, (i + 1) * size))
      if (release.slow && i < chunks - 1)
        await new Promise((r) => setTimeout(r, release.slow!.gapMs))
    }
    res.end()
  })
  return {
    url: `${server.origin}/feed/`,
    received: server.received,
    /** What a channel file answers: a release, an HTML page, or (undefined) 404. */
    set(channel: 'latest' | 'beta', release: FeedRelease | 'html' | undefined) {
      if (release === undefined) channels.delete(channel)
      else channels.set(channel, release)
    },
    close: () => server.close(),
  }
}

import { createReadStream, promises as fs } from 'node:fs'
import { isAbsolute, resolve, sep } from 'node:path'
import { Readable } from 'node:stream'

import { MEDIA_HOST_ORIGINAL, MEDIA_HOST_THUMB } from '@shared/library/mediaUrls'
import { MEDIA_TYPES, mediaExtOf } from '@shared/library/types'

import type { MediaSource } from '../services/library/files/mediaSource'

/** A parsed `Range: bytes=…` for a file of `size` bytes. */
export type RangeResult =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' }

const MAX_RANGE_HEADER = 256

/**
 * Parses a single byte range (RFC 9110 §14): `a-b`, `a-`, `-n`. Several ranges or a malformed
 * header are served as the full file (allowed by the RFC); a range starting past the end is 416.
 */
export function parseRange(header: string | null, size: number): RangeResult {
  // A real Range header is a few dozen characters. Trimmed first, so no two `\s*` can trade the
  // same spaces: the old pattern backtracked quadratically (80k spaces: 8.8 s in main).
  if (!header || header.length > MAX_RANGE_HEADER) return { kind: 'full' }
  const m = /^bytes\s*=\s*(\d*)\s*-\s*(\d*)$/i.exec(header.trim())
  if (!m) return { kind: 'full' }
  const [, a, b] = m
  if (a === '' && b === '') return { kind: 'full' }
  if (a === '') {
    const suffix = Number(b)
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(a)
  let end = b === '' ? size - 1 : Number(b)
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return { kind: 'full' }
  if (start >= size) return { kind: 'unsatisfiable' }
  if (end < start) return { kind: 'full' }
  end = Math.min(end, size - 1)
  return { kind: 'partial', start, end }
}

/**
 * Resolves a `/`-separated path inside `root`, refusing anything that could escape it or reach
 * hidden entries (`..`, `.trash`, dotfiles, NUL, backslashes, absolute paths). Symlinks are
 * checked after resolution by the caller (realpath).
 */
export function resolveInside(root: string, relPath: string): string | null {
  if (!relPath || relPath.includes('\0') || relPath.includes('\\') || isAbsolute(relPath))
    return null
  const segments = relPath.split('/')
  if (segments.some((s) => s === '' || s.startsWith('.'))) return null
  const base = resolve(root)
  const file = resolve(base, ...segments)
  return file.startsWith(base + sep) ? file : null
}

async function realInside(root: string, file: string): Promise<string | null> {
  try {
    const [realRoot, realFile] = await Promise.all([fs.realpath(root), fs.realpath(file)])
    return realFile.startsWith(realRoot + sep) ? realFile : null
  } catch {
    return null
  }
}

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } })

/**
 * Serves one file with Range support: 200 with the whole file, 206 with the requested slice, 416
 * when the range starts past the end. The body is a file stream (constant memory whatever the
 * file size); cancelling the response closes the file.
 */
export async function serveFile(
  file: string,
  request: Request,
  contentType: string,
  cacheControl: string,
): Promise<Response> {
  let size: number
  try {
    const stat = await fs.stat(file)
    if (!stat.isFile()) return notFound()
    size = stat.size
  } catch {
    return notFound()
  }
  const headers: Record<string, string> = {
    'content-type': contentType,
    'accept-ranges': 'bytes',
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
    // Lets the renderer draw a video frame to a canvas (poster capture) without tainting it.
    'access-control-allow-origin': '*',
  }
  const range = parseRange(request.headers.get('range'), size)
  if (range.kind === 'unsatisfiable') {
    return new Response(null, {
      status: 416,
      headers: { ...headers, 'content-range': `bytes */${size}` },
    })
  }
  const start = range.kind === 'partial' ? range.start : 0
  const end = range.kind === 'partial' ? range.end : size - 1
  const length = size === 0 ? 0 : end - start + 1
  headers['content-length'] = String(length)
  if (range.kind === 'partial') headers['content-range'] = `bytes ${start}-${end}/${size}`
  const status = range.kind === 'partial' ? 206 : 200
  if (request.method === 'HEAD' || length === 0) return new Response(null, { status, headers })
  const stream = createReadStream(file, { start, end, highWaterMark: 256 * 1024 })
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, headers })
}

/**
 * The `gen-media://` handler as a plain function of a fetch Request, so it is testable without
 * Electron: `gen-media://library/<path in library>` serves originals, `gen-media://thumb/<id>`
 * serves (and makes) thumbnails. Nothing outside the library folder or the thumbnail cache is
 * ever served; only GET and HEAD are allowed.
 */
export function createMediaHandler(source: MediaSource): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } })
    }
    let url: URL
    let path: string
    try {
      url = new URL(request.url)
      path = decodeURIComponent(url.pathname).replace(/^\/+/, '')
    } catch {
      return notFound()
    }
    if (url.hostname === MEDIA_HOST_ORIGINAL) {
      const ext = mediaExtOf(path)
      if (!ext) return notFound()
      const root = source.libraryDir()
      const candidate = resolveInside(root, path)
      const file = candidate && (await realInside(root, candidate))
      if (!file) return notFound()
      return serveFile(file, request, MEDIA_TYPES[ext].mime, 'no-cache')
    }
    if (url.hostname === MEDIA_HOST_THUMB) {
      if (!/^[\w.~-]{1,160}$/.test(path)) return notFound()
      let thumb: string | null
      try {
        thumb = await source.thumbPath(path)
      } catch {
        thumb = null
      }
      const file = thumb && (await realInside(source.thumbDir(), thumb))
      if (!file) return notFound()
      return serveFile(file, request, 'image/webp', 'private, max-age=31536000, immutable')
    }
    return notFound()
  }
}

import { promises as fs } from 'node:fs'
import { extname, resolve, sep } from 'node:path'

import { CONTENT_SECURITY_POLICY } from '@shared/protocols'

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
}

export const mimeFor = (path: string): string =>
  MIME[extname(path).toLowerCase()] ?? 'application/octet-stream'

/**
 * Maps an app:// URL to a file inside the built renderer folder. Returns null for anything that
 * would escape it (`..`, encoded separators, absolute paths). `/` serves index.html.
 */
export function resolveAppPath(rootDir: string, requestUrl: string): string | null {
  let pathname: string
  try {
    pathname = decodeURIComponent(new URL(requestUrl).pathname)
  } catch {
    return null
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null
  const relative = pathname === '/' || pathname === '' ? 'index.html' : pathname.replace(/^\/+/, '')
  const root = resolve(rootDir)
  const file = resolve(root, relative)
  if (file !== root && !file.startsWith(root + sep)) return null
  return file
}

/** Serves the built renderer with the CSP header and nosniff; 404 for anything outside it. */
export async function serveAppRequest(rootDir: string, request: Request): Promise<Response> {
  const file = resolveAppPath(rootDir, request.url)
  if (!file) return new Response('Not found', { status: 404 })
  try {
    const body = await fs.readFile(file)
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': mimeFor(file),
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'cross-origin-opener-policy': 'same-origin',
      },
    })
  } catch {
    return new Response('Not found', { status: 404 })
  }
}

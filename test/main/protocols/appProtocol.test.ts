import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, sep } from 'node:path'

import { resolveAppPath, serveAppRequest } from '@main/protocols/appProtocol'
import { CONTENT_SECURITY_POLICY } from '@shared/protocols'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * app://gen-studio/ serves the built renderer (never file://). It must stay inside the renderer
 * folder whatever the URL says, and send the CSP and nosniff headers with everything it serves.
 */
let base: string
let root: string

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'app-protocol-'))
  root = join(base, 'renderer')
  mkdirSync(join(root, 'assets'), { recursive: true })
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Gen Studio</title>')
  writeFileSync(join(root, 'assets', 'index.js'), 'console.log(1)')
  writeFileSync(join(base, 'secret.txt'), 'TOP SECRET OUTSIDE THE RENDERER')
  mkdirSync(join(base, 'renderer-evil'))
  writeFileSync(join(base, 'renderer-evil', 'x.js'), 'TOP SECRET SIBLING')
})
afterAll(() => rmSync(base, { recursive: true, force: true }))

const TRAVERSALS = [
  'app://gen-studio/..%2Fsecret.txt',
  'app://gen-studio/..%2F..%2F..%2Fetc%2Fpasswd',
  'app://gen-studio/%2e%2e%2fsecret.txt',
  'app://gen-studio/assets/..%2F..%2Fsecret.txt',
  'app://gen-studio/..%5Csecret.txt',
  'app://gen-studio/assets%5C..%5C..%5Csecret.txt',
  'app://gen-studio/index.html%00.js',
  'app://gen-studio/%E0%A4%A',
  'app://gen-studio/..%2Frenderer-evil%2Fx.js',
]

describe('resolveAppPath', () => {
  it('maps / to index.html and paths to files inside the renderer folder', () => {
    expect(resolveAppPath(root, 'app://gen-studio/')).toBe(join(root, 'index.html'))
    expect(resolveAppPath(root, 'app://gen-studio/assets/index.js?v=1#x')).toBe(
      join(root, 'assets', 'index.js'),
    )
  })

  it('refuses traversal, encoded separators, backslashes, NUL bytes and malformed escapes', () => {
    for (const url of TRAVERSALS) expect(resolveAppPath(root, url), url).toBeNull()
  })

  it('keeps plain dot segments inside the folder', () => {
    const resolved = resolveAppPath(root, 'app://gen-studio/../../secret.txt')
    expect(resolved === null || resolved.startsWith(root + sep)).toBe(true)
  })
})

describe('serveAppRequest', () => {
  it('serves files with the CSP, nosniff and COOP headers and a real content type', async () => {
    const response = await serveAppRequest(root, new Request('app://gen-studio/'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await response.text()).toContain('Gen Studio')
    const script = await serveAppRequest(root, new Request('app://gen-studio/assets/index.js'))
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
  })

  it('answers 404 without content for traversal attempts, folders and missing files', async () => {
    for (const url of [...TRAVERSALS, 'app://gen-studio/assets', 'app://gen-studio/missing.js']) {
      const response = await serveAppRequest(root, new Request(url))
      expect(response.status, url).toBe(404)
      expect(await response.text(), url).not.toContain('SECRET')
    }
  })

  it('serves unknown extensions as opaque bytes, never as script or HTML', async () => {
    writeFileSync(join(root, 'data.bin'), '<script>alert(1)</script>')
    const response = await serveAppRequest(root, new Request('app://gen-studio/data.bin'))
    expect(response.headers.get('content-type')).toBe('application/octet-stream')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

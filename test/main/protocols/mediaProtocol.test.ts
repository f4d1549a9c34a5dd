import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { createMediaHandler, parseRange, resolveInside } from '@main/protocols/mediaProtocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let dir: string
let library: string
let thumbs: string
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251))
let handler: (r: Request) => Promise<Response>

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'media-proto-'))
  library = join(dir, 'Library')
  thumbs = join(dir, 'thumbs')
  mkdirSync(join(library, '2026', '01'), { recursive: true })
  mkdirSync(join(library, '.trash', 'tok'), { recursive: true })
  mkdirSync(thumbs)
  writeFileSync(join(library, '2026', '01', 'clip one.mp4'), bytes)
  writeFileSync(join(library, '.trash', 'tok', 'gone.png'), bytes)
  writeFileSync(join(dir, 'secret.png'), 'outside')
  writeFileSync(join(thumbs, 'abc.webp'), 'RIFFxxxxWEBP')
  symlinkSync(join(dir, 'secret.png'), join(library, 'link.png'))
  handler = createMediaHandler({
    libraryDir: () => library,
    thumbDir: () => thumbs,
    thumbPath: async (id) =>
      id === 'item-1' ? join(thumbs, 'abc.webp') : id === 'evil' ? join(dir, 'secret.png') : null,
  })
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  handler(new Request(url, { headers, method }))

describe('parseRange', () => {
  it.each([
    [null, { kind: 'full' }],
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=900-', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=0-1,5-6', { kind: 'full' }],
    ['items=0-1', { kind: 'full' }],
    ['bytes=5-1', { kind: 'full' }],
    ['  bytes = 10 - 19  ', { kind: 'partial', start: 10, end: 19 }],
  ])('%s', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected)
  })

  it('takes linear time on hostile whitespace (issue #13: 80k spaces took 8.8 s)', () => {
    const hostile = [
      `bytes=1-${' '.repeat(80_000)}x`,
      `bytes=${' '.repeat(80_000)}-x`,
      ` ${' '.repeat(200)}bytes=1-${' '.repeat(40)}x`,
    ]
    const started = performance.now()
    for (const h of hostile) expect(parseRange(h, 1000)).toEqual({ kind: 'full' })
    expect(performance.now() - started).toBeLessThan(50)
  })
})

describe('resolveInside', () => {
  it.each([
    '../secret.png',
    '2026/../../secret.png',
    '/etc/passwd',
    '.trash/tok/gone.png',
    'a\\..\\b.png',
    'a\0.png',
    'a//b.png',
  ])('refuses %s', (p) => expect(resolveInside('/lib', p)).toBeNull())
  it('accepts a normal nested path', () =>
    expect(resolveInside('/lib', '2026/01/a.png')).toBe('/lib/2026/01/a.png'))
})

describe('gen-media:// handler', () => {
  it('serves a whole original with its type and length', async () => {
    const r = await get('gen-media://library/2026/01/clip%20one.mp4')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('video/mp4')
    expect(r.headers.get('accept-ranges')).toBe('bytes')
    expect(r.headers.get('content-length')).toBe('1000')
    expect(Buffer.from(await r.arrayBuffer()).equals(bytes)).toBe(true)
  })

  it('answers a Range with 206 and exactly those bytes', async () => {
    const r = await get('gen-media://library/2026/01/clip%20one.mp4', { range: 'bytes=100-199' })
    expect(r.status).toBe(206)
    expect(r.headers.get('content-range')).toBe('bytes 100-199/1000')
    expect(r.headers.get('content-length')).toBe('100')
    expect(Buffer.from(await r.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true)
  })

  it('answers an unsatisfiable Range with 416 and the size', async () => {
    const r = await get('gen-media://library/2026/01/clip%20one.mp4', { range: 'bytes=5000-' })
    expect(r.status).toBe(416)
    expect(r.headers.get('content-range')).toBe('bytes */1000')
  })

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get('gen-media://library/2026/01/clip%20one.mp4', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe('1000')
    expect((await head.arrayBuffer()).byteLength).toBe(0)
    expect((await get('gen-media://library/2026/01/clip%20one.mp4', {}, 'POST')).status).toBe(405)
  })

  it.each([
    'gen-media://library/..%2Fsecret.png',
    'gen-media://library/2026/..%2F..%2Fsecret.png',
    'gen-media://library/%2E%2E/secret.png',
    'gen-media://library/.trash/tok/gone.png',
    'gen-media://library/link.png',
    'gen-media://library/2026/01/missing.mp4',
    'gen-media://library/2026/01',
    'gen-media://other/secret.png',
    'gen-media://thumb/evil',
    'gen-media://thumb/nothing',
    'gen-media://thumb/..%2F..%2Fsecret.png',
  ])('refuses %s with 404', async (url) => {
    const r = await get(url)
    expect(r.status).toBe(404)
    expect(await r.text()).not.toContain('outside')
  })

  it('serves a thumbnail from the cache, cacheable', async () => {
    const r = await get('gen-media://thumb/item-1?v=abc')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('image/webp')
    expect(r.headers.get('cache-control')).toContain('immutable')
  })

  it('follows a library folder change', async () => {
    const other = join(dir, 'Other')
    mkdirSync(other)
    writeFileSync(join(other, 'b.png'), 'png')
    let root = library
    const h = createMediaHandler({
      libraryDir: () => root,
      thumbDir: () => thumbs,
      thumbPath: async () => null,
    })
    expect((await h(new Request('gen-media://library/b.png'))).status).toBe(404)
    root = other
    expect((await h(new Request('gen-media://library/b.png'))).status).toBe(200)
  })
})

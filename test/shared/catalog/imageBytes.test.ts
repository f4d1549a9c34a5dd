import {
  base64DecodedLength,
  checkArtReference,
  decodeBase64,
  imageDimensions,
  isCompleteImage,
  sniffImageType,
} from '@shared/catalog'
import { rawImage as raw } from '@test/support/mediaFixtures'
import sharp from 'sharp'
import { afterEach, describe, expect, it, vi } from 'vitest'

describe('sniffImageType and imageDimensions on real encoder output', () => {
  it.each([
    ['png', () => raw(37, 23).png().toBuffer(), 'image/png', null],
    ['baseline jpeg', () => raw(640, 480).jpeg().toBuffer(), 'image/jpeg', null],
    [
      'progressive jpeg',
      () => raw(333, 111).jpeg({ progressive: true }).toBuffer(),
      'image/jpeg',
      null,
    ],
    ['lossy webp (VP8)', () => raw(301, 77).webp({ quality: 50 }).toBuffer(), 'image/webp', 'VP8 '],
    [
      'lossless webp (VP8L)',
      () => raw(129, 65).webp({ lossless: true }).toBuffer(),
      'image/webp',
      'VP8L',
    ],
    [
      'webp with alpha (VP8X)',
      () => raw(250, 99, 4).webp({ quality: 50 }).toBuffer(),
      'image/webp',
      'VP8X',
    ],
  ] as const)('%s', async (_name, make, type, chunk) => {
    const bytes = new Uint8Array(await make())
    if (chunk) expect(Buffer.from(bytes.subarray(12, 16)).toString('latin1')).toBe(chunk)
    const meta = await sharp(Buffer.from(bytes)).metadata()
    expect(sniffImageType(bytes)).toBe(type)
    expect(imageDimensions(bytes)).toEqual({ width: meta.width, height: meta.height })
  })

  it('reads JPEG dimensions past an EXIF block', async () => {
    const bytes = new Uint8Array(
      await raw(200, 150)
        .withMetadata({ exif: { IFD0: { Copyright: 'x'.repeat(2000) } } })
        .jpeg()
        .toBuffer(),
    )
    expect(bytes[3]).not.toBe(0xdb) // an APP marker precedes the tables
    expect(imageDimensions(bytes)).toEqual({ width: 200, height: 150 })
  })

  it('refuses other bytes, including GIF and text, and cut-short headers', async () => {
    expect(sniffImageType(new TextEncoder().encode('GIF89a....'))).toBeNull()
    expect(sniffImageType(new TextEncoder().encode('<html>'))).toBeNull()
    expect(sniffImageType(new Uint8Array())).toBeNull()
    const png = new Uint8Array(await raw(10, 10).png().toBuffer())
    expect(imageDimensions(png.subarray(0, 20))).toBeNull()
    expect(imageDimensions(new TextEncoder().encode('RIFF0000WEBPXXXX'))).toBeNull()
  })
})

describe('base64 without Node (the renderer decodes in JavaScript)', () => {
  // Every byte value, every length modulo 3, both alphabets and a data: URL, then texts that
  // are not Base64: the renderer's answer must be main's (Buffer's) answer.
  const samples = Array.from({ length: 12 }, (_, n) =>
    Uint8Array.from({ length: n * 23 }, (_, i) => (i * 97 + n) % 256),
  )
  const texts = samples.flatMap((b) => {
    const buf = Buffer.from(b)
    return [
      buf.toString('base64'),
      buf.toString('base64url'),
      `data:image/png;base64,${buf.toString('base64')}`,
    ]
  })
  const refused = ['abc$', 'ab cd', 'ab\ncd', 'a', 'abcde', 'ab=c', 'data:x;base64,a', '====a']
  const withNode = [...texts, ...refused].map((t) => decodeBase64(t))

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('decodes to the same bytes as Node, and refuses the same texts', () => {
    vi.stubGlobal('Buffer', undefined)
    const withoutNode = [...texts, ...refused].map((t) => decodeBase64(t))
    expect(withoutNode).toEqual(withNode)
    expect(withoutNode.slice(0, texts.length).every((b) => b instanceof Uint8Array)).toBe(true)
    expect(withoutNode.slice(texts.length)).toEqual(refused.map(() => null))
    for (const [i, b] of samples.entries()) expect(withoutNode[i * 3]).toEqual(b)
  })
})

describe('base64', () => {
  it('decodes standard, URL-safe and data-URL Base64 and computes lengths', () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252, 253, 254, 255])
    const b64 = Buffer.from(bytes).toString('base64')
    expect(decodeBase64(b64)).toEqual(bytes)
    expect(decodeBase64(Buffer.from(bytes).toString('base64url'))).toEqual(bytes)
    expect(decodeBase64(`data:image/png;base64,${b64}`)).toEqual(bytes)
    expect(decodeBase64('abc$')).toBeNull()
    for (let n = 0; n < 7; n++) {
      expect(base64DecodedLength(Buffer.alloc(n).toString('base64'))).toBe(n)
    }
  })
})

describe('isCompleteImage (issue #13: truncated PNGs passed asset upload)', () => {
  it.each([
    ['png', () => raw(40, 30).png().toBuffer()],
    ['jpeg', () => raw(40, 30).jpeg().toBuffer()],
    ['webp', () => raw(40, 30).webp().toBuffer()],
  ])('a whole %s is complete; cut anywhere after its header, it is not', async (_, make) => {
    const whole = new Uint8Array(await make())
    expect(isCompleteImage(whole)).toBe(true)
    for (const keep of [whole.length - 1, Math.floor(whole.length / 2), 40]) {
      expect(isCompleteImage(whole.subarray(0, keep)), `cut at ${keep}`).toBe(false)
    }
  })

  it('a JPEG with zero padding after its end marker is complete; text is not an image', async () => {
    const jpeg = await raw(8, 8).jpeg().toBuffer()
    expect(isCompleteImage(new Uint8Array(Buffer.concat([jpeg, Buffer.alloc(64)])))).toBe(true)
    expect(isCompleteImage(new TextEncoder().encode('<html>'))).toBe(false)
  })

  it('checkArtReference names a truncated file', async () => {
    const png = new Uint8Array(await raw(64, 64).png().toBuffer())
    expect(checkArtReference(png.subarray(0, png.length - 20))).toMatch(/cut short/)
  })
})

describe('checkArtReference (24 MiB, 24 MP, PNG/JPEG/WebP)', () => {
  it('accepts a small PNG and refuses text, empty and over-24-MP images', async () => {
    expect(checkArtReference(new Uint8Array(await raw(64, 64).png().toBuffer()))).toBeNull()
    expect(checkArtReference(new TextEncoder().encode('not an image'))).toMatch(/PNG, JPEG or WebP/)
    expect(checkArtReference(new Uint8Array())).toMatch(/empty/)
    // A PNG header claiming 6000x4001 (24,006,000 px): only the header is read.
    const header = new Uint8Array(await raw(8, 8).png().toBuffer())
    new DataView(header.buffer).setUint32(16, 6000)
    new DataView(header.buffer).setUint32(20, 4001)
    expect(checkArtReference(header)).toMatch(/24 megapixels/)
    new DataView(header.buffer).setUint32(20, 4000)
    expect(checkArtReference(header)).toBeNull()
  })

  it('refuses a file over 24 MiB', () => {
    const big = new Uint8Array(24 * 1024 * 1024 + 1)
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect(checkArtReference(big)).toMatch(/24 MiB/)
  })
})

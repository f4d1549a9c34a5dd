import { decodeBase64, imageDimensions, isCompleteImage, sniffImageType } from '@shared/catalog'
import { describe, expect, it } from 'vitest'

/**
 * Hand-built headers at the exact edges of the byte rules (issue #32: imageBytes.ts scored 71 in
 * mutation testing because real encoder output never sits on a boundary). Dimensions are chosen so
 * that every byte of a field is non-zero and distinct: reading the wrong byte, or dropping one,
 * changes the answer.
 */
const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  Uint8Array.from(
    parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)),
  )

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const IEND = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]
const be16 = (n: number) => [(n >>> 8) & 0xff, n & 0xff]
const le16 = (n: number) => [n & 0xff, (n >>> 8) & 0xff]
const le24 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff]
const le32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff]

/** A PNG's first 24 bytes: signature, IHDR length and type, width, height. */
const pngHeader = (w: number, h: number, type = 'IHDR') =>
  bytes(PNG_SIG, be32(13), type, be32(w), be32(h))

/** A JPEG segment with a length (the length counts its own two bytes). */
const segment = (marker: number, payload: number[]) => [
  0xff,
  marker,
  ...be16(payload.length + 2),
  ...payload,
]
/** A start-of-frame segment: precision, height, width, one component. */
const sof = (marker: number, w: number, h: number) =>
  segment(marker, [8, ...be16(h), ...be16(w), 1, 1, 0x11, 0])
const SOI = [0xff, 0xd8]
const EOI = [0xff, 0xd9]

const riff = (chunk: string, body: number[]) =>
  bytes('RIFF', le32(4 + 8 + body.length), 'WEBP', chunk, le32(body.length), body)

describe('sniffImageType at the edges', () => {
  it('knows each format from exactly its magic bytes and nothing shorter', () => {
    expect(sniffImageType(bytes(PNG_SIG))).toBe('image/png')
    expect(sniffImageType(bytes(PNG_SIG.slice(0, 7)))).toBeNull()
    expect(sniffImageType(bytes([0x89, 0, 0, 0, 0, 0, 0, 0]))).toBeNull()
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff]))).toBe('image/jpeg')
    expect(sniffImageType(bytes([0xff, 0xd8]))).toBeNull()
    expect(sniffImageType(bytes([0xff, 0xd8, 0x00]))).toBeNull()
    expect(sniffImageType(bytes([0xff, 0x00, 0xff]))).toBeNull()
    expect(sniffImageType(bytes([0x00, 0xd8, 0xff]))).toBeNull()
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WEBP'))).toBe('image/webp')
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WEB'))).toBeNull()
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull()
    expect(sniffImageType(bytes('RIFX', [0, 0, 0, 0], 'WEBP'))).toBeNull()
  })
})

describe('isCompleteImage at the edges', () => {
  it('a PNG is complete when its last 12 bytes are IEND, however short', () => {
    expect(isCompleteImage(bytes(PNG_SIG, IEND))).toBe(true)
    expect(isCompleteImage(bytes(PNG_SIG, IEND.slice(0, 11)))).toBe(false)
    expect(isCompleteImage(bytes(PNG_SIG, IEND, [0]))).toBe(false)
    expect(isCompleteImage(bytes(PNG_SIG))).toBe(false)
  })

  it('a JPEG is complete only when it ends with FF D9, zero padding allowed', () => {
    expect(isCompleteImage(bytes(SOI, [0xff, 0xe0], EOI))).toBe(true)
    expect(isCompleteImage(bytes(SOI, [0xff, 0xe0], EOI, [0, 0, 0]))).toBe(true)
    expect(isCompleteImage(bytes(SOI, [0xff, 0xe0, 0xff, 0x00]))).toBe(false)
    expect(isCompleteImage(bytes(SOI, [0xff, 0xe0, 0x00, 0xd9]))).toBe(false)
    expect(isCompleteImage(bytes(SOI, [0xff, 0xe0, 0xd9, 0xd9]))).toBe(false)
    expect(isCompleteImage(bytes(SOI, [0xff, 0, 0, 0]))).toBe(false)
    expect(isCompleteImage(bytes(SOI, [0xff, 0xe0, 0xff, 0xd8]))).toBe(false)
  })

  it('bytes that are no image are never complete, even when a RIFF size would fit', () => {
    expect(isCompleteImage(new Uint8Array(12))).toBe(false)
    expect(isCompleteImage(bytes('RIFX', [4, 0, 0, 0], 'WEBP'))).toBe(false)
  })

  it('a WebP is complete when it holds every byte its RIFF size counts', () => {
    const whole = riff('VP8L', [0x2f, 1, 2, 3, 4])
    expect(isCompleteImage(whole)).toBe(true)
    expect(isCompleteImage(whole.subarray(0, whole.length - 1))).toBe(false)
    expect(isCompleteImage(bytes([...whole], [0]))).toBe(true) // trailing bytes after the RIFF are not a cut
  })
})

describe('imageDimensions: PNG', () => {
  it('reads all four bytes of each side from a header of exactly 24 bytes', () => {
    expect(imageDimensions(pngHeader(0x01020304, 0x0a0b0c0d))).toEqual({
      width: 0x01020304,
      height: 0x0a0b0c0d,
    })
    expect(imageDimensions(pngHeader(0x81020304, 7))).toEqual({ width: 0x81020304, height: 7 })
  })

  it('refuses a header cut short, a first chunk that is not IHDR, and a zero side', () => {
    expect(imageDimensions(pngHeader(300, 0x01020304).subarray(0, 23))).toBeNull()
    expect(imageDimensions(pngHeader(300, 200, 'IDAT'))).toBeNull()
    expect(imageDimensions(pngHeader(0, 200))).toBeNull()
    expect(imageDimensions(pngHeader(300, 0))).toBeNull()
  })
})

describe('imageDimensions: JPEG', () => {
  const W = 0x0203
  const H = 0x0405

  it('reads the first start-of-frame, whichever of the SOF markers it is', () => {
    for (const m of [0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc7, 0xc9, 0xcb, 0xcd, 0xcf])
      expect(imageDimensions(bytes(SOI, sof(m, W, H), EOI)), m.toString(16)).toEqual({
        width: W,
        height: H,
      })
  })

  it('skips the table and other segments whose bytes would look like a frame', () => {
    const decoy = [8, 0, 9, 0, 9, 1, 1, 0x11, 0]
    for (const m of [0xc4, 0xc8, 0xcc, 0xbf, 0xe0, 0xe1, 0xfe, 0xdb])
      expect(
        imageDimensions(bytes(SOI, segment(m, decoy), sof(0xc0, W, H))),
        m.toString(16),
      ).toEqual({
        width: W,
        height: H,
      })
  })

  it('steps over markers without a length (TEM, RST0–7, a stray EOI) and fill bytes', () => {
    for (const m of [0x01, 0xd0, 0xd3, 0xd7, 0xd9])
      expect(imageDimensions(bytes(SOI, [0xff, m], sof(0xc0, W, H))), m.toString(16)).toEqual({
        width: W,
        height: H,
      })
    expect(imageDimensions(bytes(SOI, [0xff, 0xff, 0xff], sof(0xc2, W, H).slice(1)))).toEqual({
      width: W,
      height: H,
    })
  })

  it('takes an empty segment (length 2) and refuses a length under 2', () => {
    expect(imageDimensions(bytes(SOI, [0xff, 0xfe, 0, 2], sof(0xc0, W, H)))).toEqual({
      width: W,
      height: H,
    })
    expect(imageDimensions(bytes(SOI, [0xff, 0xfe, 0, 1, 0xff], sof(0xc0, W, H)))).toBeNull()
    expect(imageDimensions(bytes(SOI, [0xff, 0xfe, 0, 0], sof(0xc0, W, H)))).toBeNull()
  })

  it('refuses bytes that are not a marker where one must be', () => {
    expect(imageDimensions(bytes(SOI, [0x00, 0xc0], sof(0xc0, W, H)))).toBeNull()
    expect(
      imageDimensions(bytes(SOI, segment(0xe0, [1, 2, 3]), [0x12], sof(0xc0, W, H))),
    ).toBeNull()
  })

  it('needs the frame up to its width; a frame cut before it, or a zero side, is refused', () => {
    const whole = bytes(SOI, sof(0xc0, 0x0a0b, 0x0c0d))
    const frameAt = SOI.length + 4 // the SOF's payload starts after FF C0 and the length
    expect(imageDimensions(whole.subarray(0, frameAt + 5))).toEqual({
      width: 0x0a0b,
      height: 0x0c0d,
    })
    expect(imageDimensions(whole.subarray(0, frameAt + 4))).toBeNull()
    expect(imageDimensions(whole.subarray(0, frameAt + 3))).toBeNull()
    expect(imageDimensions(bytes(SOI, sof(0xc0, 0, H)))).toBeNull()
    expect(imageDimensions(bytes(SOI, sof(0xc0, W, 0)))).toBeNull()
    expect(imageDimensions(bytes(SOI))).toBeNull()
  })
})

describe('imageDimensions: WebP', () => {
  it('VP8 (lossy): the start code, then 14-bit width and height', () => {
    const frame = (code: number[]) => [0x10, 0x20, 0x30, ...code, ...le16(0xc123), ...le16(0x4321)]
    expect(imageDimensions(riff('VP8 ', frame([0x9d, 0x01, 0x2a])))).toEqual({
      width: 0xc123 & 0x3fff,
      height: 0x4321 & 0x3fff,
    })
    for (const bad of [
      [0x9c, 0x01, 0x2a],
      [0x9d, 0x02, 0x2a],
      [0x9d, 0x01, 0x2b],
    ])
      expect(imageDimensions(riff('VP8 ', frame(bad)))).toBeNull()
  })

  it('VP8L (lossless): the signature byte, then 14 bits each, plus one', () => {
    const w = 0x1234
    const h = 0x2abc
    const bits = ((w - 1) | ((h - 1) << 14)) >>> 0
    const body = [0x2f, ...le32(bits)]
    expect(imageDimensions(riff('VP8L', body))).toEqual({ width: w, height: h })
    expect(riff('VP8L', body).length).toBe(25)
    expect(imageDimensions(riff('VP8L', body).subarray(0, 24))).toBeNull()
    expect(imageDimensions(riff('VP8L', [0x2e, ...le32(bits)]))).toBeNull()
  })

  it('VP8X (extended): 24-bit sides, plus one, from a header of exactly 30 bytes', () => {
    const body = [0x10, 0, 0, 0, ...le24(0x0a0b0c), ...le24(0x010203)]
    const whole = riff('VP8X', body)
    expect(whole.length).toBe(30)
    expect(imageDimensions(whole)).toEqual({ width: 0x0a0b0c + 1, height: 0x010203 + 1 })
    expect(imageDimensions(whole.subarray(0, 29))).toBeNull()
    expect(imageDimensions(riff('VP8Y', body))).toBeNull()
    const notRiff = riff('VP8X', body)
    notRiff[3] = 0x58 // RIFX
    expect(imageDimensions(notRiff)).toBeNull()
  })
})

describe('decodeBase64: the data-URL prefix', () => {
  it('drops only a data: prefix; a comma anywhere else makes the text invalid', () => {
    expect(decodeBase64('QUJD,REVG')).toBeNull()
    expect(Buffer.from(decodeBase64('data:image/png;base64,QUJD')!).toString()).toBe('ABC')
  })
})

import * as client from '@shared/catalog/imageBytes'
import {
  base64ByteLength,
  fromBase64,
  imageFormat,
  isWholeImage,
  pixelSize,
} from '@simulator/imageFile'
import { rawImage as raw } from '@test/support/mediaFixtures'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

/**
 * The simulator reads uploads with its own code (issue #32): here it is checked against sharp's
 * own reading of real encoder output, and against the client's reader, so that a fault in either
 * shows up as a disagreement rather than being shared.
 */
const samples: Array<[string, () => Promise<Buffer>]> = [
  ['png', () => raw(37, 23).png().toBuffer()],
  ['baseline jpeg', () => raw(640, 480).jpeg().toBuffer()],
  ['progressive jpeg', () => raw(333, 111).jpeg({ progressive: true }).toBuffer()],
  [
    'jpeg after an EXIF block',
    () =>
      raw(200, 150)
        .withMetadata({ exif: { IFD0: { Copyright: 'y'.repeat(3000) } } })
        .jpeg()
        .toBuffer(),
  ],
  ['lossy webp (VP8)', () => raw(301, 77).webp({ quality: 50 }).toBuffer()],
  ['lossless webp (VP8L)', () => raw(129, 65).webp({ lossless: true }).toBuffer()],
  ['webp with alpha (VP8X)', () => raw(250, 99, 4).webp({ quality: 50 }).toBuffer()],
]

describe('the simulator’s image reader', () => {
  it.each(samples)('%s: format, size and completeness as sharp reads them', async (_n, make) => {
    const bytes = await make()
    const meta = await sharp(bytes).metadata()
    expect(imageFormat(bytes)).toBe(`image/${meta.format}`)
    expect(pixelSize(bytes)).toEqual({ width: meta.width, height: meta.height })
    expect(isWholeImage(bytes)).toBe(true)
    // A plain Uint8Array (not a Buffer) is read the same.
    expect(pixelSize(new Uint8Array(bytes))).toEqual({ width: meta.width, height: meta.height })
  })

  it.each(samples)('%s: a cut-off copy is not whole', async (_n, make) => {
    const bytes = await make()
    for (const keep of [bytes.length - 1, Math.floor(bytes.length / 2), 30]) {
      expect(isWholeImage(bytes.subarray(0, keep)), `${keep} bytes`).toBe(false)
    }
  })

  it('refuses what is not PNG, JPEG or WebP, and headers cut short', () => {
    for (const text of ['GIF89a......', '<html>', '', 'RIFF0000WAVE']) {
      const b = Buffer.from(text, 'latin1')
      expect(imageFormat(b), text).toBeNull()
      expect(pixelSize(b), text).toBeNull()
      expect(isWholeImage(b), text).toBe(false)
    }
    expect(pixelSize(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))).toBeNull()
    expect(pixelSize(Buffer.from('ffd8ffe0', 'hex'))).toBeNull()
  })

  it('reads Base64, URL-safe Base64 and data URLs, and refuses what Node would silently skip', () => {
    const bytes = Buffer.from([0xfb, 0xff, 0xbf, 0x00, 0x41])
    expect(fromBase64(bytes.toString('base64'))).toEqual(bytes)
    expect(fromBase64(bytes.toString('base64url'))).toEqual(bytes)
    expect(fromBase64(`data:image/png;base64,${bytes.toString('base64')}`)).toEqual(bytes)
    expect(base64ByteLength(bytes.toString('base64'))).toBe(5)
    expect(base64ByteLength(`data:image/png;base64,${bytes.toString('base64')}`)).toBe(5)
    for (const bad of ['not base64!', 'QUJD RA==', 'QUJDR', '+/_-', 'QQ==QQ==']) {
      expect(fromBase64(bad), bad).toBeNull()
    }
  })

  it('agrees with the client’s reader on every sample, whole and cut', async () => {
    for (const [name, make] of samples) {
      const whole = await make()
      for (const b of [whole, whole.subarray(0, whole.length - 3), whole.subarray(0, 20)]) {
        const u = new Uint8Array(b)
        expect(imageFormat(u), name).toBe(client.sniffImageType(u))
        expect(isWholeImage(u), name).toBe(client.isCompleteImage(u))
        expect(pixelSize(u), name).toEqual(client.imageDimensions(u))
      }
      const text = whole.toString('base64')
      expect(fromBase64(text), name).toEqual(Buffer.from(client.decodeBase64(text)!))
      expect(base64ByteLength(text), name).toBe(client.base64DecodedLength(text))
    }
  })
})

import { crc32 as zlibCrc32, deflateSync } from 'node:zlib'

import {
  crc32,
  MAX_TEXT_CHUNK_BYTES,
  pngSize,
  readPngChunks,
  readPngText,
  textChunk,
  TRUNCATED_NOTE,
  writePngText,
} from '@shared/library/pngChunks'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

const tinyPng = () =>
  sharp({ create: { width: 7, height: 5, channels: 3, background: '#08f' } })
    .png()
    .toBuffer()

/** A chunk built independently of our writer (node's zlib CRC), to test the reader. */
function rawChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlibCrc32(body))
  return Buffer.concat([len, body, crc])
}

function insertAfterIhdr(png: Buffer, chunks: Buffer[]): Buffer {
  const ihdrEnd = 8 + 12 + png.readUInt32BE(8)
  return Buffer.concat([png.subarray(0, ihdrEnd), ...chunks, png.subarray(ihdrEnd)])
}

describe('PNG chunks', () => {
  it('computes the same CRC-32 as zlib', () => {
    const data = Buffer.from('The quick brown fox jumps over the lazy dog')
    expect(crc32(data)).toBe(zlibCrc32(data))
  })

  it('reads tEXt (UTF-8 or Latin-1), zTXt and compressed iTXt written by another encoder', async () => {
    const png = await tinyPng()
    const file = insertAfterIhdr(png, [
      rawChunk(
        'tEXt',
        Buffer.concat([Buffer.from('Description\0'), Buffer.from('ein Mädchen, 猫', 'utf8')]),
      ),
      rawChunk('tEXt', Buffer.concat([Buffer.from('Latin\0'), Buffer.from('café', 'latin1')])),
      rawChunk(
        'zTXt',
        Buffer.concat([Buffer.from('parameters\0\0'), deflateSync(Buffer.from('Steps: 20'))]),
      ),
      rawChunk(
        'iTXt',
        Buffer.concat([
          Buffer.from('Comment\0\x01\0en\0\0'),
          deflateSync(Buffer.from('{"seed":1}')),
        ]),
      ),
    ])
    expect(await readPngText(file)).toEqual({
      Description: 'ein Mädchen, 猫',
      Latin: 'café',
      parameters: 'Steps: 20',
      Comment: '{"seed":1}',
    })
  })

  it('a compressed chunk that inflates a thousandfold is cut at the budget, quickly, with a note (issue #13)', async () => {
    const png = await tinyPng()
    // 200 MiB of text in about 200 KB: the crafted A1111 chunk of the issue, made bigger.
    const huge = deflateSync(Buffer.alloc(200 * 1024 * 1024, 'a'), { level: 9 })
    const file = insertAfterIhdr(png, [
      rawChunk('zTXt', Buffer.concat([Buffer.from('parameters\0\0'), huge])),
      rawChunk('iTXt', Buffer.concat([Buffer.from('Comment\0\x01\0en\0\0'), huge])),
      rawChunk('tEXt', Buffer.concat([Buffer.from('Description\0'), Buffer.alloc(400_000, 'b')])),
    ])
    const started = performance.now()
    const text = await readPngText(file)
    const ms = performance.now() - started
    for (const [key, letter] of [
      ['parameters', 'a'],
      ['Comment', 'a'],
      ['Description', 'b'],
    ] as const) {
      expect(text[key]!.endsWith(TRUNCATED_NOTE)).toBe(true)
      expect(text[key]!.slice(0, MAX_TEXT_CHUNK_BYTES)).toBe(letter.repeat(MAX_TEXT_CHUNK_BYTES))
      expect(text[key]!.length).toBe(MAX_TEXT_CHUNK_BYTES + TRUNCATED_NOTE.length)
    }
    // Inflating all 400 MiB took seconds and gigabytes; the budget stops after 256 KiB each.
    expect(ms).toBeLessThan(1_000)
  })

  it('a cut in the middle of a UTF-8 character drops the partial character', async () => {
    const png = await tinyPng()
    const text = Buffer.concat([
      Buffer.from('x'),
      Buffer.from('猫'.repeat(MAX_TEXT_CHUNK_BYTES / 3 + 10)),
    ])
    const file = insertAfterIhdr(png, [
      rawChunk('iTXt', Buffer.concat([Buffer.from('Comment\0\x01\0en\0\0'), deflateSync(text)])),
    ])
    const read = (await readPngText(file)).Comment!
    expect(read.endsWith(TRUNCATED_NOTE)).toBe(true)
    expect(read).not.toContain('\uFFFD')
  })

  it('writes text chunks that sharp (libpng) still decodes, replacing same-named ones', async () => {
    const png = await tinyPng()
    const once = writePngText(png, { Description: 'first', Software: 'Gen Studio' })
    const twice = writePngText(once, { Description: 'a cat — 猫 🐈' })
    const text = await readPngText(twice)
    expect(text).toEqual({ Description: 'a cat — 猫 🐈', Software: 'Gen Studio' })
    expect(readPngChunks(twice).filter((c) => c.type === 'iTXt')).toHaveLength(1)
    expect(readPngChunks(twice).every((c) => c.crcOk)).toBe(true)
    const meta = await sharp(Buffer.from(twice)).metadata()
    expect([meta.width, meta.height]).toEqual([7, 5])
    const pixels = await sharp(Buffer.from(twice)).raw().toBuffer()
    expect(pixels.equals(await sharp(png).raw().toBuffer())).toBe(true)
    expect(pngSize(twice)).toEqual({ width: 7, height: 5 })
  })

  it('uses tEXt for Latin-1 text so NovelAI-style readers find it', () => {
    const chunk = textChunk('Title', 'AI generated image')
    expect(Buffer.from(chunk.subarray(4, 8)).toString('latin1')).toBe('tEXt')
    expect(() => textChunk('bad\0key', 'x')).toThrow(/keyword/)
  })

  it('recognises a truncated download and a non-PNG', async () => {
    const png = await tinyPng()
    expect(() => readPngChunks(png.subarray(0, png.length - 20))).toThrow(/truncated/)
    expect(() => readPngChunks(Buffer.from('<html>error</html>'))).toThrow(/Not a PNG/)
  })

  it('flags a damaged chunk by its CRC', async () => {
    const png = Buffer.from(await tinyPng())
    png[16] = png[16]! ^ 0xff // first byte of IHDR data
    expect(readPngChunks(png)[0]!.crcOk).toBe(false)
  })
})

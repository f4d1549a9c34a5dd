import { gifWithoutMetadata } from '@shared/library/meta/gif'
import { concatBytes } from '@shared/library/pngChunks'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0))

/** Data sub-blocks (≤ 255 bytes each) and their 0 terminator, as GIF89a writes any payload. */
function subBlocks(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = []
  for (let i = 0; i < data.length; i += 255) {
    const part = data.subarray(i, i + 255)
    parts.push(Uint8Array.of(part.length), part)
  }
  parts.push(Uint8Array.of(0))
  return concatBytes(parts)
}

const comment = (text: string) => concatBytes([Uint8Array.of(0x21, 0xfe), subBlocks(latin1(text))])
const application = (id: string, payload: string) =>
  concatBytes([Uint8Array.of(0x21, 0xff, 11), latin1(id), subBlocks(latin1(payload))])

/** A two-frame looping GIF (red, then blue) written by libvips through sharp. */
async function twoFrames(): Promise<Uint8Array> {
  const frame = (background: string) =>
    sharp({ create: { width: 8, height: 6, channels: 3, background } })
      .png()
      .toBuffer()
  const frames = [await frame('#ff0000'), await frame('#0000ff')]
  return new Uint8Array(
    await sharp(frames, { join: { animated: true } })
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer(),
  )
}

/** Where the first block starts: after the header, the screen descriptor and the global colours. */
const firstBlock = (gif: Uint8Array) => 13 + (gif[10]! & 0x80 ? 3 * 2 ** ((gif[10]! & 7) + 1) : 0)

/** The GIF with blocks put in before its first block (where writers put comments and XMP). */
const withBlocks = (gif: Uint8Array, ...blocks: Uint8Array[]) =>
  concatBytes([gif.subarray(0, firstBlock(gif)), ...blocks, gif.subarray(firstBlock(gif))])

const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes)

async function decoded(gif: Uint8Array) {
  const img = sharp(gif, { animated: true })
  const meta = await img.metadata()
  return { pages: meta.pages, loop: meta.loop, delay: meta.delay, raw: await img.raw().toBuffer() }
}

describe('GIF without metadata (issue #27: "Export without metadata" strips everything)', () => {
  it('drops comments, XMP and Photoshop blocks; frames, timing, loop and colour profile stay', async () => {
    const plain = await twoFrames()
    const tagged = withBlocks(
      plain,
      comment('castle on a hill, Steps: 30, Seed: 42'),
      application('XMP DataXMP', '<x:xmpmeta>dc:description castle on a hill</x:xmpmeta>'),
      application('MGK8BIM0000', 'caption castle on a hill'),
      application('ICCRGBG1012', 'icc-profile-bytes'),
    )
    expect(text(tagged)).toContain('castle on a hill')

    const bare = gifWithoutMetadata(tagged)
    expect(text(bare)).not.toContain('castle on a hill')
    expect(text(bare)).not.toContain('XMP DataXMP')
    expect(text(bare)).toContain('icc-profile-bytes')
    expect(text(bare)).toContain('NETSCAPE2.0')
    // Exactly the file libvips wrote, plus the colour profile: nothing of the picture went.
    expect(bare).toEqual(withBlocks(plain, application('ICCRGBG1012', 'icc-profile-bytes')))
    const [before, after] = [await decoded(plain), await decoded(bare)]
    expect(after).toEqual(before)
    expect(after.pages).toBe(2)
  })

  it('a comment between frames and a long payload over many sub-blocks go too', async () => {
    const plain = await twoFrames()
    const long = 'x'.repeat(1000) + 'secret prompt'
    const at = plain.length - 1 // before the trailer
    const tagged = concatBytes([plain.subarray(0, at), comment(long), plain.subarray(at)])
    expect(gifWithoutMetadata(tagged)).toEqual(plain)
  })

  it('bytes after the trailer are not carried along', async () => {
    const plain = await twoFrames()
    expect(gifWithoutMetadata(concatBytes([plain, latin1('appended prompt')]))).toEqual(plain)
  })

  it('refuses what it cannot walk whole, rather than keep what was asked to go', async () => {
    const plain = await twoFrames()
    expect(() => gifWithoutMetadata(plain.subarray(0, plain.length - 1))).toThrow(/truncated/)
    expect(() => gifWithoutMetadata(plain.subarray(0, firstBlock(plain) + 5))).toThrow(/truncated/)
    const damaged = plain.slice()
    damaged[firstBlock(plain)] = 0x42
    expect(() => gifWithoutMetadata(damaged)).toThrow(/damaged/)
    expect(() => gifWithoutMetadata(latin1('GIF89a'))).toThrow(/Not a GIF/)
    expect(() => gifWithoutMetadata(latin1('PNG\r\n\x1a\n........'))).toThrow(/Not a GIF/)
    // 100,001 empty comments: bounded, refused quickly.
    const many = withBlocks(plain, ...Array.from({ length: 100_001 }, () => comment('')))
    const started = performance.now()
    expect(() => gifWithoutMetadata(many)).toThrow(/too many blocks/)
    expect(performance.now() - started).toBeLessThan(1000)
  })
})

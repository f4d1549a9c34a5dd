/**
 * Round trips checked by tools no one here wrote (issue #27): exiftool reads our XMP source type
 * and description from PNG, JPEG, WebP and MP4; Pillow reads `parameters` and its fields match
 * the request; ffprobe reads the MP4's tags and ffmpeg still decodes every frame after moov grew.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { mp4MetaFor } from '@shared/library/meta/embed'
import { settingsFromImageBytes, settingsFromTexts } from '@shared/library/meta/readAny'
import { TRAINED_ALGORITHMIC_MEDIA } from '@shared/library/meta/xmp'
import type { EmbeddedSettings } from '@shared/library/settings'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'

import {
  embedInImage,
  stripImage,
} from '../../../../../src/main/services/library/files/embedMetadata'
import {
  readMp4Texts,
  writeMp4WithMetadata,
} from '../../../../../src/main/services/library/files/mp4File'
import { hasMetadataTool, runMetadataTool } from '../../../../support/metadataTools'

const exiftool = hasMetadataTool('exiftool')
const pillow = hasMetadataTool('pillow')
const ffprobe = hasMetadataTool('ffprobe') && hasMetadataTool('ffmpeg')

const dir = mkdtempSync(join(tmpdir(), 'gs-meta-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const PROMPT = 'a lighthouse at dusk, "oil painting", été, 灯台'
const SETTINGS: EmbeddedSettings = {
  format: 'gen-studio',
  version: 1,
  kind: 'art',
  model: 'art-v4.5',
  prompt: PROMPT,
  negativePrompt: 'blurry, lowres',
  params: {
    model: 'art-diffusion-4-5-full',
    parameters: { width: 832, height: 1216, steps: 28, scale: 5.5, sampler: 'k_euler_ancestral' },
  },
  seed: 1234567,
  sourceTaskId: 'task-1',
  created: '2026-11-26T09:00:00.000Z',
}

const exif = (file: string) =>
  JSON.parse(
    runMetadataTool('exiftool', [
      '-j',
      '-XMP-iptcExt:DigitalSourceType',
      '-XMP-dc:Description',
      '-XMP:all',
      file,
    ]),
  )[0] as Record<string, unknown>

async function imageFile(format: 'png' | 'jpeg' | 'webp', includePrompts = true) {
  const base = sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
  const bytes = await (
    format === 'png' ? base.png() : format === 'jpeg' ? base.jpeg() : base.webp()
  ).toBuffer()
  const ext = format === 'jpeg' ? 'jpg' : format
  const out = embedInImage(ext, new Uint8Array(bytes), SETTINGS, includePrompts)
  const file = join(dir, `${format}-${includePrompts}.${ext}`)
  writeFileSync(file, out)
  return { file, out }
}

describe.each(['png', 'jpeg', 'webp'] as const)('%s written with our metadata', (format) => {
  it.skipIf(!exiftool)(
    'exiftool reads the IPTC source type and the prompt as description',
    async () => {
      const { file } = await imageFile(format)
      const tags = exif(file)
      expect(tags.DigitalSourceType).toBe(TRAINED_ALGORITHMIC_MEDIA)
      expect(tags.Description).toBe(PROMPT)
    },
  )

  it.skipIf(!exiftool)(
    'without prompts: the label stays, no prompt anywhere in the file',
    async () => {
      const { file, out } = await imageFile(format, false)
      const tags = exif(file)
      expect(tags.DigitalSourceType).toBe(TRAINED_ALGORITHMIC_MEDIA)
      expect(tags.Description).toBeUndefined()
      expect(Buffer.from(out).includes('lighthouse')).toBe(false)
      expect(Buffer.from(out).includes(Buffer.from('lighthouse', 'utf16le'))).toBe(false)
    },
  )

  it.skipIf(!exiftool)('"without metadata" leaves nothing exiftool calls XMP or EXIF', async () => {
    const { out } = await imageFile(format)
    const bare = join(dir, `bare-${format}`)
    writeFileSync(bare, stripImage(format === 'jpeg' ? 'jpg' : format, out))
    const tags = JSON.parse(
      runMetadataTool('exiftool', ['-j', '-G', '-XMP:all', '-EXIF:all', '-PNG:all', bare]),
    )[0]
    const groups = Object.keys(tags).filter((k) => /^(XMP|EXIF)/.test(k))
    expect(groups).toEqual([])
    expect(Object.keys(tags).filter((k) => /Parameters|Comment|Description/.test(k))).toEqual([])
    // still an image sharp decodes, same size
    expect(await sharp(readFileSync(bare)).metadata()).toMatchObject({ width: 40, height: 30 })
  })

  it('reads back into the same settings, and still decodes', async () => {
    const { out } = await imageFile(format)
    const read = await settingsFromImageBytes(out)
    expect(read).toMatchObject({
      settings: { source: 'gen-studio', prompt: PROMPT, seed: 1234567, steps: 28, width: 832 },
    })
    expect(await sharp(Buffer.from(out)).metadata()).toMatchObject({ width: 40, height: 30 })
  })
})

/** Pillow parses A1111's pairs line its own way (split at ", " and ": "), as A1111 readers do. */
const PILLOW_PARAMS = `
import sys, json
from PIL import Image
im = Image.open(sys.argv[1])
text = im.info.get('parameters')
if text is None:
    exif = im.getexif().get_ifd(0x8769).get(0x9286)
    text = exif[8:].decode('utf-16-be') if exif else None
lines = text.split('\\n')
pairs = dict(p.split(': ', 1) for p in lines[-1].split(', '))
neg = [l[len('Negative prompt: '):] for l in lines if l.startswith('Negative prompt: ')]
print(json.dumps({'prompt': lines[0], 'negative': neg[0] if neg else None, 'pairs': pairs}))
`

describe.each(['png', 'jpeg'] as const)('Pillow reads the A1111 parameters of a %s', (format) => {
  it.skipIf(!pillow)('and its fields match the request', async () => {
    const { file } = await imageFile(format)
    const got = JSON.parse(runMetadataTool('pillow', ['-c', PILLOW_PARAMS, file]))
    expect(got).toEqual({
      prompt: PROMPT,
      negative: 'blurry, lowres',
      pairs: {
        Steps: '28',
        Sampler: 'k_euler_ancestral',
        'CFG scale': '5.5',
        Seed: '1234567',
        Size: '832x1216',
        Model: 'art-v4.5',
      },
    })
  })
})

/** The container-level tags ffprobe reads (comment, description, encoder...). */
const formatTags = (file: string) =>
  JSON.parse(
    runMetadataTool('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format_tags',
      '-of',
      'json',
      file,
    ]),
  ) as { format: { tags?: Record<string, string> } }

describe('MP4 with our metadata (moov rewritten, media data copied)', () => {
  const encode = (name: string, faststart: boolean) => {
    const file = join(dir, name)
    execFileSync(
      'ffmpeg',
      [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=1:size=64x48:rate=10',
        '-c:v',
        'mpeg4',
        ...(faststart ? ['-movflags', '+faststart'] : []),
        '-y',
        file,
      ],
      { timeout: 60_000 },
    )
    return file
  }

  it.skipIf(!ffprobe || !exiftool).each([
    ['moov before mdat (offsets shift)', true],
    ['moov after mdat', false],
  ])(
    '%s: ffprobe reads the tags, exiftool the XMP, ffmpeg decodes every frame',
    async (_, fast) => {
      const src = encode(`src-${fast}.mp4`, fast)
      const dest = join(dir, `meta-${fast}.mp4`)
      await writeMp4WithMetadata(src, dest, mp4MetaFor(SETTINGS, true))
      const probe = formatTags(dest)
      expect(probe.format.tags?.description).toBe(PROMPT)
      expect(probe.format.tags?.comment).toContain('Steps: 28, Sampler: k_euler_ancestral')
      expect(probe.format.tags?.encoder).toMatch(/^Lavf/) // the encoder's own tag is kept
      const tags = exif(dest)
      expect(tags.DigitalSourceType).toBe(TRAINED_ALGORITHMIC_MEDIA)
      expect(tags.Description).toBe(PROMPT)
      const frames = runMetadataTool('ffprobe', [
        '-v',
        'error',
        '-count_frames',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=nb_read_frames',
        '-of',
        'csv=p=0',
        dest,
      ])
      expect(frames.trim()).toBe('10')
      const decodeErrors = execFileSync('ffmpeg', ['-v', 'error', '-i', dest, '-f', 'null', '-'], {
        encoding: 'utf8',
        timeout: 60_000,
      })
      expect(decodeErrors).toBe('')
      expect(settingsFromTexts(await readMp4Texts(dest))).toMatchObject({
        settings: { source: 'gen-studio', prompt: PROMPT, seed: 1234567 },
      })
    },
  )

  it.skipIf(!ffprobe)('without metadata: no tags left, frames intact', async () => {
    const src = encode('strip-src.mp4', true)
    const tagged = join(dir, 'strip-tagged.mp4')
    await writeMp4WithMetadata(src, tagged, mp4MetaFor(SETTINGS, true))
    const bare = join(dir, 'strip-bare.mp4')
    await writeMp4WithMetadata(tagged, bare, null)
    const probe = formatTags(bare)
    expect(probe.format.tags?.comment).toBeUndefined()
    expect(probe.format.tags?.description).toBeUndefined()
    expect(readFileSync(bare).includes('lighthouse')).toBe(false)
    expect(await readMp4Texts(bare)).toEqual({})
  })
})

/**
 * Metadata on save and on export, through the library service (issue #27): what lands in saved
 * JPEG, PNG and MP4 files with the library's "embed prompts" setting on and off, and what each
 * export (ZIP, copies, contact sheet image and PDF, animated WebP and GIF) writes.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, promises as fs, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { DEFAULT_ZIP_LIMITS, forEachZipEntry } from '@main/adapters/zip/safeZip'
import { readMp4Texts } from '@main/services/library/files/mp4File'
import { PDF_CAPTION_CHARS } from '@main/services/library/files/pdfSheet'
import { readJpegMeta } from '@shared/library/meta/jpeg'
import { settingsFromImageBytes } from '@shared/library/meta/readAny'
import { readWebpMeta } from '@shared/library/meta/webp'
import { TRAINED_ALGORITHMIC_MEDIA } from '@shared/library/meta/xmp'
import { readPngText, writePngText } from '@shared/library/pngChunks'
import type { LibraryItem } from '@shared/library/types'
import { makeMp4 } from '@test/support/mediaFixtures'
import { hasMetadataTool, runMetadataTool } from '@test/support/metadataTools'
import { createTestApp } from '@test/support/testContainer'
import { zipTexts } from '@test/support/zipTexts'
import sharp from 'sharp'
import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({}))

const ffmpeg = hasMetadataTool('ffprobe') && hasMetadataTool('ffmpeg')
const exiftool = hasMetadataTool('exiftool')
const poppler = hasMetadataTool('pdftotext') && hasMetadataTool('pdffonts')

const apps: ReturnType<typeof createTestApp>[] = []
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close()
})

function newApp() {
  const app = createTestApp({})
  apps.push(app)
  return { app, lib: app.container.library, libraryDir: join(app.dir, 'Library') }
}

const PROMPT = 'a paper boat on a puddle'
const ART_PARAMS = {
  parameters: { width: 64, height: 48, steps: 23, scale: 6, sampler: 'k_euler' },
}

async function saveImage(
  lib: ReturnType<typeof newApp>['lib'],
  format: 'png' | 'jpeg' | 'webp',
  extra: { seed?: number; batchIndex?: number } = {},
): Promise<LibraryItem> {
  const base = sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
  const bytes = await (
    format === 'png' ? base.png() : format === 'jpeg' ? base.jpeg() : base.webp()
  ).toBuffer()
  return lib.save({
    kind: 'art',
    model: 'art-v4.5',
    prompt: PROMPT,
    negativePrompt: 'rain',
    params: ART_PARAMS,
    seed: extra.seed ?? 99,
    file: { bytes: new Uint8Array(bytes), ext: format === 'jpeg' ? 'jpg' : format },
    ...(extra.batchIndex !== undefined
      ? {
          batch: { batchId: 'b1', index: extra.batchIndex, x: null, y: null, repeat: 1, picks: [] },
        }
      : {}),
  })
}

const COLOURS = [
  [255, 0, 0],
  [0, 255, 0],
  [0, 0, 255],
]

/** Three batch frames (red, green, blue by batch index), saved out of order: 2, 0, 1. */
async function saveFrames(lib: ReturnType<typeof newApp>['lib']): Promise<string[]> {
  const ids: string[] = []
  for (const index of [2, 0, 1]) {
    const [r, g, b] = COLOURS[index]!
    const bytes = await sharp({
      create: { width: 32, height: 32, channels: 3, background: { r: r!, g: g!, b: b! } },
    })
      .png()
      .toBuffer()
    const item = await lib.save({
      kind: 'image',
      model: 'std-image-2',
      prompt: `frame ${index}`,
      params: {},
      file: { bytes: new Uint8Array(bytes), ext: 'png' },
      batch: { batchId: 'b', index, x: null, y: null, repeat: 1, picks: [] },
    })
    ids.push(item.id)
  }
  return ids
}

/** Whether a pixel is within 40 of a colour in every channel (lossy codecs). */
const near = (px: ArrayLike<number>, want: number[]) =>
  want.every((v, k) => Math.abs(px[k]! - v) < 40)

const fileOf = (dir: string, item: LibraryItem) => readFileSync(join(dir, item.relPath))

describe('saving embeds our metadata in every format', () => {
  it('a JPEG gets XMP (label, prompt) and the A1111 text in EXIF; the sidecar hash is of that file', async () => {
    const { lib, libraryDir } = newApp()
    const item = await saveImage(lib, 'jpeg')
    const bytes = fileOf(libraryDir, item)
    const meta = readJpegMeta(bytes)
    expect(meta.xmp).toContain(TRAINED_ALGORITHMIC_MEDIA)
    expect(meta.xmp).toContain(PROMPT)
    expect(meta.userComment).toMatch(
      /^a paper boat on a puddle\nNegative prompt: rain\nSteps: 23, Sampler: k_euler, CFG scale: 6, Seed: 99, Size: 64x48, Model: art-v4.5$/,
    )
    const { createHash } = await import('node:crypto')
    expect(item.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
  })

  it('with "embed prompts" off the label and settings stay, the prompt is nowhere in the file', async () => {
    const { lib, libraryDir } = newApp()
    expect(await lib.metadataPrefs()).toEqual({ embedPrompts: true })
    await lib.setMetadataPrefs({ embedPrompts: false })
    expect(await lib.metadataPrefs()).toEqual({ embedPrompts: false })
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const item = await saveImage(lib, format)
      const bytes = fileOf(libraryDir, item)
      expect(bytes.includes('paper boat'), format).toBe(false)
      expect(bytes.includes(Buffer.from('paper boat', 'utf16le')), format).toBe(false)
      expect(bytes.includes(TRAINED_ALGORITHMIC_MEDIA), format).toBe(true)
      const read = await settingsFromImageBytes(bytes)
      expect(read, format).toMatchObject({ settings: { steps: 23, seed: 99 } })
      // the library itself keeps the prompt in the sidecar
      expect(item.prompt).toBe(PROMPT)
    }
    // A result whose file already repeats the prompt (the service's NovelAI-style chunks)
    const withText = writePngText(
      new Uint8Array(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      ),
      { Description: PROMPT, Comment: JSON.stringify({ prompt: PROMPT }), Title: PROMPT },
    )
    const served = await lib.save({
      kind: 'art',
      model: 'art-v4.5',
      prompt: PROMPT,
      params: ART_PARAMS,
      seed: 99,
      file: { bytes: withText, ext: 'png' },
    })
    expect(fileOf(libraryDir, served).includes('paper boat')).toBe(false)
    const png = await readPngText(fileOf(libraryDir, await saveImage(lib, 'png')))
    expect(png.parameters).toBe(
      'Steps: 23, Sampler: k_euler, CFG scale: 6, Seed: 99, Size: 64x48, Model: art-v4.5',
    )
  })

  it('a video download gets its moov tags; the temp file is consumed', async () => {
    const { app, lib, libraryDir } = newApp()
    const temp = join(app.dir, 'dl.mp4.part')
    await fs.writeFile(temp, makeMp4(3, 320, 240))
    const item = await lib.save({
      kind: 'video',
      model: 'motion-2.5',
      prompt: 'waves at night',
      params: { duration: 3 },
      file: { tempPath: temp, ext: 'mp4' },
    })
    expect(existsSync(temp)).toBe(false)
    expect(item).toMatchObject({ durationSec: 3, width: 320, height: 240 })
    const texts = await readMp4Texts(join(libraryDir, item.relPath))
    expect(texts['XML:com.adobe.xmp']).toContain(TRAINED_ALGORITHMIC_MEDIA)
    expect(texts.comment).toBe('waves at night\nModel: motion-2.5')
  })
})

describe('exports carry the chosen metadata', () => {
  it('ZIP without metadata: no sidecars, no prompt in any file; with all: sidecars as before', async () => {
    const { app, lib } = newApp()
    const items = [
      await saveImage(lib, 'png'),
      await saveImage(lib, 'jpeg'),
      await saveImage(lib, 'webp'),
    ]
    const ids = items.map((i) => i.id)
    const bare = join(app.dir, 'bare.zip')
    expect(await lib.exportAs(ids, bare, 'zip', 'none')).toMatchObject({ count: 3 })
    const texts = await zipTexts(bare)
    expect(Object.keys(texts).filter((n) => n.endsWith('.json'))).toEqual([])
    for (const [name, body] of Object.entries(texts)) {
      expect(body.includes('paper boat'), name).toBe(false)
      expect(body.includes('trainedAlgorithmicMedia'), name).toBe(false)
    }
    const full = join(app.dir, 'full.zip')
    await lib.exportAs(ids, full, 'zip', 'all')
    expect(Object.keys(await zipTexts(full)).filter((n) => n.endsWith('.json'))).toHaveLength(3)
  })

  it.skipIf(!exiftool)(
    'without metadata, an imported GIF loses its comment (exiftool reads it before, not after)',
    async () => {
      const { app, lib } = newApp()
      const gif = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#c92' } })
        .gif()
        .toBuffer()
      const firstBlock = 13 + (gif[10]! & 0x80 ? 3 * 2 ** ((gif[10]! & 7) + 1) : 0)
      const block = (head: number[], body: string) =>
        Buffer.concat([
          Buffer.from(head),
          Buffer.from([body.length]),
          Buffer.from(body),
          Buffer.from([0]),
        ])
      const tagged = Buffer.concat([
        gif.subarray(0, firstBlock),
        block([0x21, 0xfe], 'a secret lighthouse'),
        gif.subarray(firstBlock),
      ])
      const src = join(app.dir, 'tagged.gif')
      await fs.writeFile(src, tagged)
      expect(JSON.parse(runMetadataTool('exiftool', ['-j', '-Comment', src]))[0].Comment).toBe(
        'a secret lighthouse',
      )
      const [imported] = (await lib.import([src])).imported
      const out = join(app.dir, 'bare.zip')
      expect(await lib.exportAs([imported!.id], out, 'zip', 'none')).toMatchObject({ count: 1 })
      const entries: Array<[string, Buffer]> = []
      await forEachZipEntry(out, DEFAULT_ZIP_LIMITS, async (entry) => {
        const chunks: Buffer[] = []
        for await (const chunk of await entry.open()) chunks.push(Buffer.from(chunk))
        entries.push([entry.name, Buffer.concat(chunks)])
      })
      expect(entries.map(([n]) => n.endsWith('.gif'))).toEqual([true])
      const dest = join(app.dir, 'bare.gif')
      await fs.writeFile(dest, entries[0]![1])
      expect(entries[0]![1].includes('lighthouse')).toBe(false)
      expect(JSON.parse(runMetadataTool('exiftool', ['-j', '-Comment', dest]))[0].Comment).toBe(
        undefined,
      )
      // The picture itself came through: same pixels as the tagged original.
      expect(await sharp(dest).raw().toBuffer()).toEqual(await sharp(src).raw().toBuffer())
    },
  )

  it('JPEG copies: converted, never overwriting, metadata as chosen', async () => {
    const { app, lib } = newApp()
    const items = [await saveImage(lib, 'png'), await saveImage(lib, 'webp')]
    const out = join(app.dir, 'copies')
    await fs.mkdir(out)
    const ids = items.map((i) => i.id)
    expect(await lib.exportAs(ids, out, 'jpeg', 'all')).toMatchObject({ count: 2, skipped: 0 })
    expect(await lib.exportAs(ids, out, 'jpeg', 'no-prompts')).toMatchObject({ count: 2 })
    const names = (await fs.readdir(out)).sort()
    expect(names).toHaveLength(4)
    expect(names.filter((n) => n.includes(' (2).jpg'))).toHaveLength(2)
    for (const n of names) {
      const bytes = readFileSync(join(out, n))
      expect((await sharp(bytes).metadata()).format).toBe('jpeg')
      const meta = readJpegMeta(bytes)
      expect(meta.xmp).toContain(TRAINED_ALGORITHMIC_MEDIA)
      expect(bytes.includes('paper boat'), n).toBe(!n.includes(' (2)'))
    }
  })

  it('a contact sheet PDF: every object where the xref says, one tile per item, prompts under them', async () => {
    const { app, lib } = newApp()
    const ids: string[] = []
    for (let i = 0; i < 11; i++) ids.push((await saveImage(lib, 'png', { seed: i })).id)
    const dest = join(app.dir, 'sheet.pdf')
    expect(await lib.exportAs(ids, dest, 'sheet-pdf', 'all')).toMatchObject({ count: 11 })
    const pdf = readFileSync(dest).toString('latin1')
    expect(pdf.startsWith('%PDF-1.4')).toBe(true)
    expect(pdf).toMatch(/\/Type \/Pages \/Count 2 /)
    expect(pdf.match(/\/Subtype \/Image/g)).toHaveLength(11)
    expect(pdf).toContain('(a paper boat on a puddle) Tj')
    expect(pdf).toContain('Seed: 10')
    const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)![1])
    const rows = pdf
      .slice(xrefAt)
      .split('\n')
      .slice(3)
      .filter((l) => / n $/.test(l))
    rows.forEach((row, k) =>
      expect(pdf.slice(Number(row.slice(0, 10))), `object ${k + 1}`).toMatch(
        new RegExp(`^${k + 1} 0 obj`),
      ),
    )
    const noPrompts = join(app.dir, 'sheet2.pdf')
    await lib.exportAs(ids, noPrompts, 'sheet-pdf', 'no-prompts')
    expect(readFileSync(noPrompts).toString('latin1')).not.toContain('paper boat')
  })

  it.skipIf(!poppler)(
    'a contact sheet PDF in Chinese, Japanese and Korean: poppler reads every prompt back as text',
    async () => {
      const { app, lib } = newApp()
      const prompts = [
        '夜の港に浮かぶ紙の舟、ネオンの光が水面に映る、静かな雨上がりの街角で猫が見ている',
        '雨中的红色灯笼照亮了古老的石板路，远处的山在雾中若隐若现',
        '밤하늘 아래 등대가 바다를 비추고 작은 배가 항구로 돌아온다',
        'a paper boat on a puddle',
      ]
      const ids: string[] = []
      for (const prompt of prompts) {
        const bytes = await sharp({
          create: { width: 64, height: 48, channels: 3, background: '#2a6' },
        })
          .png()
          .toBuffer()
        const item = await lib.save({
          kind: 'art',
          model: 'art-v4.5',
          prompt,
          negativePrompt: '',
          params: ART_PARAMS,
          seed: 5,
          file: { bytes: new Uint8Array(bytes), ext: 'png' },
        })
        ids.push(item.id)
      }
      const dest = join(app.dir, 'sheet-cjk.pdf')
      expect(await lib.exportAs(ids, dest, 'sheet-pdf', 'all')).toMatchObject({ count: 4 })
      const text = runMetadataTool('pdftotext', ['-enc', 'UTF-8', dest, '-'])
      const joined = text.replace(/\s+/g, '')
      for (const prompt of prompts) expect(joined).toContain(prompt.replace(/\s+/g, ''))
      // Wide characters count double: no caption line is wider than its tile.
      for (const line of text.split('\n')) {
        const cells = [...line].reduce((n, ch) => n + (/[\u1100-\uffdc]/.test(ch) ? 2 : 1), 0)
        expect(cells, line).toBeLessThanOrEqual(PDF_CAPTION_CHARS)
      }
      const fonts = runMetadataTool('pdffonts', [dest])
      for (const name of ['Helvetica', 'HeiseiMin-W3', 'STSong-Light', 'HYSMyeongJo-Medium'])
        expect(fonts).toContain(name)
    },
  )

  it('a contact sheet image is one PNG of the tiles with captions', async () => {
    const { app, lib } = newApp()
    const ids = [(await saveImage(lib, 'png')).id, (await saveImage(lib, 'jpeg')).id]
    const dest = join(app.dir, 'sheet.png')
    await lib.exportAs(ids, dest, 'sheet-png', 'all')
    expect(await sharp(dest).metadata()).toMatchObject({ format: 'png', width: 2 * 256 + 3 * 8 })
  })

  it.each(['anim-webp', 'gif'] as const)(
    '%s: the batch frames in batch order, one per item',
    async (format) => {
      const { app, lib } = newApp()
      const ids = await saveFrames(lib)
      const dest = join(app.dir, `anim.${format === 'gif' ? 'gif' : 'webp'}`)
      expect(await lib.exportAs(ids, dest, format, 'all')).toMatchObject({ count: 3 })
      const meta = await sharp(dest, { animated: true }).metadata()
      expect(meta).toMatchObject({ pages: 3, loop: 0, delay: [500, 500, 500] })
      for (let page = 0; page < 3; page++) {
        const { data } = await sharp(dest, { page }).raw().toBuffer({ resolveWithObject: true })
        expect(near(data, COLOURS[page]!), `page ${page}`).toBe(true)
      }
      if (format === 'anim-webp') expect(readWebpMeta(readFileSync(dest)).xmp).toContain('frame 0')
    },
  )

  it.skipIf(!ffmpeg || !exiftool)(
    'mp4 (Motion JPEG): ffprobe sees 3 frames of 0.5 s in batch order, with our tags',
    async () => {
      const { app, lib } = newApp()
      const ids = await saveFrames(lib)
      const dest = join(app.dir, 'frames.mp4')
      expect(await lib.exportAs(ids, dest, 'mp4', 'all')).toMatchObject({ count: 3 })
      const probe = JSON.parse(
        runMetadataTool('ffprobe', [
          '-v',
          'error',
          '-count_frames',
          '-show_entries',
          'stream=codec_name,nb_read_frames,width,height:format=duration:format_tags',
          '-of',
          'json',
          dest,
        ]),
      )
      expect(probe.streams[0]).toMatchObject({
        codec_name: 'mjpeg',
        nb_read_frames: '3',
        width: 32,
        height: 32,
      })
      expect(Number(probe.format.duration)).toBeCloseTo(1.5, 2)
      expect(probe.format.tags.description).toBe('frame 0')
      for (let n = 0; n < 3; n++) {
        const png = execFileSync(
          'ffmpeg',
          [
            '-v',
            'error',
            '-i',
            dest,
            '-vf',
            `select=eq(n\\,${n})`,
            '-frames:v',
            '1',
            '-f',
            'image2pipe',
            '-vcodec',
            'png',
            '-',
          ],
          { timeout: 60_000 },
        )
        const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
        expect(near(data, COLOURS[n]!), `frame ${n}`).toBe(true)
      }
      const tags = JSON.parse(
        runMetadataTool('exiftool', ['-j', '-XMP-iptcExt:DigitalSourceType', dest]),
      )[0]
      expect(tags.DigitalSourceType).toBe(TRAINED_ALGORITHMIC_MEDIA)
    },
  )
})

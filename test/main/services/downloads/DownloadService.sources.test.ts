import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { type FileOps, nodeFileOps } from '@main/services/downloads/fileOps'
import { body, serviceWith } from '@test/support/downloadFakes'
import { pngBytes } from '@test/support/loopback'
import { rejection } from '@test/support/rejection'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import yazl from 'yazl'

/**
 * What the DownloadService does with the bodies the client hands its sink, without a server: a
 * finished video's content, a native ZIP of images, and a body it refuses (the stream is stopped,
 * never read on to its end, and nothing stays on disk). The HTTP side is proven in
 * DownloadService.test.ts.
 */
let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'download-sources-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** The real disk calls, counting the ones that make a save durable. */
function countingFs() {
  const synced = { files: 0, dirs: [] as string[], fileSyncs: 0, datasyncs: 0 }
  const fs: FileOps = {
    ...nodeFileOps,
    create: async (path) => {
      const file = await nodeFileOps.create(path)
      return {
        writev: (b) => file.writev(b),
        datasync: () => {
          synced.datasyncs += 1
          return file.datasync()
        },
        close: () => file.close(),
        sync: () => {
          synced.files += 1
          return file.sync()
        },
      }
    },
    syncFile: async (path) => {
      synced.fileSyncs += 1
      await nodeFileOps.syncFile(path)
    },
    syncDir: async (path) => {
      synced.dirs.push(path)
      await nodeFileOps.syncDir(path)
    },
  }
  return { fs, synced }
}

async function zipOf(files: Buffer[]): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  files.forEach((data, i) => zip.addBuffer(data, `entry ${i}.bin`, { compress: false }))
  zip.end()
  const chunks: Buffer[] = []
  for await (const c of zip.outputStream) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

const png = pngBytes(16, 16, 4000)
/** A native generation's options: the stub client does not look at them. */
const GEN = { idempotencyKey: 'gen-1' }
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 1)])

describe('DownloadService: bodies from the client', () => {
  it('saves a finished video’s content under the name asked for', async () => {
    const mp4 = Buffer.concat([Buffer.from('\0\0\0\x18ftypisom', 'latin1'), Buffer.alloc(3000)])
    const { response } = body([mp4], mp4.length)
    const { downloads, calls } = serviceWith(response)
    const saved = await downloads.videoContent('vid-1', { dir, baseName: 'clip', accept: ['mp4'] })
    expect(calls).toEqual(['video vid-1'])
    expect(saved).toEqual({ path: join(dir, 'clip.mp4'), bytes: mp4.length, kind: 'mp4' })
    expect(readFileSync(saved.path).equals(mp4)).toBe(true)
  })

  it('extracts a native ZIP’s images by number, keeping no ZIP on disk', async () => {
    const zip = await zipOf([png, jpeg])
    const { response } = body([zip], zip.length)
    const { downloads, calls } = serviceWith(response)
    const saved = await downloads.nativeArtZip({} as never, GEN, { dir, baseName: 'art' })
    expect(calls).toEqual(['native zip'])
    expect(saved.map((f) => [f.path, f.kind])).toEqual([
      [join(dir, 'art-1.png'), 'png'],
      [join(dir, 'art-2.jpg'), 'jpeg'],
    ])
    expect(readdirSync(dir).sort()).toEqual(['art-1.png', 'art-2.jpg'])
  })

  it('makes a saved file durable: its data, then its folder once it has its name', async () => {
    const { fs, synced } = countingFs()
    const { response } = body([png], png.length)
    const { downloads } = serviceWith(response, fs)
    await downloads.fromUrl('https://cdn.test/x', { dir, baseName: 'one', accept: ['png'] })
    expect(synced).toEqual({ files: 1, dirs: [dir], fileSyncs: 0, datasyncs: 0 })
  })

  it('syncs each ZIP entry once, and the folder once for the whole archive', async () => {
    const { fs, synced } = countingFs()
    const zip = await zipOf([png, jpeg])
    const { response } = body([zip], zip.length)
    const { downloads } = serviceWith(response, fs)
    await downloads.nativeArtZip({} as never, GEN, { dir, baseName: 'art' })
    // The ZIP's own temp file is synced like any download; its entries by syncFile, not twice.
    expect(synced).toEqual({ files: 1, dirs: [dir], fileSyncs: 2, datasyncs: 0 })
  })

  describe('flushing a large download while it arrives', () => {
    const MIB = 1024 * 1024
    // Two 1 MiB chunks: the writes are batched by the MiB, so two batches of 1 MiB each.
    const large = [Buffer.concat([png, Buffer.alloc(MIB - png.length)]), Buffer.alloc(MIB)]
    const save = async (syncEvery: number) => {
      const { fs, synced } = countingFs()
      const { downloads } = serviceWith(body(large, 2 * MIB).response, fs, syncEvery)
      await downloads.fromUrl('https://cdn.test/x', { dir, baseName: 'l', accept: ['png'] })
      return synced.datasyncs
    }

    it('flushes once the bytes since the last flush reach the interval, not before', async () => {
      expect(await save(2 * MIB)).toBe(1)
      expect(await save(2 * MIB + 1)).toBe(0)
      expect(await save(10 * MIB)).toBe(0)
    })

    it('flushes only at the end when the interval is 0', async () => {
      expect(await save(0)).toBe(0)
    })

    it('leaves a ZIP entry’s flush to the archive’s own sync', async () => {
      const { fs, synced } = countingFs()
      const zip = await zipOf([png, jpeg])
      const { downloads } = serviceWith(body([zip], zip.length).response, fs, 1)
      await downloads.nativeArtZip({} as never, GEN, { dir, baseName: 'art' })
      // The one flush while writing is the archive's; each entry is synced once by syncFile.
      expect(synced).toMatchObject({ datasyncs: 1, fileSyncs: 2 })
    })
  })

  it('holds each entry of a ZIP on disk to the cap of the call', async () => {
    const path = join(dir, 'in.zip')
    writeFileSync(path, await zipOf([png]))
    const out = join(dir, 'out')
    const { downloads } = serviceWith(body([]).response)
    const target = { dir: out, baseName: 'e', accept: ['png'] as const }
    const error = await rejection(downloads.extractZip(path, { ...target, maxBytes: 1000 }))
    expect(error).toMatchObject({ code: 'bad_response', message: expect.stringMatching(/larger/) })
    expect(await downloads.extractZip(path, target)).toHaveLength(1)
  })

  it('never saves over a file: the next free number is taken', async () => {
    writeFileSync(join(dir, 'r.png'), 'older')
    writeFileSync(join(dir, 'r (2).png'), 'older')
    const { response } = body([png], png.length)
    const { downloads } = serviceWith(response)
    const saved = await downloads.fromUrl('https://cdn.test/x', {
      dir,
      baseName: 'r',
      accept: ['png'],
    })
    expect(saved.path).toBe(join(dir, 'r (3).png'))
    expect(readFileSync(join(dir, 'r (2).png'), 'utf8')).toBe('older')
  })

  it('takes only images from a native ZIP unless told otherwise', async () => {
    const zip = await zipOf([png, Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), jpeg])])
    const { response } = body([zip], zip.length)
    const { downloads } = serviceWith(response)
    const error = await rejection(downloads.nativeArtZip({} as never, GEN, { dir, baseName: 'a' }))
    // The entry's own refusal, as it is: not wrapped as a damaged archive.
    expect(error).toMatchObject({
      code: 'bad_response',
      message: expect.stringMatching(/^The downloaded file is not .*webm/),
    })
    expect(readdirSync(dir)).toEqual([])
  })

  it('stops a body whose Content-Length is over the cap before reading any of it', async () => {
    const { response, seen } = body([png], 10_000)
    const { downloads } = serviceWith(response)
    const target = { dir, baseName: 'big', accept: ['png'] as const, maxBytes: 9_999 }
    const error = await rejection(downloads.fromUrl('https://cdn.test/x', target))
    expect(error).toMatchObject({
      code: 'bad_response',
      message: 'The file is larger than allowed (10000 bytes).',
    })
    expect(seen).toEqual({ read: 0, destroyed: 1 })
    expect(readdirSync(dir)).toEqual([])
  })

  it('refuses a kind it was not asked for, naming both, and stops the body', async () => {
    const { response, seen } = body([jpeg.subarray(0, 1000), jpeg.subarray(1000)])
    const { downloads } = serviceWith(response)
    const target = { dir, baseName: 'only-png', accept: ['png', 'webp'] as const }
    const error = await rejection(downloads.fromUrl('https://cdn.test/x', target))
    expect(error).toEqual({
      code: 'bad_response',
      message: 'The downloaded file is not .png, .webp (it is jpeg); it was not saved.',
      action: expect.stringMatching(/^Try again/),
    })
    expect(seen).toEqual({ read: 1, destroyed: 1 })
    expect(readdirSync(dir)).toEqual([])
  })

  it('refuses a native ZIP with no entries: a paid request with no image is not a success', async () => {
    const zip = await zipOf([])
    const { response } = body([zip], zip.length)
    const { downloads } = serviceWith(response)
    const error = await rejection(downloads.nativeArtZip({} as never, GEN, { dir, baseName: 'a' }))
    expect(error).toMatchObject({
      code: 'bad_response',
      message: expect.stringMatching(/no images/),
    })
    expect(readdirSync(dir)).toEqual([])
  })

  it('holds every ZIP entry to the size cap of the call', async () => {
    const zip = await zipOf([png])
    const { response } = body([zip], zip.length)
    const { downloads } = serviceWith(response)
    const target = { dir, baseName: 'a', maxBytes: zip.length + 10 }
    const small = await rejection(
      downloads.nativeArtZip({} as never, GEN, { ...target, maxBytes: 1000 }),
    )
    expect(small).toMatchObject({ code: 'bad_response', message: expect.stringMatching(/larger/) })
    expect(readdirSync(dir)).toEqual([])
    const { downloads: again } = serviceWith(body([zip], zip.length).response)
    expect(await again.nativeArtZip({} as never, GEN, target)).toHaveLength(1)
  })

  it('refuses a damaged ZIP as a bad answer, saying why, and keeps nothing', async () => {
    const zip = await zipOf([png])
    const damaged = Buffer.concat([zip.subarray(0, 40), Buffer.alloc(zip.length - 40, 0x55)])
    const { response } = body([damaged], damaged.length)
    const { downloads } = serviceWith(response)
    const error = await rejection(downloads.nativeArtZip({} as never, GEN, { dir, baseName: 'a' }))
    expect(error).toEqual({
      code: 'bad_response',
      message: expect.stringMatching(/^The ZIP archive could not be extracted: .*not a zip file/),
    })
    expect(readdirSync(dir)).toEqual([])
  })

  it('says how large a body without Content-Length may be when it passes the cap', async () => {
    const { response, seen } = body([png, png])
    const { downloads } = serviceWith(response)
    const target = { dir, baseName: 'big', accept: ['png'] as const, maxBytes: png.length + 1 }
    const error = await rejection(downloads.fromUrl('https://cdn.test/x', target))
    expect(error).toMatchObject({
      code: 'bad_response',
      message: `The file is larger than ${png.length + 1} bytes; it was not saved.`,
    })
    expect(seen.destroyed).toBe(1)
    expect(readdirSync(dir)).toEqual([])
  })

  it('refuses Base64 that decodes to something else than asked for, as a bad answer', async () => {
    const { downloads } = serviceWith(body([]).response)
    const text = Buffer.from('an error page, not an image at all').toString('base64')
    const error = await rejection(
      downloads.saveBase64(text, { dir, baseName: 'b', accept: ['png'] }),
    )
    expect(error).toMatchObject({
      code: 'bad_response',
      message: expect.stringMatching(/not \.png/),
    })
    expect(readdirSync(dir)).toEqual([])
  })

  it('calls bytes it does not know unrecognised', async () => {
    const { response } = body([Buffer.alloc(100, 7)])
    const { downloads } = serviceWith(response)
    const error = await rejection(
      downloads.fromUrl('https://cdn.test/x', { dir, baseName: 'x', accept: ['png'] }),
    )
    expect(error.message).toBe(
      'The downloaded file is not .png (it is unrecognised); it was not saved.',
    )
  })
})

import { existsSync, promises as fs, readdirSync, readFileSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { Thumbnailer } from '@main/adapters/thumbnails/Thumbnailer'
import { MainEvents } from '@main/events'
import {
  MAX_IMPORT_IMAGE_BYTES,
  MAX_IMPORT_VIDEO_BYTES,
  type SaveInput,
} from '@main/services/library/files/ingest'
import { LibraryIndex } from '@main/services/library/index/LibraryIndex'
import { LibraryService } from '@main/services/library/LibraryService'
import type { LibraryChange } from '@shared/library/types'
import { makeMp4, makePng } from '@test/support/mediaFixtures'
import { rejection } from '@test/support/rejection'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

/**
 * Saving one result into the library folder (files/ingest.ts) through the library service, on a
 * folder made once for this file: the name and place it gets, what its sidecar holds, the type
 * its bytes must have, and that a refused save leaves nothing under a final name.
 */
let base: string
let png: Buffer
let jpeg: Buffer
let webp: Buffer
const services: LibraryService[] = []
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'ingest-'))
  png = await makePng(16, 12)
  const raw = sharp({ create: { width: 16, height: 12, channels: 3, background: '#2f9e44' } })
  jpeg = await raw.clone().jpeg().toBuffer()
  webp = await raw.clone().webp().toBuffer()
})
afterEach(async () => {
  for (const s of services.splice(0)) await s.close()
})
afterAll(async () => {
  await rm(base, { recursive: true, force: true })
})

let seq = 0
async function library(opts: { libraryDir?: string } = {}) {
  const dir = join(base, `case-${seq++}`)
  await fs.mkdir(dir, { recursive: true })
  const libraryDir = opts.libraryDir ?? join(dir, 'Library')
  const changes: LibraryChange[] = []
  const logs: string[] = []
  const events = new MainEvents()
  events.forward((e, p) => {
    if (e === 'library:changed') changes.push(p as LibraryChange)
  })
  const lib = new LibraryService({
    settings: { settings: async () => ({ libraryDir }) },
    events,
    indexPath: join(dir, 'index.sqlite'),
    thumbs: new Thumbnailer(join(dir, 'thumbs')),
    trash: { trashItem: async () => {} },
    watch: false,
    now: () => Date.UTC(2026, 0, 2, 3, 4, 5),
    log: (m) => logs.push(m),
  })
  services.push(lib)
  await lib.whenReconciled()
  return { lib, dir, libraryDir, changes, logs }
}

const input = (file: SaveInput['file'], over: Partial<SaveInput> = {}): SaveInput => ({
  kind: 'image',
  model: 'Std Image 2!',
  prompt: 'a fox',
  params: { size: '16x12' },
  createdAt: new Date(2026, 2, 4, 5, 6, 7).getTime(),
  file,
  ...over,
})

/** Every file under `dir`, relative, sorted. */
async function filesIn(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return []
  const out: string[] = []
  for (const e of await fs.readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) out.push(join(e.parentPath, e.name).slice(dir.length + 1))
  return out.sort()
}

describe('saving a result', () => {
  it('names it by local time, model and id in its date folder, with a complete sidecar', async () => {
    const { lib, libraryDir, changes } = await library()
    const item = await lib.save(
      input(
        { bytes: png, ext: '.png' },
        {
          negativePrompt: 'blur',
          seed: 5,
          costEstimate: 0.04,
          sourceTaskId: 't-9',
          params: { size: '16x12', duration: 3 },
        },
      ),
    )
    expect(item.relPath).toMatch(/^2026\/03\/04\/050607-std-image-2-[0-9a-f]{8}\.png$/)
    expect(item.relPath.slice(-12, -4)).toBe(item.id.slice(0, 8))
    const sidecar = JSON.parse(readFileSync(join(libraryDir, `${item.relPath}.json`), 'utf8'))
    expect(sidecar).toEqual({
      format: 'gen-studio-library',
      version: 1,
      id: item.id,
      kind: 'image',
      model: 'Std Image 2!',
      prompt: 'a fox',
      negativePrompt: 'blur',
      params: { size: '16x12', duration: 3 },
      seed: 5,
      costEstimate: 0.04,
      sourceTaskId: 't-9',
      width: 16,
      height: 12,
      durationSec: 3,
      bytes: readFileSync(join(libraryDir, item.relPath)).length,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      created: new Date(2026, 2, 4, 5, 6, 7).toISOString(),
      favourite: false,
      demo: false,
    })
    const stored = readFileSync(join(libraryDir, item.relPath))
    expect(sidecar.sha256).toBe(
      (await import('node:crypto')).createHash('sha256').update(stored).digest('hex'),
    )
    // The settings travel in the PNG too.
    expect(await lib.readSettings(join(libraryDir, item.relPath))).toMatchObject({
      prompt: 'a fox',
    })
    expect(changes.at(-1)).toEqual({ reason: 'added', ids: [item.id] })
    expect(await filesIn(libraryDir)).toEqual([item.relPath, `${item.relPath}.json`])
  })

  it('makes a short, safe name part of any model name', async () => {
    const { lib } = await library()
    const part = async (model: string) =>
      (await lib.save(input({ bytes: png, ext: 'png' }, { model, embedSettings: false }))).relPath
        .split('/')[3]!
        .replace(/^\d{6}-/, '')
        .replace(/-[0-9a-f]{8}\.png$/, '')
    expect(await part('--Art  V4.5 (Curated)!!--')).toBe('art-v4.5-curated')
    expect(await part('MODEL')).toBe('model')
    expect(await part('a'.repeat(30) + '/' + 'b'.repeat(30))).toBe(
      `${'a'.repeat(30)}-${'b'.repeat(9)}`,
    )
  })

  it('fills what the input leaves out, and names a result without a model by its kind', async () => {
    const { lib, libraryDir } = await library()
    const item = await lib.save({
      kind: 'art',
      model: '---',
      prompt: 'p',
      params: { duration: 'long' },
      file: { bytes: png, ext: 'png' },
      originalName: 'fox.png',
    })
    expect(item.relPath).toMatch(/^2026\/01\/02\/\d{6}-art-[0-9a-f]{8}\.png$/)
    const sidecar = JSON.parse(readFileSync(join(libraryDir, `${item.relPath}.json`), 'utf8'))
    expect(sidecar).toMatchObject({
      negativePrompt: '',
      seed: null,
      costEstimate: null,
      sourceTaskId: null,
      durationSec: null,
      demo: false,
      originalName: 'fox.png',
      created: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)).toISOString(),
    })
    expect('batch' in sidecar || 'derivedFrom' in sidecar).toBe(false)
    // A duration that is a number but no length of time is no duration either.
    const endless = await lib.save(
      input({ bytes: png, ext: 'png' }, { params: { duration: Infinity } }),
    )
    expect(endless.durationSec).toBeNull()
  })

  it('keeps a batch cell and the item it was made from in the sidecar', async () => {
    const { lib, libraryDir } = await library()
    const parent = await lib.save(input({ bytes: png, ext: 'png' }))
    const batch = { batchId: 'b-1', index: 2, x: 'low', y: null, repeat: 1, picks: ['red'] }
    const derivedFrom = { parentId: parent.id, operation: 'crop' as const, params: {}, model: '' }
    const item = await lib.save(input({ bytes: png, ext: 'png' }, { batch, derivedFrom }))
    const sidecar = JSON.parse(readFileSync(join(libraryDir, `${item.relPath}.json`), 'utf8'))
    expect(sidecar.batch).toEqual(batch)
    expect(sidecar.derivedFrom).toEqual(derivedFrom)
  })

  it('stores a JPEG under the extension it was claimed as, and a WebP, with their settings', async () => {
    const { lib, libraryDir } = await library()
    const asJpeg = await lib.save(input({ bytes: jpeg, ext: 'jpeg' }))
    const asJpg = await lib.save(input({ bytes: jpeg, ext: 'jpg' }))
    const asWebp = await lib.save(input({ bytes: webp, ext: 'webp' }))
    expect(asJpeg.relPath).toMatch(/\.jpeg$/)
    expect(asJpg.relPath).toMatch(/\.jpg$/)
    expect(asWebp.relPath).toMatch(/\.webp$/)
    for (const item of [asJpeg, asJpg, asWebp]) {
      const stored = readFileSync(join(libraryDir, item.relPath))
      expect(stored.length).toBeGreaterThan(jpeg.length > webp.length ? webp.length : jpeg.length)
      expect(stored.toString('latin1')).toContain('a fox')
    }
    const plain = await lib.save(input({ bytes: jpeg, ext: 'jpg' }, { embedSettings: false }))
    expect(readFileSync(join(libraryDir, plain.relPath)).equals(jpeg)).toBe(true)
  })

  it('keeps an imported PNG byte for byte when asked not to embed', async () => {
    const { lib, libraryDir } = await library()
    const item = await lib.save(input({ bytes: png, ext: 'png' }, { embedSettings: false }))
    expect(readFileSync(join(libraryDir, item.relPath)).equals(png)).toBe(true)
  })

  it('tries a JPEG whose header the metadata writer cannot follow as it came, and says so', async () => {
    const { lib, libraryDir, logs } = await library()
    // A JPEG start, then bytes that are no JPEG segment.
    const odd = Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(64, 0x41)])
    const item = await rejection(lib.save(input({ bytes: odd, ext: 'jpg' })))
    expect(item.code).toBe('bad_response')
    expect(item.message).toMatch(/^The file cannot be read as JPG \(/)
    expect(logs.join('\n')).toMatch(/metadata not embedded in a jpg/)
    expect(await filesIn(libraryDir)).toEqual([])
  })

  it('moves a temp file it is given and copies a user’s file, leaving the original', async () => {
    const { lib, dir, libraryDir, logs } = await library()
    const temp = join(dir, 'download.part')
    await fs.writeFile(temp, jpeg)
    const moved = await lib.save(input({ tempPath: temp, ext: 'jpg' }, { embedSettings: false }))
    expect(existsSync(temp)).toBe(false)
    // An image is never taken for a video whose metadata could be written.
    expect(logs).toEqual([])
    expect(readFileSync(join(libraryDir, moved.relPath)).equals(jpeg)).toBe(true)
    const mine = join(dir, 'mine.png')
    await fs.writeFile(mine, png)
    const copied = await lib.save(input({ copyFrom: mine, ext: 'png' }, { embedSettings: false }))
    expect(readFileSync(mine).equals(png)).toBe(true)
    expect(readFileSync(join(libraryDir, copied.relPath)).equals(png)).toBe(true)
    // A temp PNG with settings to embed is read, embedded and the download removed.
    const temp2 = join(dir, 'download2.part')
    await fs.writeFile(temp2, png)
    const embedded = await lib.save(input({ tempPath: temp2, ext: 'png' }))
    expect(await lib.readSettings(join(libraryDir, embedded.relPath))).toMatchObject({
      prompt: 'a fox',
    })
    expect(await filesIn(dir)).toContain('mine.png')
  })

  // A library on another disk than the app's downloads (an external drive): here tmpfs beside
  // the temp folder's disk, or the disk beside tmpfs (the mutation run's temp folder), where the
  // machine has both.
  const otherDisk = ['/dev/shm', '/var/tmp'].find(
    (d) => existsSync(d) && statSync(d).dev !== statSync(tmpdir()).dev,
  )
  it.skipIf(!otherDisk)('moves a download from another disk in by copying it', async () => {
    const { lib, libraryDir } = await library()
    const away = await mkdtemp(join(otherDisk!, 'gen-studio-download-'))
    try {
      const temp = join(away, 'download.part')
      await fs.writeFile(temp, jpeg)
      const item = await lib.save(input({ tempPath: temp, ext: 'jpg' }, { embedSettings: false }))
      expect(readFileSync(join(libraryDir, item.relPath)).equals(jpeg)).toBe(true)
      expect(existsSync(temp)).toBe(false)
    } finally {
      await rm(away, { recursive: true, force: true })
    }
  })
})

describe('videos', () => {
  it('writes the settings into a video it is given and removes the download', async () => {
    const { lib, dir, libraryDir } = await library()
    const temp = join(dir, 'video.part')
    await fs.writeFile(temp, makeMp4(2, 320, 240))
    const item = await lib.save(input({ tempPath: temp, ext: 'mp4' }, { kind: 'video' }))
    expect(existsSync(temp)).toBe(false)
    expect(item).toMatchObject({ media: 'video', width: 320, height: 240 })
    expect(readFileSync(join(libraryDir, item.relPath)).toString('latin1')).toContain('a fox')
    const mine = join(dir, 'mine.mp4')
    await fs.writeFile(mine, makeMp4(2, 320, 240))
    await lib.save(input({ copyFrom: mine, ext: 'mp4' }, { kind: 'video' }))
    expect(existsSync(mine)).toBe(true)
    // A QuickTime movie (ftyp brand "qt  ") has the same index: its settings are written too.
    const mov = makeMp4(2, 320, 240)
    mov.write('qt  ', 8, 'latin1')
    const clip = join(dir, 'clip.mov')
    await fs.writeFile(clip, mov)
    const movie = await lib.save(input({ copyFrom: clip, ext: 'mov' }, { kind: 'video' }))
    expect(movie.relPath).toMatch(/\.mov$/)
    expect(readFileSync(join(libraryDir, movie.relPath)).toString('latin1')).toContain('a fox')
  })

  it('keeps a video whose index cannot be rewritten as it came, and says so', async () => {
    const { lib, dir, libraryDir, logs } = await library()
    const cut = makeMp4(2, 320, 240).subarray(0, 48)
    const temp = join(dir, 'cut.part')
    await fs.writeFile(temp, cut)
    const moved = await lib.save(input({ tempPath: temp, ext: 'mp4' }, { kind: 'video' }))
    expect(logs.join('\n')).toMatch(/metadata not embedded in a video/)
    expect(existsSync(temp)).toBe(false)
    expect(readFileSync(join(libraryDir, moved.relPath)).equals(cut)).toBe(true)
    const mine = join(dir, 'cut.mp4')
    await fs.writeFile(mine, cut)
    const copied = await lib.save(input({ copyFrom: mine, ext: 'mp4' }, { kind: 'video' }))
    expect(readFileSync(mine).equals(cut)).toBe(true)
    expect(readFileSync(join(libraryDir, copied.relPath)).equals(cut)).toBe(true)
  })

  it('rewrites no video index of a GIF or of a video it was told not to embed into', async () => {
    const { lib, dir, libraryDir, logs } = await library()
    const gif = await sharp({
      create: { width: 16, height: 12, channels: 3, background: '#1971c2' },
    })
      .gif()
      .toBuffer()
    const mine = join(dir, 'mine.gif')
    await fs.writeFile(mine, gif)
    const still = await lib.save(input({ copyFrom: mine, ext: 'gif' }))
    expect(readFileSync(join(libraryDir, still.relPath)).equals(gif)).toBe(true)
    const clip = join(dir, 'clip.mp4')
    const mp4 = makeMp4(2, 320, 240)
    await fs.writeFile(clip, mp4)
    const video = await lib.save(
      input({ copyFrom: clip, ext: 'mp4' }, { kind: 'video', embedSettings: false }),
    )
    expect(readFileSync(join(libraryDir, video.relPath)).equals(mp4)).toBe(true)
    expect(logs.join('\n')).not.toMatch(/metadata not embedded/)
  })
})

describe('a save refused', () => {
  it('names an extension the library cannot store', async () => {
    const { lib, libraryDir } = await library()
    const error = await rejection(lib.save(input({ bytes: png, ext: '.txt' })))
    expect(error).toMatchObject({
      code: 'validation',
      message: 'The library cannot store .txt files.',
    })
    const bare = await rejection(lib.save(input({ bytes: png, ext: 'txt' })))
    expect(bare.message).toBe('The library cannot store .txt files.')
    // Only a leading dot is dropped: a dot inside makes it no extension the library knows.
    const dotted = await rejection(lib.save(input({ bytes: png, ext: 'p.ng' })))
    expect(dotted.message).toBe('The library cannot store .p.ng files.')
    expect(await filesIn(libraryDir)).toEqual([])
  })

  it('says the source cannot be read, and that bytes are not the type claimed', async () => {
    const { lib, dir, libraryDir } = await library()
    const gone = await rejection(lib.save(input({ tempPath: join(dir, 'gone.part'), ext: 'png' })))
    expect(gone.code).toBe('not_found')
    expect(gone.message).toMatch(/^The file to save cannot be read \(.*ENOENT/)
    const wrong = await rejection(lib.save(input({ bytes: jpeg, ext: 'png' })))
    expect(wrong).toMatchObject({
      code: 'bad_response',
      message: 'The downloaded file is not a valid PNG (its content does not match).',
    })
    expect(wrong.action).toBeTruthy()
    const empty = await rejection(lib.save(input({ bytes: new Uint8Array(0), ext: 'png' })))
    expect(empty.code).toBe('bad_response')
    expect(await filesIn(libraryDir)).toEqual([])
  })

  it('refuses a damaged PNG, embedding or not, and keeps nothing', async () => {
    const { lib, libraryDir } = await library()
    const cut = png.subarray(0, png.length - 20)
    for (const embedSettings of [true, false]) {
      const error = await rejection(lib.save(input({ bytes: cut, ext: 'png' }, { embedSettings })))
      expect(error.code).toBe('bad_response')
      expect(error.message).toMatch(/^The PNG is damaged \(/)
      expect(error.action).toBeTruthy()
    }
    expect(await filesIn(libraryDir)).toEqual([])
  })

  it('reports a library folder that is not there', async () => {
    const blocker = join(base, 'a-file')
    await fs.writeFile(blocker, '')
    const { lib } = await library({ libraryDir: join(blocker, 'Library') })
    const status = await lib.status()
    expect(status.state).toBe('missing')
    const error = await rejection(lib.save(input({ bytes: png, ext: 'png' })))
    expect(error.code).toBe('storage')
    expect(error.message).toBe(status.message)
    expect(error.action).toBeTruthy()
  })

  it('says the disk failed when the day’s folder cannot be made, and writes nothing', async () => {
    const { lib, libraryDir } = await library()
    // The year's name is taken by a file, so the result's day folder cannot be made.
    await fs.writeFile(join(libraryDir, '2026'), 'in the way')
    const error = await rejection(lib.save(input({ bytes: png, ext: 'png' })))
    expect(error.code).toBe('storage')
    expect(error.message).toMatch(/^The result could not be saved/)
    expect(await filesIn(libraryDir)).toEqual(['2026'])
  })
})

describe('a save that fails part way', () => {
  /** The index refuses the new row once the file and its sidecar are in place. */
  function indexFails(error: Error) {
    return vi.spyOn(LibraryIndex.prototype, 'upsert').mockImplementationOnce(() => {
      throw error
    })
  }
  const diskFull = () =>
    Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })

  it('takes back the file and its sidecar it wrote, and says the disk failed', async () => {
    const { lib, libraryDir, changes } = await library()
    const spy = indexFails(diskFull())
    try {
      const error = await rejection(lib.save(input({ bytes: png, ext: 'png' })))
      expect(error.code).toBe('storage')
      expect(error.message).toMatch(/^The result could not be saved: the disk/)
    } finally {
      spy.mockRestore()
    }
    expect(await filesIn(libraryDir)).toEqual([])
    expect(changes.filter((c) => c.reason === 'added')).toEqual([])
    // A failure that is not the disk's is a result the library could not read.
    const broken = indexFails(new Error('the row did not fit'))
    try {
      const error = await rejection(lib.save(input({ bytes: png, ext: 'png' })))
      expect(error.code).toBe('bad_response')
      expect(error.message).toContain('the row did not fit')
    } finally {
      broken.mockRestore()
    }
    expect(await filesIn(libraryDir)).toEqual([])
  })

  it('gives a temp file it was given back, placed or not, image or video', async () => {
    const { lib, dir, libraryDir } = await library()
    const temp = join(dir, 'download.part')
    await fs.writeFile(temp, jpeg)
    const spy = indexFails(diskFull())
    try {
      const jpg = { tempPath: temp, ext: 'jpg' }
      expect((await rejection(lib.save(input(jpg, { embedSettings: false })))).code).toBe('storage')
    } finally {
      spy.mockRestore()
    }
    expect(readFileSync(temp).equals(jpeg)).toBe(true)
    // A video kept as it came (its index cannot be rewritten) is given back too.
    const cut = makeMp4(2, 320, 240).subarray(0, 48)
    const video = join(dir, 'cut.part')
    await fs.writeFile(video, cut)
    const again = indexFails(diskFull())
    try {
      const mp4 = input({ tempPath: video, ext: 'mp4' }, { kind: 'video' })
      expect((await rejection(lib.save(mp4))).code).toBe('storage')
    } finally {
      again.mockRestore()
    }
    expect(readFileSync(video).equals(cut)).toBe(true)
    // Not placed at all: bytes that cannot be read as the image they claim to be.
    const bad = join(dir, 'bad.part')
    const head = webp.subarray(0, 16)
    await fs.writeFile(bad, head)
    const unread = await rejection(
      lib.save(input({ tempPath: bad, ext: 'webp' }, { embedSettings: false })),
    )
    expect(unread.code).toBe('bad_response')
    expect(readFileSync(bad).equals(head)).toBe(true)
    expect(await filesIn(libraryDir)).toEqual([])
  })

  it('refuses a save while the library folder is in error, with the folder’s reason', async () => {
    const { lib, libraryDir } = await library()
    await fs.rm(libraryDir, { recursive: true })
    await fs.writeFile(libraryDir, 'not a folder')
    const status = await lib.reconcile()
    expect(status.state).toBe('error')
    const error = await rejection(lib.save(input({ bytes: png, ext: 'png' })))
    expect(error).toMatchObject({ code: 'storage', message: status.message })
    expect(readFileSync(libraryDir, 'utf8')).toBe('not a folder')
  })
})

describe('importing files', () => {
  it('copies files in, reports a folder and a missing path, and keeps the originals', async () => {
    const { lib, dir, libraryDir } = await library()
    const mine = join(dir, 'mine.png')
    await fs.writeFile(mine, png)
    await fs.mkdir(join(dir, 'album'))
    const report = await lib.import([mine, join(dir, 'album'), join(dir, 'gone.png'), mine])
    expect(report.imported).toHaveLength(1)
    expect(report.duplicates).toEqual([{ path: mine, id: report.imported[0]!.id }])
    expect(report.failed).toEqual([
      { path: join(dir, 'album'), message: 'Only files can be imported, not folders.' },
      { path: join(dir, 'gone.png'), message: expect.stringMatching(/ENOENT/) },
    ])
    const item = await lib.get(report.imported[0]!.id)
    expect(item).toMatchObject({
      kind: 'imported',
      originalName: 'mine.png',
      model: '',
      prompt: '',
      negativePrompt: '',
    })
    expect(readFileSync(join(libraryDir, item.relPath)).equals(png)).toBe(true)
    expect(readFileSync(mine).equals(png)).toBe(true)
  })

  it('reads the settings a Gen Studio result carries into the new item', async () => {
    const from = await library()
    const saved = await from.lib.save(
      input({ bytes: png, ext: 'png' }, { negativePrompt: 'blur', seed: 5 }),
    )
    const into = await library()
    const report = await into.lib.import([join(from.libraryDir, saved.relPath)])
    expect(report.failed).toEqual([])
    const item = await into.lib.get(report.imported[0]!.id)
    expect(item).toMatchObject({
      kind: 'image',
      model: 'Std Image 2!',
      prompt: 'a fox',
      negativePrompt: 'blur',
      seed: 5,
    })
  })

  it('carries an empty negative prompt as empty, not as missing settings', async () => {
    const from = await library()
    const saved = await from.lib.save(input({ bytes: png, ext: 'png' }))
    const into = await library()
    const report = await into.lib.import([join(from.libraryDir, saved.relPath)])
    const item = await into.lib.get(report.imported[0]!.id)
    expect(item).toMatchObject({ kind: 'image', prompt: 'a fox', negativePrompt: '' })
  })

  it('refuses an image over the import cap before reading it, saying by how much', async () => {
    const { lib, dir, libraryDir } = await library()
    const huge = join(dir, 'huge.png')
    await fs.writeFile(huge, png)
    // Sparse: 256 MiB and a byte on disk costs nothing; the cap is checked from its size.
    await fs.truncate(huge, MAX_IMPORT_IMAGE_BYTES + 1)
    const report = await lib.import([huge])
    expect(report.failed).toEqual([
      {
        path: huge,
        message: 'This image is larger than the library takes (256 MiB; at most 256 MiB).',
      },
    ])
    expect(await filesIn(libraryDir)).toEqual([])
  })

  it('reads an image exactly at the import cap rather than refusing it by size', async () => {
    const { lib, dir } = await library()
    const atCap = join(dir, 'at-cap.png')
    // A PNG's signature and header, then a chunk that claims more bytes than the file holds:
    // the cap lets it through and the PNG reader refuses it, without reading 256 MiB of chunks.
    const chunk = Buffer.alloc(8)
    chunk.writeUInt32BE(0x7fff_0000, 0)
    chunk.write('abCd', 4, 'latin1')
    await fs.writeFile(atCap, Buffer.concat([png.subarray(0, 33), chunk]))
    await fs.truncate(atCap, MAX_IMPORT_IMAGE_BYTES)
    const report = await lib.import([atCap])
    expect(report.failed).toEqual([{ path: atCap, message: 'The PNG file is truncated.' }])
  })

  it('imports a file whose settings cannot be read as an item without settings', async () => {
    const { lib, dir } = await library()
    // Two stray bytes after the JPEG's first segment: decoders skip them, the settings reader
    // calls the file damaged.
    const at = 4 + jpeg.readUInt16BE(4)
    const stray = join(dir, 'stray.jpg')
    await fs.writeFile(
      stray,
      Buffer.concat([jpeg.subarray(0, at), Buffer.alloc(2), jpeg.subarray(at)]),
    )
    const report = await lib.import([stray])
    expect(report.failed).toEqual([])
    const item = await lib.get(report.imported[0]!.id)
    expect(item).toMatchObject({ kind: 'imported', model: '', prompt: '', params: {}, seed: null })
  })

  it('refuses a video over the import cap, naming the video cap', async () => {
    const { lib, dir } = await library()
    const huge = join(dir, 'huge.mp4')
    await fs.writeFile(huge, makeMp4(1, 64, 64))
    await fs.truncate(huge, MAX_IMPORT_VIDEO_BYTES + 1)
    const report = await lib.import([huge])
    expect(report.failed).toEqual([
      {
        path: huge,
        message: 'This video is larger than the library takes (8192 MiB; at most 8192 MiB).',
      },
    ])
  })

  it('keeps no file open once a save is done', async () => {
    const { lib, dir } = await library()
    const mine = join(dir, 'mine.png')
    await fs.writeFile(mine, png)
    const before = readdirSync('/proc/self/fd').length
    for (let i = 0; i < 3; i++)
      await lib.save(input({ copyFrom: mine, ext: 'png' }, { embedSettings: false }))
    expect(readdirSync('/proc/self/fd').length).toBe(before)
  })

  it('reports a damaged PNG and copies nothing of it', async () => {
    const { lib, dir, libraryDir } = await library()
    const cut = join(dir, 'cut.png')
    await fs.writeFile(cut, png.subarray(0, png.length - 20))
    const report = await lib.import([cut])
    expect(report.imported).toEqual([])
    // Refused before it is hashed or queued, in the PNG reader's own words.
    expect(report.failed).toEqual([{ path: cut, message: 'The PNG file is truncated.' }])
    expect(await filesIn(libraryDir)).toEqual([])
  })
})

import { createHash } from 'node:crypto'
import { existsSync, promises as fs, readFileSync } from 'node:fs'
import { join } from 'node:path'

import sharp from 'sharp'
import { afterEach, describe, expect, it, vi } from 'vitest'
import yauzl from 'yauzl'

vi.mock('electron', () => ({}))

import { Thumbnailer } from '@main/adapters/thumbnails/Thumbnailer'
import { MainEvents } from '@main/events'
import { dispatch } from '@main/ipc/dispatch'
import { createMediaHandler } from '@main/protocols/mediaProtocol'
import { MAX_IMPORT_IMAGE_BYTES } from '@main/services/library/files/ingest'
import { HOLD_MARKER } from '@main/services/library/holding/DeleteHolding'
import { LibraryService } from '@main/services/library/LibraryService'
import { readPngText, writePngText } from '@shared/library/pngChunks'
import type { LibraryChange, LibraryItem } from '@shared/library/types'
import type { AppError, Result } from '@shared/result'
import { writeResults } from '@test/support/libraryFolder'
import { makeMp4, makePng, waitFor } from '@test/support/mediaFixtures'
import { createTestApp } from '@test/support/testContainer'

type TestApp = ReturnType<typeof createTestApp>
const apps: TestApp[] = []
const services: LibraryService[] = []

afterEach(async () => {
  for (const s of services.splice(0)) await s.close()
  for (const a of apps.splice(0)) await a.close()
})

function newApp(platform: Parameters<typeof createTestApp>[0] = {}) {
  const app = createTestApp(platform)
  apps.push(app)
  const changes: LibraryChange[] = []
  app.container.events.forward((e, p) => {
    if (e === 'library:changed') changes.push(p as LibraryChange)
  })
  return { app, lib: app.container.library, libraryDir: join(app.dir, 'Library'), changes }
}

/** A second service over the same folders: what the next app start sees. */
function restartedService(
  app: TestApp,
  options: { undoWindowMs?: number; now?: () => number } = {},
) {
  const lib = new LibraryService({
    settings: app.container.settings,
    events: new MainEvents(),
    indexPath: join(app.dir, 'userData', 'library-index.sqlite'),
    thumbs: new Thumbnailer(join(app.dir, 'userData', 'cache', 'thumbs')),
    trash: app.trash,
    watch: false,
    ...options,
  })
  services.push(lib)
  return lib
}

const call = <T>(app: TestApp, channel: string, payload: unknown) =>
  dispatch(app.handlers, channel, payload, { senderId: 7 }) as Promise<Result<T>>
const errorOf = (r: Result<unknown>): AppError => {
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.value).slice(0, 200)}`)
  return r.error
}

const saveImage = (
  lib: LibraryService,
  over: Partial<Parameters<LibraryService['save']>[0]> = {},
) =>
  makePng().then((bytes) =>
    lib.save({
      kind: 'image',
      model: 'std-image-2',
      prompt: 'a red lighthouse at dusk',
      negativePrompt: 'blurry',
      params: { size: '64x48', quality: 'low' },
      seed: 7,
      costEstimate: 0.01,
      sourceTaskId: 'task-42',
      createdAt: new Date(2026, 2, 14, 9, 30).getTime(),
      file: { bytes, ext: 'png' },
      ...over,
    }),
  )

describe('LibraryService: saving', () => {
  it('stores a PNG by date with a complete sidecar and NovelAI-compatible chunks, and indexes it', async () => {
    const { lib, libraryDir, changes } = newApp()
    const item = await saveImage(lib)
    expect(item.relPath).toMatch(/^2026\/03\/14\/093000-std-image-2-[0-9a-f]{8}\.png$/)
    const abs = join(libraryDir, item.relPath)
    const sidecar = JSON.parse(readFileSync(`${abs}.json`, 'utf8'))
    expect(sidecar).toMatchObject({
      format: 'gen-studio-library',
      id: item.id,
      kind: 'image',
      model: 'std-image-2',
      prompt: 'a red lighthouse at dusk',
      negativePrompt: 'blurry',
      params: { size: '64x48', quality: 'low' },
      seed: 7,
      costEstimate: 0.01,
      sourceTaskId: 'task-42',
      width: 64,
      height: 48,
      durationSec: null,
      favourite: false,
      demo: false,
    })
    const bytes = readFileSync(abs)
    expect(sidecar.sha256).toBe(
      (await import('node:crypto')).createHash('sha256').update(bytes).digest('hex'),
    )
    expect(sidecar.bytes).toBe(bytes.length)
    const text = await readPngText(bytes)
    expect(text.Description).toBe('a red lighthouse at dusk')
    expect(text.Software).toBe('Gen Studio')
    expect(text.Source).toBe('std-image-2')
    expect(JSON.parse(text.Comment!)).toMatchObject({ uc: 'blurry', seed: 7, size: '64x48' })
    expect(JSON.parse(text['gen-studio']!)).toMatchObject({
      sourceTaskId: 'task-42',
      kind: 'image',
    })
    expect((await sharp(bytes).metadata()).width).toBe(64)
    expect(changes).toContainEqual({ reason: 'added', ids: [item.id] })
    expect((await lib.query({ text: 'lighthouse' }, null)).items.map((t) => t.id)).toEqual([
      item.id,
    ])
    expect((await lib.findBySourceTask('task-42')).map((i) => i.id)).toEqual([item.id])
  })

  it('moves a finished video download in, measures it, and leaves no temp file', async () => {
    const { lib, libraryDir } = newApp()
    await lib.open()
    const temp = join(libraryDir, '.download-1.part')
    await fs.writeFile(temp, makeMp4(6, 1920, 1080))
    const item = await lib.save({
      kind: 'video',
      model: 'motion-2.5',
      prompt: 'waves',
      params: { duration: 6 },
      file: { tempPath: temp, ext: 'mp4' },
    })
    expect(existsSync(temp)).toBe(false)
    expect(item).toMatchObject({ media: 'video', durationSec: 6, width: 1920, height: 1080 })
    expect(existsSync(join(libraryDir, item.relPath))).toBe(true)
  })

  it('refuses bytes that are not what they claim, writes nothing, and keeps the temp file', async () => {
    const { lib, libraryDir } = newApp()
    await lib.open()
    const temp = join(libraryDir, '.dl.part')
    await fs.writeFile(temp, '<html><body>502 Bad Gateway</body></html>')
    const err = await lib
      .save({
        kind: 'image',
        model: 'm',
        prompt: 'p',
        params: {},
        file: { tempPath: temp, ext: 'png' },
      })
      .catch((e) => e.error)
    expect(err).toMatchObject({ code: 'bad_response' })
    expect(existsSync(temp)).toBe(true)
    const png = await makePng()
    const truncated = await lib
      .save({
        kind: 'image',
        model: 'm',
        prompt: 'p',
        params: {},
        file: { bytes: png.subarray(0, png.length - 30), ext: 'png' },
      })
      .catch((e) => e.error)
    expect(truncated).toMatchObject({
      code: 'bad_response',
      message: expect.stringMatching(/damaged|truncated/),
    })
    const files = await fs.readdir(libraryDir, { recursive: true })
    expect(files.filter((f) => !String(f).startsWith('.'))).toEqual([])
    expect((await lib.status()).itemCount).toBe(0)
  })

  it('reports a missing library folder clearly and keeps showing what was indexed', async () => {
    const { app, lib, libraryDir } = newApp()
    const item = await saveImage(lib)
    await lib.close()
    // The folder disappears (unplugged drive) before the next start.
    const moved = `${libraryDir}-elsewhere`
    await fs.rename(libraryDir, moved)
    const next = restartedService(app)
    const status = await next.status()
    expect(status.state).toBe('missing')
    expect(status.message).toMatch(/missing/)
    expect((await next.query({}, null)).items.map((t) => t.id)).toEqual([item.id])
    const err = await saveImage(next).catch((e) => e.error)
    expect(err).toMatchObject({
      code: 'storage',
      action: expect.stringMatching(/Reconnect|choose another/),
    })
    expect(existsSync(libraryDir)).toBe(false) // never recreated behind the user's back
    await fs.rename(moved, libraryDir)
    expect((await next.reconcile()).state).toBe('ok')
    expect((await next.query({}, null)).items).toHaveLength(1)
  })

  it('says so when the library location is a file, and a save fails with a storage message', async () => {
    const { app, libraryDir } = newApp()
    await fs.writeFile(libraryDir, 'not a folder')
    const lib = restartedService(app)
    const status = await lib.status()
    expect(status).toMatchObject({ state: 'error', message: expect.stringMatching(/is a file/) })
    expect(await saveImage(lib).catch((e) => e.error.code)).toBe('storage')
  })
})

describe('LibraryService: the folder is the source of truth', () => {
  it('rebuilds the whole index from sidecars, favourites included', async () => {
    const { app, lib } = newApp()
    const a = await saveImage(lib, { prompt: 'first apple' })
    const b = await saveImage(lib, {
      prompt: 'second banana',
      createdAt: new Date(2025, 11, 31).getTime(),
    })
    await lib.setFavourite(b.id, true)
    await lib.close()
    await fs.rm(join(app.dir, 'userData', 'library-index.sqlite'))
    const next = restartedService(app)
    await next.whenReconciled()
    const page = await next.query({}, null)
    expect(page.items.map((t) => t.id)).toEqual([a.id, b.id])
    expect((await next.query({ favourites: true }, null)).items.map((t) => t.id)).toEqual([b.id])
    expect((await next.months({})).map((m) => [m.month, m.count])).toEqual([
      ['2026-03', 1],
      ['2025-12', 1],
    ])
    expect((await next.get(b.id)).prompt).toBe('second banana')
  })

  it('indexes a broken sidecar as a problem without touching it, and the rest stays browsable', async () => {
    const { app, lib, libraryDir } = newApp()
    const good = await saveImage(lib, { prompt: 'good one' })
    const bad = await saveImage(lib, { prompt: 'bad one' })
    await lib.close()
    const badSidecar = join(libraryDir, `${bad.relPath}.json`)
    await fs.writeFile(badSidecar, '{ "id": "broken", ')
    // The kernel stamps files with a coarse clock (a few ms): on a fast run the damage could carry
    // the same mtime as the app's own write, which a reconcile (by mtime) rightly takes as unchanged.
    const later = new Date(Date.now() + 2_000)
    await fs.utimes(badSidecar, later, later)
    const next = restartedService(app)
    await next.whenReconciled()
    const items = (await next.query({}, null)).items
    expect(items).toHaveLength(2)
    const broken = items.find((t) => t.fileName === bad.fileName)!
    expect(broken.problem).toMatch(/not valid JSON/)
    // The prompt is recovered from the PNG's own chunks.
    expect((await next.get(broken.id)).prompt).toBe('bad one')
    expect(readFileSync(badSidecar, 'utf8')).toBe('{ "id": "broken", ')
    expect((await next.status()).problems).toEqual([
      { relPath: bad.relPath, message: broken.problem },
    ])
    const err = await next.setFavourite(broken.id, true).catch((e) => e.error)
    expect(err).toMatchObject({ code: 'storage', message: expect.stringMatching(/cannot be read/) })
    expect((await next.get(good.id)).problem).toBeNull()
  })
})

describe('LibraryService: delete with undo', () => {
  it('moves deleted files to the library trash, restores them, and keeps them there after quitting', async () => {
    const { app, lib, libraryDir } = newApp()
    const a = await saveImage(lib, { prompt: 'keep me' })
    const b = await saveImage(lib, { prompt: 'delete me' })
    const receipt = await lib.delete([a.id])
    expect(receipt.count).toBe(1)
    expect(existsSync(join(libraryDir, a.relPath))).toBe(false)
    expect((await lib.query({}, null)).items.map((t) => t.id)).toEqual([b.id])
    expect(await app.trash.list()).toEqual([]) // in the library's trash, not the OS trash
    const restored = await lib.undoDelete(receipt.token)
    expect(restored.map((t) => t.id)).toEqual([a.id])
    expect(existsSync(join(libraryDir, a.relPath))).toBe(true)
    expect((await lib.get(a.id)).prompt).toBe('keep me')

    const second = await lib.delete([b.id])
    await lib.close() // quitting keeps the delete restorable
    expect(await app.trash.list()).toEqual([])
    expect(existsSync(join(libraryDir, '.trash', second.token, b.relPath))).toBe(true)
    const next = restartedService(app)
    expect(await next.trash()).toMatchObject([{ token: second.token, relPaths: [b.relPath] }])
    expect((await next.undoDelete(second.token)).map((t) => t.id)).toEqual([b.id])
    expect(existsSync(join(libraryDir, '.trash', second.token))).toBe(false)
    const again = await next.undoDelete(second.token).catch((e) => e.error)
    expect(again).toMatchObject({ code: 'not_found', action: expect.stringMatching(/trash/) })
  })

  it('hands deletes older than 30 days to the OS trash and keeps younger ones', async () => {
    const { app, libraryDir } = newApp()
    let now = Date.now()
    const lib = restartedService(app, { now: () => now })
    const old = await saveImage(lib, { prompt: 'old' })
    const young = await saveImage(lib, { prompt: 'young' })
    const first = await lib.delete([old.id])
    now += 20 * 24 * 3600_000
    const second = await lib.delete([young.id])
    await lib.close()
    now += 11 * 24 * 3600_000 // the first is 31 days old, the second 11
    const next = restartedService(app, { now: () => now })
    await next.whenReconciled()
    const trashed = await app.trash.list()
    expect(trashed.some((n) => n.endsWith(old.fileName))).toBe(true)
    expect(trashed.some((n) => n.endsWith(young.fileName))).toBe(false)
    expect(existsSync(join(libraryDir, '.trash', first.token))).toBe(false)
    expect((await next.trash()).map((e) => e.token)).toEqual([second.token])
  })

  it('lists a trash folder of an older version (empty marker) by its media and purges it by age', async () => {
    const { app, libraryDir } = newApp()
    const held = join(libraryDir, '.trash', 'crashtoken', '2026', '01', '01')
    await fs.mkdir(held, { recursive: true })
    await fs.writeFile(join(held, 'x.png'), await makePng())
    const marker = join(libraryDir, '.trash', 'crashtoken', HOLD_MARKER)
    await fs.writeFile(marker, '')
    const lib = restartedService(app)
    await lib.whenReconciled()
    expect(await lib.trash()).toMatchObject([
      { token: 'crashtoken', relPaths: ['2026/01/01/x.png'] },
    ])
    expect(await app.trash.list()).toEqual([])
    await lib.close()
    const longAgo = new Date(Date.now() - 31 * 24 * 3600_000)
    await fs.utimes(marker, longAgo, longAgo)
    const next = restartedService(app)
    await next.whenReconciled()
    expect((await app.trash.list()).some((n) => n.endsWith('x.png'))).toBe(true)
    expect(existsSync(join(libraryDir, '.trash'))).toBe(false)
    expect((await next.status()).itemCount).toBe(0)
  })

  it('never touches a .trash folder it did not make (a folder chosen with its own .trash)', async () => {
    const { app, libraryDir } = newApp()
    const foreign = join(libraryDir, '.trash', 'files', 'holiday.png')
    await fs.mkdir(join(libraryDir, '.trash', 'files'), { recursive: true })
    await fs.writeFile(foreign, await makePng())
    const lib = restartedService(app)
    await lib.whenReconciled()
    await lib.close()
    expect(await app.trash.list()).toEqual([])
    expect(existsSync(foreign)).toBe(true)
  })
})

describe('LibraryService: import, export, settings, thumbnails', () => {
  it('refuses an import over the size cap without reading it (issue #13)', async () => {
    const { app, lib } = newApp()
    const big = join(app.dir, 'huge.png')
    await fs.writeFile(big, await makePng(8, 8, '#123456'))
    await fs.truncate(big, MAX_IMPORT_IMAGE_BYTES + 1) // sparse: no disk used
    const report = await lib.import([big])
    expect(report.imported).toEqual([])
    expect(report.failed).toEqual([
      { path: big, message: expect.stringMatching(/larger than the library takes.*256 MiB/) },
    ])
  })

  it('copies dropped files in, reads their settings, finds duplicates by hash and reports bad files', async () => {
    const { app, lib } = newApp()
    const src = join(app.dir, 'Downloads')
    await fs.mkdir(src)
    const a1111 = writePngText(await makePng(20, 20, '#1971c2'), {
      parameters:
        'castle on a hill\nNegative prompt: fog\nSteps: 30, Sampler: Euler a, CFG scale: 7, Seed: 42, Size: 20x20',
    })
    await fs.writeFile(join(src, 'castle.png'), a1111)
    await fs.writeFile(join(src, 'same-castle.png'), a1111)
    await fs.writeFile(join(src, 'notes.png'), 'just text')
    const png = await makePng()
    await fs.writeFile(join(src, 'cut.png'), png.subarray(0, png.length - 40))
    await fs.writeFile(join(src, 'clip.mp4'), makeMp4(3))
    const before = readFileSync(join(src, 'castle.png'))
    const report = await lib.import(
      ['castle.png', 'same-castle.png', 'notes.png', 'cut.png', 'clip.mp4', 'missing.png'].map(
        (n) => join(src, n),
      ),
    )
    expect(
      report.imported.map((t) => t.fileName.endsWith('.png') || t.fileName.endsWith('.mp4')),
    ).toEqual([true, true])
    expect(report.duplicates).toEqual([
      { path: join(src, 'same-castle.png'), id: report.imported[0]!.id },
    ])
    expect(report.failed.map((f) => f.path.split('/').pop())).toEqual([
      'notes.png',
      'cut.png',
      'missing.png',
    ])
    expect(report.failed[0]!.message).toMatch(/not an image or video/)
    expect(report.failed[1]!.message).toMatch(/truncated/)
    expect(readFileSync(join(src, 'castle.png')).equals(before)).toBe(true)
    const castle = await lib.get(report.imported[0]!.id)
    expect(castle).toMatchObject({
      kind: 'imported',
      prompt: 'castle on a hill',
      negativePrompt: 'fog',
      seed: 42,
      originalName: 'castle.png',
    })
    // Dropping the same file again is a duplicate, not a second copy.
    const again = await lib.import([join(src, 'castle.png')])
    expect(again.imported).toHaveLength(0)
    expect(again.duplicates).toHaveLength(1)
  })

  it('exports a selection as a ZIP with sidecars, through the save dialog', async () => {
    const dest = { path: '' }
    const { app, lib } = newApp({ platform: { chooseSaveFile: async () => dest.path } })
    dest.path = join(app.dir, 'out.zip')
    const a = await saveImage(lib)
    const b = await saveImage(lib)
    const result = await call<{ path: string; count: number }>(app, 'library:export', {
      ids: [a.id, b.id],
    })
    expect(result).toEqual({ ok: true, value: { path: dest.path, count: 2, skipped: 0 } })
    const names = await new Promise<string[]>((resolve, reject) => {
      yauzl.open(dest.path, { lazyEntries: true }, (err, zip) => {
        if (err || !zip) return reject(err)
        const out: string[] = []
        zip.on('entry', (e: yauzl.Entry) => {
          out.push(e.fileName)
          zip.readEntry()
        })
        zip.on('end', () => resolve(out))
        zip.readEntry()
      })
    })
    expect(names.sort()).toEqual(
      [a.relPath, `${a.relPath}.json`, b.relPath, `${b.relPath}.json`].sort(),
    )
    const cancelled = createTestApp()
    apps.push(cancelled)
    const c = await saveImage(cancelled.container.library)
    expect(await call(cancelled, 'library:export', { ids: [c.id] })).toEqual({
      ok: true,
      value: null,
    })
  })

  it('serves thumbnails made once per content hash, outside the library folder', async () => {
    const { app, lib, libraryDir } = newApp()
    const item = await saveImage(lib)
    const r = await createMediaHandler(lib.mediaSource)(
      new Request(`gen-media://thumb/${item.id}?v=1`),
    )
    expect(r.status).toBe(200)
    const webp = Buffer.from(await r.arrayBuffer())
    const meta = await sharp(webp).metadata()
    expect(meta.format).toBe('webp')
    const thumbFile = join(
      app.dir,
      'userData',
      'cache',
      'thumbs',
      item.sha256.slice(0, 2),
      `${item.sha256}.webp`,
    )
    // Served again, the same file answers: not made a second time (a new file would be renamed
    // into place, with a new inode). Its mtime is the cache's recency (thumbCacheCap.ts).
    const first = await fs.stat(thumbFile)
    const again = await createMediaHandler(lib.mediaSource)(
      new Request(`gen-media://thumb/${item.id}`),
    ).then((x) => x.arrayBuffer())
    expect(Buffer.from(again).equals(webp)).toBe(true)
    const second = await fs.stat(thumbFile)
    expect(second.ino).toBe(first.ino)
    expect(second.mtimeMs).toBeGreaterThanOrEqual(first.mtimeMs)
    const inLibrary = await fs.readdir(libraryDir, { recursive: true })
    expect(inLibrary.some((f) => String(f).endsWith('.webp'))).toBe(false)
    const original = await createMediaHandler(lib.mediaSource)(
      new Request(`gen-media://library/${item.relPath}`, { headers: { range: 'bytes=0-7' } }),
    )
    expect(original.status).toBe(206)
    expect(Buffer.from(await original.arrayBuffer())[1]).toBe(0x50) // 'P' of \x89PNG
  })

  it('makes the thumbnail of an image whose sidecar has no content hash, and keeps the hash', async () => {
    const { app, libraryDir } = newApp()
    // What another install or tool may leave: a sidecar without sha256.
    const day = join(libraryDir, '2025', '05', '06')
    await writeResults(day, 1, await makePng(40, 30), { name: 'elsewhere' })
    const lib = restartedService(app)
    await lib.whenReconciled()
    expect((await lib.get('elsewhere-0')).sha256).toBe('')
    const r = await createMediaHandler(lib.mediaSource)(
      new Request('gen-media://thumb/elsewhere-0'),
    )
    expect(r.status).toBe(200)
    expect((await sharp(Buffer.from(await r.arrayBuffer())).metadata()).format).toBe('webp')
    const sha = createHash('sha256')
      .update(await fs.readFile(join(day, 'elsewhere-0.png')))
      .digest('hex')
    expect((await lib.get('elsewhere-0')).sha256).toBe(sha)
  })

  it('has no thumbnail for a video until the renderer gives it a poster frame', async () => {
    const { app, lib } = newApp()
    const video = await lib.save({
      kind: 'video',
      model: 'clip-h3',
      prompt: 'rain',
      params: {},
      file: { bytes: makeMp4(4), ext: 'mp4' },
    })
    expect(
      (await createMediaHandler(lib.mediaSource)(new Request(`gen-media://thumb/${video.id}`)))
        .status,
    ).toBe(404)
    const frame = await sharp({
      create: { width: 640, height: 360, channels: 3, background: '#555' },
    })
      .png()
      .toBuffer()
    const ok = await call(app, 'library:setPoster', {
      id: video.id,
      dataUrl: `data:image/png;base64,${frame.toString('base64')}`,
    })
    expect(ok.ok).toBe(true)
    const thumb = await createMediaHandler(lib.mediaSource)(
      new Request(`gen-media://thumb/${video.id}`),
    )
    expect(thumb.status).toBe(200)
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(320)
    const garbage = await call(app, 'library:setPoster', {
      id: video.id,
      dataUrl: 'data:image/png;base64,AAAA',
      replace: true,
    })
    expect(errorOf(garbage).code).toBe('validation')
  })

  it('takes a poster while the index writer holds the lock: answers at once, the flag lands after', async () => {
    const { app } = newApp()
    // No folder watcher: its reconcile is queued work, which the writer's jobs never overlap.
    const lib = restartedService(app)
    const video = await lib.save({
      kind: 'video',
      model: 'clip-h3',
      prompt: 'surf',
      params: {},
      file: { bytes: makeMp4(4), ext: 'mp4' },
    })
    const frame = await sharp({
      create: { width: 320, height: 180, channels: 3, background: '#345' },
    })
      .png()
      .toBuffer()
    const { default: Database } = await import('better-sqlite3')
    const holder = new Database(join(app.dir, 'userData', 'library-index.sqlite'))
    const posterFlag = () =>
      holder.prepare('SELECT poster FROM items WHERE id = ?').pluck().get(video.id)
    // The index writer's lock, as a first index holds it for a commit of 10,000 rows.
    holder.exec('BEGIN IMMEDIATE')
    try {
      const t0 = performance.now()
      const tile = await lib.setPoster(video.id, frame)
      // busy_timeout (5 s) would have held main's thread until the lock went.
      expect(performance.now() - t0).toBeLessThan(1500)
      expect(tile.hasThumb).toBe(true)
      await new Promise((resolve) => setTimeout(resolve, 600))
      expect(posterFlag()).toBe(0)
    } finally {
      holder.exec('COMMIT')
    }
    await waitFor(async () => (posterFlag() === 1 ? true : null), 5000)
    holder.close()
    expect((await lib.get(video.id)).hasThumb).toBe(true)
  })

  it('reads settings from a dropped PNG for the forms, and refuses non-images', async () => {
    const { app, lib } = newApp()
    const item = await saveImage(lib, {
      kind: 'art',
      model: 'art-v5',
      params: { width: 64, height: 48, steps: 23 },
    })
    const dropped = join(app.dir, 'Library', item.relPath)
    // Not dropped or picked yet: main refuses to read it for the renderer (issue #13).
    expect(errorOf(await call(app, 'library:readSettings', { path: dropped }))).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('only open files you drop or choose'),
    })
    for (const name of [item.relPath, 'x.txt', 'nope.png'])
      app.container.chosenFiles.add(join(app.dir, name.includes('/') ? 'Library' : '', name))
    const settings = await call<{ source: string }>(app, 'library:readSettings', { path: dropped })
    expect(settings).toMatchObject({
      ok: true,
      value: {
        source: 'gen-studio',
        kind: 'art',
        model: 'art-v5',
        prompt: 'a red lighthouse at dusk',
        steps: 23,
        seed: 7,
      },
    })
    await fs.writeFile(join(app.dir, 'x.txt'), 'hello')
    expect(
      errorOf(await call(app, 'library:readSettings', { path: join(app.dir, 'x.txt') })).code,
    ).toBe('validation')
    expect(
      errorOf(await call(app, 'library:readSettings', { path: join(app.dir, 'nope.png') })).code,
    ).toBe('not_found')
  })

  it('reveals, opens and drags the real files through the platform', async () => {
    const { app, lib, libraryDir } = newApp()
    const item = await saveImage(lib)
    const abs = join(libraryDir, item.relPath)
    expect((await call(app, 'library:reveal', { id: item.id })).ok).toBe(true)
    expect((await call(app, 'library:openExternal', { id: item.id })).ok).toBe(true)
    expect((await call(app, 'library:startDrag', { ids: [item.id] })).ok).toBe(true)
    expect(app.shell).toEqual([`show ${abs}`, `open ${abs}`, `drag ${abs}`])
    await fs.rm(abs)
    expect(errorOf(await call(app, 'library:reveal', { id: item.id }))).toMatchObject({
      code: 'not_found',
      action: expect.stringMatching(/Rescan/),
    })
  })

  it('follows a change of library folder in Settings', async () => {
    const { app, lib } = newApp()
    const first: LibraryItem = await saveImage(lib)
    const other = join(app.dir, 'Other Library')
    await app.container.settings.setLibraryDir(other)
    await waitFor(async () => (await lib.status()).dir === other && (await lib.status()).ready)
    expect((await lib.query({}, null)).items).toHaveLength(0)
    const second = await saveImage(lib)
    expect(existsSync(join(other, second.relPath))).toBe(true)
    await app.container.settings.setLibraryDir(join(app.dir, 'Library'))
    await waitFor(async () => (await lib.query({}, null)).items[0]?.id === first.id)
  })
})

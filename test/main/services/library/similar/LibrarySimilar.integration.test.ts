import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { promises as fs } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import sharp from 'sharp'
import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({}))

import { Thumbnailer } from '@main/adapters/thumbnails/Thumbnailer'
import { FolderTrash } from '@main/adapters/trash/FolderTrash'
import { MainEvents } from '@main/events'
import { dispatch } from '@main/ipc/dispatch'
import { LibraryService } from '@main/services/library/LibraryService'
import type { DuplicatesView, SimilarView } from '@shared/library/similar'
import type { AppError, AppFailure, Result } from '@shared/result'
import { watchLoopGaps } from '@test/support/loopGaps'
import { makeMp4, waitFor } from '@test/support/mediaFixtures'
import { createTestApp } from '@test/support/testContainer'

const dirs: string[] = []
const services: LibraryService[] = []
const apps: Array<ReturnType<typeof createTestApp>> = []

afterEach(async () => {
  for (const s of services.splice(0)) await s.close()
  for (const a of apps.splice(0)) await a.close()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** A library service over a temp folder, its background hashing starting at once. */
function newLibrary(root = mkdtempSync(join(tmpdir(), 'lib-similar-'))) {
  if (!dirs.includes(root)) dirs.push(root)
  const libraryDir = join(root, 'Library')
  mkdirSync(libraryDir, { recursive: true })
  const thumbs = new Thumbnailer(join(root, 'thumbs'))
  const lib = new LibraryService({
    settings: { settings: async () => ({ libraryDir }) },
    events: new MainEvents(),
    indexPath: join(root, 'index.sqlite'),
    thumbs,
    trash: new FolderTrash(join(root, 'Trash')),
    watch: false,
    similar: { startDelayMs: 0, addedDelayMs: 0 },
  })
  services.push(lib)
  return { root, lib, libraryDir, thumbs, src: join(root, 'Desktop') }
}

/** A picture with layout and grain, 768² (the thumbnail shrinks it as the app does). */
async function picture(seed: number, sunX: number): Promise<Buffer> {
  const raw = Buffer.alloc(768 * 768 * 3)
  let x = seed
  for (let i = 0; i < raw.length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0
    raw[i] = 96 + (x >>> 26)
  }
  const grain = await sharp(raw, { raw: { width: 768, height: 768, channels: 3 } })
    .blur(1)
    .png()
    .toBuffer()
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="768" height="768"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff8a3d"/><stop offset="1" stop-color="#4b1d6e"/></linearGradient></defs><rect width="768" height="768" fill="url(#g)"/><circle cx="${sunX}" cy="300" r="110" fill="#ffd23f"/><polygon points="0,768 200,450 390,630 570,390 768,768" fill="#1b1b2f"/></svg>`
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'soft-light' }])
    .png()
    .toBuffer()
}

/** Writes files to the "desktop" with distinct modification times (imports are dated by them). */
async function files(src: string, entries: Record<string, Buffer>): Promise<string[]> {
  await fs.mkdir(src, { recursive: true })
  const paths: string[] = []
  let t = Date.UTC(2026, 0, 1) / 1000
  for (const [name, bytes] of Object.entries(entries)) {
    const path = join(src, name)
    await fs.writeFile(path, bytes)
    await fs.utimes(path, t, t)
    t += 60
    paths.push(path)
  }
  return paths
}

/** The duplicates once the background has hashed everything. */
const settled = async (lib: LibraryService): Promise<DuplicatesView> =>
  (await waitFor(async () => {
    const view = await lib.duplicates()
    return view.analysing ? null : view
  }, 20_000))!

const groupIds = (view: DuplicatesView) => view.groups.map((g) => g.members.map((m) => m.tile.id))

describe('find similar and duplicates through LibraryService', () => {
  it('groups a resized and a re-encoded copy with the original, keeps other pictures apart, and keeps one with undo', async () => {
    const { lib, src } = newLibrary()
    const original = await picture(1, 470)
    const [orig, half, jpeg, other] = await files(src, {
      'orig.png': original,
      'half.png': await sharp(original).resize(384).png().toBuffer(),
      'jpeg.jpg': await sharp(original).jpeg({ quality: 70 }).toBuffer(),
      'other.png': await picture(2, 160),
      'clip.mp4': makeMp4(3),
    })
    const order = ['orig.png', 'half.png', 'jpeg.jpg', 'other.png', 'clip.mp4']
    const report = await lib.import([orig!, half!, jpeg!, other!, join(src, 'clip.mp4')])
    expect(report.imported).toHaveLength(5)
    const id = (name: string) => report.imported[order.indexOf(name)]!.id

    const view = await settled(lib)
    expect(view.totalGroups).toBe(1)
    const [group] = view.groups
    // The suggested one to keep first: the most pixels, then the oldest.
    expect(group!.members.map((m) => m.tile.id)).toEqual([
      id('orig.png'),
      id('jpeg.jpg'),
      id('half.png'),
    ])
    expect(group!.members[0]).toMatchObject({ distance: 0, sameFile: true })
    for (const m of group!.members.slice(1)) {
      expect(m.sameFile).toBe(false)
      expect(m.distance).toBeLessThanOrEqual(8)
    }

    const similar = await lib.similar(id('orig.png'))
    expect(similar.sourceId).toBe(id('orig.png'))
    expect(
      similar.hits
        .map((h) => h.tile.id)
        .slice(0, 2)
        .sort(),
    ).toEqual([id('half.png'), id('jpeg.jpg')].sort())
    expect(similar.hits.map((h) => h.distance)).toEqual(
      [...similar.hits.map((h) => h.distance)].sort((a, b) => a - b),
    )
    const far = await lib.similar(id('orig.png'), 64, 10)
    expect(far.hits.find((h) => h.tile.id === id('other.png'))!.distance).toBeGreaterThan(20)
    await expect(lib.similar(id('clip.mp4'))).rejects.toMatchObject({
      error: { code: 'unsupported' },
    })

    // Keep this one: the others go through delete with undo.
    const receipt = await lib.delete([id('jpeg.jpg'), id('half.png')])
    expect((await lib.duplicates()).groups).toEqual([])
    expect((await lib.similar(id('orig.png'))).hits).toEqual([])
    await lib.undoDelete(receipt.token)
    expect(groupIds(await settled(lib))).toEqual([[id('orig.png'), id('jpeg.jpg'), id('half.png')]])
  })

  it('groups byte-identical copies that came into the folder by hand', async () => {
    const { lib, src, libraryDir } = newLibrary()
    const [orig] = await files(src, { 'orig.png': await picture(3, 300) })
    const [item] = (await lib.import([orig!])).imported
    // A copy made outside the app (import would refuse it as already in the library).
    await fs.copyFile(
      join(libraryDir, (await lib.get(item!.id)).relPath),
      join(libraryDir, 'copy.png'),
    )
    await lib.reconcile()
    // The rescan reports the new file to the similar index through the library's change event,
    // which can arrive just after reconcile() answers: wait for the group (bounded), then check it.
    const view = (await waitFor(async () => {
      const v = await settled(lib)
      return v.groups.length > 0 ? v : null
    }, 20_000))!
    expect(view.groups).toHaveLength(1)
    expect(view.groups[0]!.members.map((m) => [m.sameFile, m.distance])).toEqual([
      [true, 0],
      [true, 0],
    ])

    // Asked at once: the same distance shares one grouping; another distance stops it (the
    // panel's level changed), and the newer one answers.
    const asked = [lib.duplicates(7), lib.duplicates(7), lib.duplicates(6)]
    const [first, joined, newer] = await Promise.allSettled(asked)
    for (const stopped of [first, joined]) {
      expect(stopped!.status).toBe('rejected')
      expect(((stopped as PromiseRejectedResult).reason as AppFailure).error.code).toBe('cancelled')
    }
    expect(newer).toMatchObject({ status: 'fulfilled', value: { maxDistance: 6 } })
    expect((newer as PromiseFulfilledResult<DuplicatesView>).value.groups).toHaveLength(1)
  })

  it('hashes an upgraded library in the background from the cached thumbnails, without decoding the files again', async () => {
    const first = newLibrary()
    const original = await picture(4, 520)
    const paths = await files(first.src, {
      'a.png': original,
      'b.jpg': await sharp(original).jpeg({ quality: 75 }).toBuffer(),
      'c.png': await picture(5, 200),
    })
    await first.lib.import(paths)
    const before = groupIds(await settled(first.lib))
    expect(before).toHaveLength(1)
    await first.lib.close()
    services.splice(services.indexOf(first.lib), 1)

    // As if the index was written before hashes existed: no hash stored, thumbnails cached.
    const { default: Database } = await import('better-sqlite3')
    const db = new Database(join(first.root, 'index.sqlite'))
    db.exec('DELETE FROM phashes')
    db.close()

    const again = newLibrary(first.root)
    const fromThumb = vi.spyOn(again.thumbs, 'phashOfThumb')
    const fromFile = vi.spyOn(again.thumbs, 'phashOf')
    await again.lib.whenReconciled()
    expect(groupIds(await settled(again.lib))).toEqual(before)
    expect(fromThumb).toHaveBeenCalledTimes(3)
    expect(fromFile).not.toHaveBeenCalled()
  })

  it('keeps hashes back while another connection holds the index’s write lock, without holding main’s thread for it', async () => {
    const first = newLibrary()
    const original = await picture(6, 480)
    const paths = await files(first.src, {
      'a.png': original,
      'b.jpg': await sharp(original).jpeg({ quality: 75 }).toBuffer(),
      'c.png': await picture(7, 220),
    })
    await first.lib.import(paths)
    const before = groupIds(await settled(first.lib))
    await first.lib.close()
    services.splice(services.indexOf(first.lib), 1)
    const { default: Database } = await import('better-sqlite3')
    const indexPath = join(first.root, 'index.sqlite')
    const holder = new Database(indexPath)
    holder.exec('DELETE FROM phashes')

    const again = newLibrary(first.root)
    const fromThumb = vi.spyOn(again.thumbs, 'phashOfThumb')
    await again.lib.whenReconciled()
    // The index writer's lock, as a first index holds it for a commit of 10,000 rows.
    holder.exec('BEGIN IMMEDIATE')
    const gaps = watchLoopGaps()
    let longest: number
    try {
      await waitFor(async () => (fromThumb.mock.calls.length >= 3 ? true : null), 20_000)
      // Long enough for the first write and a retry of it to meet the lock.
      await new Promise((resolve) => setTimeout(resolve, 700))
    } finally {
      longest = gaps.stop()
    }
    // busy_timeout (5 s) would have held main's thread until the lock went.
    expect(longest).toBeLessThan(200)
    expect(holder.prepare('SELECT count(*) FROM phashes').pluck().get()).toBe(0)
    holder.exec('COMMIT')
    holder.close()

    // Kept, not lost: stored once the lock is free, and the groups are the same.
    expect(groupIds(await settled(again.lib))).toEqual(before)
    const check = new Database(indexPath, { readonly: true })
    const stored = check.prepare('SELECT count(*) FROM phashes').pluck().get()
    check.close()
    expect(stored).toBe(3)
    expect(fromThumb).toHaveBeenCalledTimes(3)
  })

  it('answers through the IPC handlers', async () => {
    const app = createTestApp()
    apps.push(app)
    const lib = app.container.library
    const src = join(app.dir, 'Desktop')
    const original = await picture(6, 400)
    const paths = await files(src, {
      'x.png': original,
      'y.webp': await sharp(original).webp({ quality: 60 }).toBuffer(),
    })
    const { imported } = await lib.import(paths)
    const call = <T>(channel: string, payload: unknown) =>
      dispatch(app.handlers, channel, payload, { senderId: 1 }) as Promise<Result<T>>
    // The item asked about is hashed on demand; the other one by the background (after 2 s).
    const first = await call<SimilarView>('library:similar', { id: imported[0]!.id, limit: 5 })
    expect(first.ok && first.value.analysing).toBe(true)
    const similar = await waitFor(async () => {
      const r = await call<SimilarView>('library:similar', { id: imported[0]!.id, limit: 5 })
      return r.ok && r.value.hits.length ? r.value : null
    }, 20_000)
    expect(similar!.hits.map((h) => h.tile.id)).toEqual([imported[1]!.id])
    const dupes = await call<DuplicatesView>('library:duplicates', {})
    expect(dupes.ok && dupes.value.groups[0]!.members).toHaveLength(2)
    const bad = await call('library:duplicates', { maxDistance: 40 })
    expect(!bad.ok && (bad.error as AppError).code).toBe('validation')
  })
})

import { existsSync, promises as fs } from 'node:fs'
import { join } from 'node:path'

import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({}))

import {
  COLLECTIONS_DIR,
  LEGACY_COLLECTIONS_FILE,
} from '@main/services/library/organise/collections'
import { COPY_KEEP_MS } from '@main/services/library/sync/conflicts'
import { makePng, waitFor } from '@test/support/mediaFixtures'
import { saveResult } from '@test/support/saveResult'
import { createTestApp } from '@test/support/testContainer'

/**
 * Issue #28 without a sync engine: what an engine leaves in the folder (conflict copies,
 * temporary files, a file still being written, the collections file of an older version) put
 * there by hand, as the app finds it.
 */
type App = ReturnType<typeof createTestApp>
const apps: App[] = []
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close()
})

function newApp() {
  const app = createTestApp()
  apps.push(app)
  return { app, lib: app.container.library, dir: join(app.dir, 'Library') }
}

const save = saveResult

const readJson = async (path: string) => JSON.parse(await fs.readFile(path, 'utf8'))

describe('a library folder kept in sync (issue #28)', () => {
  it(
    'merges a conflict copy of a sidecar field by field and removes it (watcher and Rescan)',
    {
      timeout: 60_000,
    },
    async () => {
      const { lib, dir } = newApp()
      const item = await save(lib, 'a fox')
      const sidecarPath = join(dir, `${item.relPath}.json`)
      await lib.setTags([item.id], ['snow'])
      const other = await readJson(sidecarPath) // what the other machine had, then changed
      await lib.setRating([item.id], 4)
      await lib.setTags([item.id], [], ['snow'])
      // The other machine added a tag later than this one's edits, and never saw them.
      other.tags = ['snow', 'winter']
      other.stamps = { ...other.stamps, tags: { ...other.stamps.tags, winter: Date.now() + 1000 } }
      const copy = sidecarPath.replace(/\.json$/, '.sync-conflict-20260126-100000-ABCDEFG.json')
      await fs.writeFile(copy, JSON.stringify(other))
      // Merged at once, into the sidecar and the index…
      await waitFor(async () => (await lib.get(item.id)).tags.join() === 'winter', 5000)
      const merged = await readJson(sidecarPath)
      // This machine's rating and removal of "snow" stand; the other's new tag is added.
      expect(merged).toMatchObject({ rating: 4, tags: ['winter'], prompt: 'a fox' })
      expect(await lib.get(item.id)).toMatchObject({ rating: 4, tags: ['winter'] })
      // …while the copy stays a while for the other machines to fetch, then goes.
      expect(existsSync(copy)).toBe(true)
      await waitFor(async () => !existsSync(copy), COPY_KEEP_MS + 5000)
      expect(await readJson(sidecarPath)).toEqual(merged)
      expect((await lib.syncStatus()).conflictsMerged).toBe(1)

      // A copy found by a Rescan (Dropbox's name), and one that cannot be read: kept, reported.
      const dropbox = sidecarPath.replace(/\.json$/, " (Laptop's conflicted copy 2026-01-26).json")
      await fs.writeFile(
        dropbox,
        JSON.stringify({
          ...merged,
          rating: 2,
          stamps: { ...merged.stamps, rating: Date.now() + 5000 },
        }),
      )
      const broken = sidecarPath.replace(/\.json$/, '.sync-conflict-20260126-110000-HIJKLMN.json')
      await fs.writeFile(broken, '{ not json')
      await lib.reconcile()
      await waitFor(async () => (await lib.get(item.id)).rating === 2, 10_000)
      await waitFor(async () => !existsSync(dropbox), COPY_KEEP_MS + 5000)
      expect(existsSync(broken)).toBe(true)
      const status = await lib.syncStatus()
      expect(status.problems.map((p) => p.relPath)).toContain(broken.slice(dir.length + 1))
    },
  )

  it(
    'converges renames of one collection and keeps collections made elsewhere',
    {
      timeout: 60_000,
    },
    async () => {
      const { lib, dir } = newApp()
      await lib.whenReconciled()
      const trips = await lib.collections.create('Trips')
      const file = join(dir, COLLECTIONS_DIR, `${trips.id}.json`)
      await lib.collections.rename(trips.id, 'Holidays')
      const renamedHere = await readJson(file)
      // The other machine renamed it later, and created a collection of its own.
      const copy = file.replace(/\.json$/, '.sync-conflict-20260126-100000-ABCDEFG.json')
      await fs.writeFile(
        copy,
        JSON.stringify({ ...renamedHere, name: 'Summer', renamed: renamedHere.renamed + 10 }),
      )
      await fs.writeFile(
        join(dir, COLLECTIONS_DIR, 'c-elsewhere.json'),
        JSON.stringify({ id: 'c-elsewhere', name: 'Food', created: '2026-01-26T10:00:00.000Z' }),
      )
      await waitFor(
        async () => (await lib.collections.list()).map((c) => c.name).join() === 'Food,Summer',
        5000,
      )
      await waitFor(async () => !existsSync(copy), COPY_KEEP_MS + 5000)
      expect((await lib.collections.list()).map((c) => c.name)).toEqual(['Food', 'Summer'])
    },
  )

  it('migrates collections.json once into one file per collection, losing nothing', async () => {
    const { app, dir } = newApp()
    await fs.mkdir(join(dir, COLLECTIONS_DIR), { recursive: true })
    const legacy = {
      format: 'gen-studio-collections',
      version: 1,
      collections: [
        { id: 'c-aaa', name: 'Best', created: '2025-05-06T10:00:00.000Z' },
        { id: 'c-bbb', name: 'Old name', created: '2025-05-07T10:00:00.000Z' },
      ],
    }
    await fs.writeFile(join(dir, LEGACY_COLLECTIONS_FILE), JSON.stringify(legacy))
    // Another machine already migrated and renamed c-bbb: its file is newer and is kept.
    await fs.writeFile(
      join(dir, COLLECTIONS_DIR, 'c-bbb.json'),
      JSON.stringify({
        id: 'c-bbb',
        name: 'New name',
        created: '2025-05-07T10:00:00.000Z',
        renamed: 5,
      }),
    )
    const lib = app.container.library
    expect((await lib.collections.list()).map((c) => c.name)).toEqual(['Best', 'New name'])
    expect(existsSync(join(dir, LEGACY_COLLECTIONS_FILE))).toBe(false)
    expect(await readJson(join(dir, `${LEGACY_COLLECTIONS_FILE}.migrated`))).toEqual(legacy)
    expect(await readJson(join(dir, COLLECTIONS_DIR, 'c-aaa.json'))).toMatchObject({ name: 'Best' })
  })

  it("never indexes a sync engine's temporary files, and waits for a file still being written", async () => {
    const { lib, dir } = newApp()
    await lib.whenReconciled()
    const day = join(dir, '2026', '01', '27')
    await fs.mkdir(day, { recursive: true })
    const png = await makePng(32, 32, '#00aa00')
    for (const name of [
      '.syncthing.a.png.tmp',
      '~syncthing~b.png.tmp',
      'c.png.partial',
      'd.png.!sync',
    ])
      await fs.writeFile(join(day, name), png)
    await fs.mkdir(join(dir, '.stversions'), { recursive: true })
    await fs.writeFile(join(dir, '.stversions', 'old.png'), png)
    // A copy in progress under its final name, no sidecar yet: written in two halves.
    const growing = join(day, 'e.png')
    await fs.writeFile(growing, png.subarray(0, 20))
    await lib.reconcile()
    expect((await lib.status()).itemCount).toBe(0)
    expect((await lib.syncStatus()).waiting).toBe(1)
    await fs.appendFile(growing, png.subarray(20))
    // Indexed once it has been left alone long enough, whole.
    await waitFor(async () => (await lib.status()).itemCount === 1, 10_000)
    const page = await lib.query({}, null)
    expect(page.items.map((t) => t.fileName)).toEqual(['e.png'])
    expect((await lib.get(page.items[0]!.id)).bytes).toBe(png.length)
    expect((await lib.syncStatus()).waiting).toBe(0)
  })
  it('in a folder a sync engine keeps, a file whose sidecar has not arrived gets no sidecar of its own; the real one takes over', async () => {
    const { lib, dir } = newApp()
    await lib.whenReconciled()
    await fs.mkdir(join(dir, '.stfolder'), { recursive: true })
    const day = join(dir, '2026', '01', '28')
    await fs.mkdir(day, { recursive: true })
    const png = await makePng(16, 16, '#aa0000')
    await fs.writeFile(join(day, 'f.png'), png)
    // Indexed once settled (the folder quiet, no transfer under way), under a path-derived ID…
    await waitFor(async () => (await lib.status()).itemCount === 1, 10_000)
    const [tile] = (await lib.query({}, null)).items
    expect(tile!.id).toMatch(/^f-[0-9a-f]{24}$/)
    // …and no sidecar was written to fight the one on its way.
    expect(existsSync(join(day, 'f.png.json'))).toBe(false)
    const sidecar = {
      format: 'gen-studio-library',
      version: 1,
      id: 'from-the-other-machine',
      kind: 'image',
      model: 'std-image-2',
      prompt: 'a red square',
      bytes: png.length,
      created: '2026-01-28T10:00:00.000Z',
    }
    await fs.writeFile(join(day, '.syncthing.f.png.json.tmp'), JSON.stringify(sidecar))
    await fs.rename(join(day, '.syncthing.f.png.json.tmp'), join(day, 'f.png.json'))
    await waitFor(async () => (await lib.get('from-the-other-machine').catch(() => null)) !== null)
    expect(await lib.get('from-the-other-machine')).toMatchObject({ prompt: 'a red square' })
    expect((await lib.status()).itemCount).toBe(1)
    await expect(lib.get(tile!.id)).rejects.toThrow()
  })
  it('after a merge the index holds the merged sidecar, even when its stamp did not change', async () => {
    const { lib, dir } = newApp()
    const item = await save(lib, 'a heron')
    const sidecarPath = join(dir, `${item.relPath}.json`)
    const before = await readJson(sidecarPath)
    const { mtime } = await fs.stat(sidecarPath)
    // Another machine's version put in place by a sync engine with the same mtime (it sets the
    // sender's): the stamp the index compares is unchanged, so a plain re-read skips it.
    const theirs = { ...before, rating: 3, stamps: { rating: Date.now() } }
    await fs.writeFile(sidecarPath, `${JSON.stringify(theirs, null, 2)}\n`)
    await fs.utimes(sidecarPath, mtime, mtime)
    await new Promise((r) => setTimeout(r, 1000))
    expect((await lib.get(item.id)).rating).toBe(0)
    // Then a conflict copy of the older version: merged, the sidecar keeps the newer rating.
    const copy = sidecarPath.replace(/\.json$/, '.sync-conflict-20260126-100000-ABCDEFG.json')
    await fs.writeFile(copy, JSON.stringify(before))
    await waitFor(async () => (await lib.get(item.id)).rating === 3, 5000)
    expect(await readJson(sidecarPath)).toMatchObject({ rating: 3 })
  })
  it("keeps a picture's conflict copy aside: never indexed, listed until it is deleted", async () => {
    const { lib, dir } = newApp()
    const item = await save(lib, 'a harbour')
    const abs = join(dir, item.relPath)
    const copy = abs.replace(/\.png$/, '.sync-conflict-20260126-100000-ABCDEFG.png')
    const dropbox = abs.replace(/\.png$/, " (Laptop's conflicted copy 2026-01-26).png")
    await fs.writeFile(copy, await makePng(20, 20, '#0000aa'))
    await fs.writeFile(dropbox, await makePng(20, 20, '#00aa00'))
    const listed = async () =>
      (await lib.syncStatus()).problems.map((p) => p.relPath.split('/').pop()).sort()
    await waitFor(async () => (await listed()).length === 2, 5000)
    expect((await lib.syncStatus()).problems[0]!.message).toMatch(/older version of .*\.png/)
    await lib.reconcile() // a full walk does not index them either
    expect((await lib.status()).itemCount).toBe(1)
    expect((await lib.query({}, null)).items.map((t) => t.id)).toEqual([item.id])
    await fs.rm(copy)
    await fs.rm(dropbox)
    await waitFor(async () => (await listed()).length === 0, 5000)
    expect((await lib.status()).itemCount).toBe(1)
  })
})

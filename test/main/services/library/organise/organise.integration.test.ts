import { chmodSync, promises as fs, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({}))

import { Thumbnailer } from '@main/adapters/thumbnails/Thumbnailer'
import { MainEvents } from '@main/events'
import { dispatch } from '@main/ipc/dispatch'
import { LibraryService } from '@main/services/library/LibraryService'
import {
  COLLECTIONS_DIR,
  LEGACY_COLLECTIONS_FILE,
  UNNAMED,
} from '@main/services/library/organise/collections'
import type {
  CollectionDeleteReceipt,
  LibraryCollection,
  OrganiseReceipt,
  TagCount,
} from '@shared/library/organise'
import type { LibraryChange, LibraryItem } from '@shared/library/types'
import type { AppError, Result } from '@shared/result'
import { makePng } from '@test/support/mediaFixtures'
import { createTestApp } from '@test/support/testContainer'

type TestApp = ReturnType<typeof createTestApp>
const apps: TestApp[] = []
const services: LibraryService[] = []

afterEach(async () => {
  for (const s of services.splice(0)) await s.close()
  for (const a of apps.splice(0)) await a.close()
})

function newApp() {
  const app = createTestApp()
  apps.push(app)
  const changes: LibraryChange[] = []
  app.container.events.forward((e, p) => {
    if (e === 'library:changed') changes.push(p as LibraryChange)
  })
  return { app, lib: app.container.library, libraryDir: join(app.dir, 'Library'), changes }
}

/** A second service over the same folders: what the next app start sees. */
function restartedService(app: TestApp) {
  const lib = new LibraryService({
    settings: app.container.settings,
    events: new MainEvents(),
    indexPath: join(app.dir, 'userData', 'library-index.sqlite'),
    thumbs: new Thumbnailer(join(app.dir, 'userData', 'cache', 'thumbs')),
    trash: app.trash,
    watch: false,
  })
  services.push(lib)
  return lib
}

/** Through the IPC dispatch (zod parse, handler, Result), as the renderer calls it. */
async function call<T>(app: TestApp, channel: string, payload: unknown): Promise<T> {
  const r = (await dispatch(app.handlers, channel, payload, { senderId: 7 })) as Result<T>
  if (!r.ok) throw Object.assign(new Error(r.error.message), { appError: r.error })
  return r.value
}
async function failure(app: TestApp, channel: string, payload: unknown): Promise<AppError> {
  const r = await dispatch(app.handlers, channel, payload, { senderId: 7 })
  if (r.ok) throw new Error(`expected ${channel} to fail`)
  return r.error
}

let clock = new Date(2026, 2, 14, 9, 0).getTime()
const save = (lib: LibraryService, prompt: string) =>
  makePng().then((bytes) =>
    lib.save({
      kind: 'image',
      model: 'std-image-2',
      prompt,
      negativePrompt: '',
      params: {},
      seed: 1,
      costEstimate: 0.01,
      sourceTaskId: null,
      createdAt: (clock += 60_000),
      file: { bytes, ext: 'png' },
    }),
  )

const sidecarOf = (dir: string, item: LibraryItem) =>
  JSON.parse(readFileSync(join(dir, `${item.relPath}.json`), 'utf8')) as Record<string, unknown>
const ids = (page: { items: Array<{ id: string }> }) => page.items.map((t) => t.id)

describe('organising the library (issue #16)', () => {
  it('writes ratings, tags and collections to the sidecars, and a full index rebuild keeps them', async () => {
    const { app, lib, libraryDir, changes } = newApp()
    const a = await save(lib, 'a red fox')
    const b = await save(lib, 'a blue whale')
    const c = await save(lib, 'a green frog')
    const fav = await call<OrganiseReceipt>(app, 'library:setRating', {
      ids: [a.id, b.id],
      rating: 4,
    })
    expect(fav.before).toEqual([
      { id: a.id, rating: 0 },
      { id: b.id, rating: 0 },
    ])
    expect(changes.at(-1)).toEqual({ reason: 'updated', ids: [a.id, b.id] })
    await call(app, 'library:setTags', { ids: [a.id, c.id], add: ['Sunset', ' sea ', 'SUNSET'] })
    await call(app, 'library:setTags', { ids: [a.id], add: ['#Golden hour'], remove: ['sea'] })
    const col = await call<LibraryCollection>(app, 'collections:create', { name: 'Best of March' })
    expect(col).toMatchObject({ name: 'Best of March', count: 0 })
    expect(col.id).toMatch(/^c-[0-9a-f]{12}$/)
    await call(app, 'collections:addItems', { id: col.id, ids: [a.id, b.id] })

    expect(sidecarOf(libraryDir, a)).toMatchObject({
      rating: 4,
      tags: ['Sunset', 'Golden hour'],
      collections: [col.id],
      prompt: 'a red fox',
    })
    expect(sidecarOf(libraryDir, c)).toMatchObject({ tags: ['Sunset', 'sea'] })
    expect(sidecarOf(libraryDir, c)).not.toHaveProperty('rating')
    expect(sidecarOf(libraryDir, c)).not.toHaveProperty('collections')
    const file = JSON.parse(
      readFileSync(join(libraryDir, COLLECTIONS_DIR, `${col.id}.json`), 'utf8'),
    )
    expect(file).toMatchObject({
      format: 'gen-studio-collection',
      id: col.id,
      name: 'Best of March',
    })

    // Everything from the folder alone: index file gone, a new start rebuilds it.
    await lib.close()
    await fs.rm(join(app.dir, 'userData', 'library-index.sqlite'))
    const next = restartedService(app)
    await next.whenReconciled()
    expect(await next.get(a.id)).toMatchObject({
      rating: 4,
      tags: ['Sunset', 'Golden hour'],
      collections: [col.id],
    })
    expect(ids(await next.query({ minRating: 4 }, null))).toEqual([b.id, a.id])
    expect(ids(await next.query({ tags: ['sunset'] }, null))).toEqual([c.id, a.id])
    expect(ids(await next.query({ collectionId: col.id, tags: ['golden hour'] }, null))).toEqual([
      a.id,
    ])
    expect(ids(await next.query({ text: 'fox #sunset' }, null))).toEqual([a.id])
    expect(await next.tagSuggestions('s')).toEqual<TagCount[]>([
      { tag: 'Sunset', count: 2 },
      { tag: 'sea', count: 1 },
    ])
    expect(await next.collections.list()).toEqual([{ ...col, count: 2 }])
    // The organised sidecars were read, never rewritten, by the rebuild.
    expect(sidecarOf(libraryDir, a).rating).toBe(4)
  })

  it('undoes every change with the receipt it returned', async () => {
    const { app, lib } = newApp()
    const a = await save(lib, 'one')
    const b = await save(lib, 'two')
    await call(app, 'library:setTags', { ids: [a.id], add: ['x', 'y'] })
    await call(app, 'library:setRating', { ids: [a.id], rating: 2 })

    const rated = await call<OrganiseReceipt>(app, 'library:setRating', {
      ids: [a.id, b.id],
      rating: 5,
    })
    const tagged = await call<OrganiseReceipt>(app, 'library:setTags', {
      ids: [a.id, b.id],
      remove: ['X'],
      add: ['z'],
    })
    expect(tagged.before).toEqual([
      { id: a.id, tags: ['x', 'y'] },
      { id: b.id, tags: [] },
    ])
    // Undo in reverse order: tags, then ratings. Each undo leaves the other field alone.
    await call(app, 'library:setOrganise', { items: tagged.before })
    expect(await lib.get(a.id)).toMatchObject({ tags: ['x', 'y'], rating: 5 })
    await call(app, 'library:setOrganise', { items: rated.before })
    expect(await lib.get(a.id)).toMatchObject({ tags: ['x', 'y'], rating: 2 })
    expect(await lib.get(b.id)).toMatchObject({ tags: [], rating: 0 })

    // Favourites of a selection go the same way, and so does their undo.
    const favs = await call<OrganiseReceipt>(app, 'library:setOrganise', {
      items: [a.id, b.id].map((id) => ({ id, favourite: true })),
    })
    expect((await lib.query({ favourites: true }, null)).items).toHaveLength(2)
    await call(app, 'library:setOrganise', { items: favs.before })
    expect((await lib.query({ favourites: true }, null)).items).toHaveLength(0)
    // A change that changes nothing has nothing to undo.
    expect(
      (await call<OrganiseReceipt>(app, 'library:setRating', { ids: [b.id], rating: 0 })).before,
    ).toEqual([])
  })

  it('creates, renames and deletes collections; delete takes the id out of every sidecar and undo brings it back', async () => {
    const { app, lib, libraryDir } = newApp()
    const a = await save(lib, 'one')
    const b = await save(lib, 'two')
    const keep = await call<LibraryCollection>(app, 'collections:create', { name: 'Keep' })
    const trip = await call<LibraryCollection>(app, 'collections:create', { name: 'Trip' })
    expect((await failure(app, 'collections:create', { name: ' keep ' })).code).toBe('validation')
    expect((await failure(app, 'collections:create', { name: '   ' })).code).toBe('validation')

    const renamed = await call<{ collection: LibraryCollection; previousName: string }>(
      app,
      'collections:rename',
      { id: trip.id, name: 'Alps trip' },
    )
    expect(renamed).toMatchObject({ previousName: 'Trip', collection: { name: 'Alps trip' } })
    await call(app, 'collections:addItems', { id: trip.id, ids: [a.id, b.id] })
    await call(app, 'collections:addItems', { id: keep.id, ids: [a.id] })
    const out = await call<OrganiseReceipt>(app, 'collections:removeItems', {
      id: keep.id,
      ids: [a.id, b.id],
    })
    expect(out.before).toEqual([{ id: a.id, collections: [trip.id, keep.id] }])
    await call(app, 'library:setOrganise', { items: out.before })
    expect((await lib.get(a.id)).collections.sort()).toEqual([keep.id, trip.id].sort())

    const deleted = await call<CollectionDeleteReceipt>(app, 'collections:delete', { id: trip.id })
    expect(deleted.collection).toMatchObject({ id: trip.id, name: 'Alps trip' })
    expect(deleted.receipt.before.map((p) => p.id).sort()).toEqual([a.id, b.id].sort())
    expect(sidecarOf(libraryDir, a).collections).toEqual([keep.id])
    expect(sidecarOf(libraryDir, b)).not.toHaveProperty('collections')
    expect(
      (await call<LibraryCollection[]>(app, 'collections:list', {})).map((c) => c.name),
    ).toEqual(['Keep'])
    expect((await lib.query({ collectionId: trip.id }, null)).items).toEqual([])
    // Both items are still in the library.
    expect((await lib.query({}, null)).items).toHaveLength(2)

    const restored = await call<LibraryCollection>(app, 'collections:restore', {
      collection: deleted.collection,
      items: deleted.receipt.before,
    })
    expect(restored).toMatchObject({ id: trip.id, name: 'Alps trip', count: 2 })
    expect(sidecarOf(libraryDir, a).collections).toEqual([trip.id, keep.id])
    expect(await call<LibraryCollection[]>(app, 'collections:list', {})).toMatchObject([
      { name: 'Alps trip', count: 2 },
      { name: 'Keep', count: 1 },
    ])
    expect((await failure(app, 'collections:addItems', { id: 'c-nope', ids: [a.id] })).code).toBe(
      'not_found',
    )
  })

  it('lists memberships whose definition is lost as an unnamed collection that can be renamed', async () => {
    const { app, lib, libraryDir } = newApp()
    const a = await save(lib, 'one')
    const col = await call<LibraryCollection>(app, 'collections:create', { name: 'Lost' })
    await call(app, 'collections:addItems', { id: col.id, ids: [a.id] })
    await fs.rm(join(libraryDir, COLLECTIONS_DIR, `${col.id}.json`))
    expect(await call<LibraryCollection[]>(app, 'collections:list', {})).toEqual([
      { id: col.id, name: UNNAMED, created: 0, count: 1 },
    ])
    await call(app, 'collections:rename', { id: col.id, name: 'Found' })
    expect((await call<LibraryCollection[]>(app, 'collections:list', {}))[0]).toMatchObject({
      name: 'Found',
      count: 1,
    })
    // An unreadable file is never overwritten: changes are refused with a way out.
    const own = join(libraryDir, COLLECTIONS_DIR, `${col.id}.json`)
    writeFileSync(own, '{ not json')
    const renaming = await failure(app, 'collections:rename', { id: col.id, name: 'Again' })
    expect(renaming).toMatchObject({ code: 'storage' })
    expect(renaming.action).toContain(`${col.id}.json`)
    expect(readFileSync(own, 'utf8')).toBe('{ not json')
    writeFileSync(join(libraryDir, LEGACY_COLLECTIONS_FILE), '{ not json')
    const error = await failure(app, 'collections:create', { name: 'New' })
    expect(error).toMatchObject({ code: 'storage' })
    expect(error.action).toContain(LEGACY_COLLECTIONS_FILE)
    expect(readFileSync(join(libraryDir, LEGACY_COLLECTIONS_FILE), 'utf8')).toBe('{ not json')
    expect((await call<LibraryCollection[]>(app, 'collections:list', {}))[0]!.count).toBe(1)
  })

  it('reports items it cannot change and changes the rest', async () => {
    const { app, lib, libraryDir } = newApp()
    const a = await save(lib, 'one')
    const b = await save(lib, 'two')
    writeFileSync(join(libraryDir, `${b.relPath}.json`), '{ broken')
    const receipt = await call<OrganiseReceipt>(app, 'library:setRating', {
      ids: [a.id, b.id, 'gone'],
      rating: 3,
    })
    expect(receipt.before).toEqual([{ id: a.id, rating: 0 }])
    expect(receipt.failed.map((f) => f.id)).toEqual([b.id, 'gone'])
    expect(readFileSync(join(libraryDir, `${b.relPath}.json`), 'utf8')).toBe('{ broken')
    const all = await failure(app, 'library:setRating', { ids: [b.id], rating: 1 })
    expect(all.code).toBe('storage')
    if (process.getuid?.() !== 0) {
      chmodSync(join(libraryDir, a.relPath, '..'), 0o555)
      try {
        const ro = await failure(app, 'library:setTags', { ids: [a.id], add: ['t'] })
        expect(ro.message).toMatch(/read-only/)
      } finally {
        chmodSync(join(libraryDir, a.relPath, '..'), 0o755)
      }
    }
    expect((await failure(app, 'library:setRating', { ids: [a.id], rating: 6 })).code).toBe(
      'validation',
    )
    expect(
      (await failure(app, 'library:setTags', { ids: [a.id], add: ['x'.repeat(65)] })).code,
    ).toBe('validation')
  })

  it('a sidecar edited by hand is read again, tags and all', async () => {
    const { lib, libraryDir } = newApp()
    const a = await save(lib, 'one')
    const path = join(libraryDir, `${a.relPath}.json`)
    const sidecar = JSON.parse(readFileSync(path, 'utf8'))
    writeFileSync(path, JSON.stringify({ ...sidecar, rating: 3, tags: ['hand', 'HAND', 'made'] }))
    const later = new Date(Date.now() + 5000)
    await fs.utimes(path, later, later)
    await lib.reconcile()
    expect(await lib.get(a.id)).toMatchObject({ rating: 3, tags: ['hand', 'made'] })
  })
})

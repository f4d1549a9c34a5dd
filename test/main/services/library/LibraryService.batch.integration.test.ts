import { promises as fs, readFileSync } from 'node:fs'
import { join } from 'node:path'

import Database from 'better-sqlite3'
import { describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({}))

import { Thumbnailer } from '@main/adapters/thumbnails/Thumbnailer'
import { MainEvents } from '@main/events'
import { dispatch } from '@main/ipc/dispatch'
import { LibraryService } from '@main/services/library/LibraryService'
import type { BatchCell } from '@shared/batch/types'
import type { LibraryPage } from '@shared/library/types'
import type { Result } from '@shared/result'
import { libraryApps, type TestApp } from '@test/support/libraryApps'
import { makePng } from '@test/support/mediaFixtures'

/** Batch results in the library (issue #15): the sidecar keeps the cell, the index follows. */

const { newApp, closeAfter } = libraryApps()

const indexPath = (app: TestApp) => join(app.dir, 'userData', 'library-index.sqlite')

/** A second service over the same folders: what the next app start sees. */
function restartedService(app: TestApp) {
  const lib = new LibraryService({
    settings: app.container.settings,
    events: new MainEvents(),
    indexPath: indexPath(app),
    thumbs: new Thumbnailer(join(app.dir, 'userData', 'cache', 'thumbs')),
    trash: app.trash,
    watch: false,
  })
  closeAfter(lib)
  return lib
}

const cell = (batchId: string, index: number, over: Partial<BatchCell> = {}): BatchCell => ({
  batchId,
  index,
  x: `steps ${10 * (index + 1)}`,
  y: 'guidance 5',
  repeat: 1,
  picks: [],
  ...over,
})

let minute = 0
const save = (lib: LibraryService, costEstimate: number | null, batch: BatchCell | null = null) =>
  makePng(16, 16).then((bytes) =>
    lib.save({
      kind: 'art',
      model: 'art-v5',
      prompt: `item ${minute}`,
      params: { steps: 20 },
      costEstimate,
      sourceTaskId: `task-${minute}`,
      createdAt: new Date(2026, 2, 14, 9, minute++).getTime(),
      file: { bytes, ext: 'png' },
      batch,
    }),
  )

/** Four items: two from batch A, one from batch B, one on its own without a price. */
async function fill(lib: LibraryService) {
  const a0 = await save(lib, 0.02, cell('batch-a', 0))
  const a1 = await save(lib, 0.04, cell('batch-a', 1, { repeat: 2, picks: ['red'] }))
  const b0 = await save(lib, 0.01, cell('batch-b', 0, { x: null, y: null }))
  const lone = await save(lib, null)
  return { a0, a1, b0, lone }
}

const ids = (page: LibraryPage) => page.items.map((t) => t.id)

describe('LibraryService: batch and cost', () => {
  it('writes the batch cell to the sidecar and shows it on the item, the tile and the filter', async () => {
    const { app, lib, libraryDir } = newApp()
    const { a0, a1, b0, lone } = await fill(lib)
    const sidecar = JSON.parse(readFileSync(join(libraryDir, `${a1.relPath}.json`), 'utf8'))
    expect(sidecar.batch).toEqual(cell('batch-a', 1, { repeat: 2, picks: ['red'] }))
    expect(sidecar.costEstimate).toBe(0.04)
    expect(
      'batch' in JSON.parse(readFileSync(join(libraryDir, `${lone.relPath}.json`), 'utf8')),
    ).toBe(false)
    expect(a1.batch).toEqual(sidecar.batch)
    expect(lone.batch).toBeNull()
    const tiles = (await lib.query({}, null)).items
    expect(tiles.find((t) => t.id === a0.id)).toMatchObject({
      costEstimate: 0.02,
      batchId: 'batch-a',
    })
    expect(tiles.find((t) => t.id === lone.id)).toMatchObject({ costEstimate: null, batchId: null })
    expect(ids(await lib.query({ batchId: 'batch-a' }, null))).toEqual([a1.id, a0.id])
    // Through IPC: the filter, the sort and a cost cursor pass the contract's schemas.
    const call = (payload: unknown) =>
      dispatch(app.handlers, 'library:query', payload, { senderId: 7 }) as Promise<
        Result<LibraryPage>
      >
    const first = await call({ filter: { sort: 'cost-desc', maxCost: 0.04 }, limit: 2 })
    if (!first.ok) throw new Error(first.error.message)
    expect(ids(first.value)).toEqual([a1.id, a0.id])
    expect(first.value.next).toMatchObject({ id: a0.id, cost: 0.02 })
    const second = await call({
      filter: { sort: 'cost-desc', maxCost: 0.04 },
      after: first.value.next,
      limit: 2,
    })
    expect(second.ok && ids(second.value)).toEqual([b0.id])
    const bad = await call({ filter: { minCost: -1, batchId: 'x'.repeat(200) } })
    expect(!bad.ok && bad.error.code).toBe('validation')
  })

  it('drops a malformed batch cell on save instead of writing it', async () => {
    const { lib, libraryDir } = newApp()
    const bytes = await makePng(8, 8)
    const item = await lib.save({
      kind: 'image',
      model: 'm',
      prompt: 'p',
      params: {},
      file: { bytes, ext: 'png' },
      batch: { batchId: '', index: -1 } as unknown as BatchCell,
    })
    expect(item.batch).toBeNull()
    expect(
      'batch' in JSON.parse(readFileSync(join(libraryDir, `${item.relPath}.json`), 'utf8')),
    ).toBe(false)
  })

  it('rebuilds batch and cost from the sidecars alone', async () => {
    const { app, lib, libraryDir } = newApp()
    const { a0, a1, b0, lone } = await fill(lib)
    await lib.close()
    await fs.rm(indexPath(app))
    // A damaged batch field costs only the batch link, never the item.
    const path = join(libraryDir, `${b0.relPath}.json`)
    const damaged = { ...JSON.parse(readFileSync(path, 'utf8')), batch: { batchId: 42 } }
    await fs.writeFile(path, JSON.stringify(damaged))
    const next = restartedService(app)
    await next.whenReconciled()
    expect((await next.get(a1.id)).batch).toEqual(cell('batch-a', 1, { repeat: 2, picks: ['red'] }))
    expect(ids(await next.query({ batchId: 'batch-a' }, null))).toEqual([a1.id, a0.id])
    expect(ids(await next.query({ batchId: 'batch-b' }, null))).toEqual([])
    expect(await next.get(b0.id)).toMatchObject({ batch: null, problem: null, costEstimate: 0.01 })
    expect(ids(await next.query({ sort: 'cost-desc' }, null))).toEqual([
      a1.id,
      a0.id,
      b0.id,
      lone.id,
    ])
    expect(ids(await next.query({ sort: 'cost-asc' }, null))).toEqual([
      b0.id,
      a0.id,
      a1.id,
      lone.id,
    ])
    expect(ids(await next.query({ minCost: 0.02 }, null))).toEqual([a1.id, a0.id])
    expect(await next.ids({ sort: 'cost-asc', maxCost: 0.02 })).toEqual([b0.id, a0.id])
    expect((await next.months({ batchId: 'batch-a' }))[0]!.count).toBe(2)
  })

  it('fills the batch columns of an index written before they existed', async () => {
    const { app, lib } = newApp()
    const { a0, a1 } = await fill(lib)
    await lib.close()
    // Turn the index back into the first version: no batch columns, no cost index, real stamps,
    // and none of what later migrations added (organise tables, perceptual hashes, lineage,
    // count tables, month facets, search terms).
    const db = new Database(indexPath(app))
    db.exec(`DROP INDEX items_problem; DROP TABLE fts_terms; DELETE FROM meta WHERE key = 'fts_terms_complete';
      DROP TRIGGER items_facets_au; DROP TABLE side_month_facets; DROP TRIGGER month_counts_ad; DROP TRIGGER month_counts_au; DROP TABLE month_counts;
      DROP TABLE tag_months; DROP TABLE collection_months; DROP TABLE rating_months;
      DROP TABLE tag_labels; DROP TRIGGER items_lineage_ad; DROP TABLE item_lineage;
      DROP TRIGGER items_organise_bd; DROP TABLE item_tags; DROP TABLE item_collections;
      DROP TABLE item_ratings; ALTER TABLE items DROP COLUMN rating; DROP TABLE phashes;
      DROP INDEX items_batch; DROP INDEX items_cost;
      ALTER TABLE items DROP COLUMN batch_id; ALTER TABLE items DROP COLUMN batch_x;
      ALTER TABLE items DROP COLUMN batch_y; ALTER TABLE items DROP COLUMN batch_index;
      ALTER TABLE items DROP COLUMN batch_repeat; ALTER TABLE items DROP COLUMN batch_picks;
      CREATE TRIGGER items_ai AFTER INSERT ON items BEGIN
        INSERT INTO items_fts(rowid, prompt, negative) VALUES (new.rowid, new.prompt, new.negative);
      END;
      PRAGMA user_version = 1;`)
    db.close()
    const next = restartedService(app)
    await next.whenReconciled()
    expect(ids(await next.query({ batchId: 'batch-a' }, null))).toEqual([a1.id, a0.id])
    expect((await next.get(a0.id)).batch).toEqual(cell('batch-a', 0))
    expect((await next.status()).itemCount).toBe(4)
    // Migration 5 dropped the insert trigger: the re-read rows are searchable once, not twice.
    const found = await next.query({ text: 'item' }, null)
    expect(found.items.length).toBe(4)
    const fts = new Database(indexPath(app), { readonly: true })
    const triggers = fts
      .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'")
      .pluck()
      .all()
    const ftsRows = fts.prepare('SELECT count(*) FROM items_fts_docsize').pluck().get()
    fts.close()
    expect(triggers).not.toContain('items_ai')
    expect(ftsRows).toBe(4)
  })
})

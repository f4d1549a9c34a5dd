import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { openDatabase } from '@main/adapters/sqlite/openDatabase'
import { stampChanged } from '@main/services/library/disk/scan'
import { MIGRATIONS, STALE_STAMP } from '@main/services/library/index/indexSchema'
import { LibraryIndex } from '@main/services/library/index/LibraryIndex'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lib-schema-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** An index as the first version wrote it: one item with a sidecar, one without. */
function firstVersionIndex(path: string): void {
  const db = openDatabase({ path, migrations: MIGRATIONS.slice(0, 1) })
  const insert =
    db.prepare(`INSERT INTO items (rowid, id, rel_path, kind, media, ext, model, prompt,
    negative, params, cost, bytes, sha256, created, month, file_mtime, file_size, sidecar_mtime)
    VALUES (?, ?, ?, 'image', 'image', 'png', 'm', 'p', '', '{}', ?, 1, '', 1, 202601, 7, 1, ?)`)
  insert.run(1024, 'with-sidecar', 'a.png', 0.04, 1234)
  insert.run(2048, 'no-sidecar', 'b.png', null, -1)
  db.close()
}

describe('library index schema', () => {
  it('upgrades a first-version index in place and marks sidecars to be read again', () => {
    const path = join(dir, 'index.sqlite')
    firstVersionIndex(path)
    const index = new LibraryIndex(path)
    try {
      expect(index.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
      expect(index.count()).toBe(2)
      const stamps = index.stamps()
      expect(stamps.get('a.png')!.sidecarMtime).toBe(STALE_STAMP)
      expect(stamps.get('b.png')!.sidecarMtime).toBe(-1)
      // So the next reconcile re-reads the first (its sidecar is there) and not the second.
      const onDisk = (sidecarMtime: number) => ({ fileMtime: 7, fileSize: 1, sidecarMtime })
      expect(stampChanged(stamps.get('a.png'), onDisk(1234))).toBe(true)
      expect(stampChanged(stamps.get('b.png'), onDisk(-1))).toBe(false)
      // The old rows stay browsable meanwhile, with the new fields empty.
      const tile = index.page({}, null, 10).items.find((t) => t.id === 'with-sidecar')!
      expect(tile).toMatchObject({ costEstimate: 0.04, batchId: null })
      expect(index.get('with-sidecar')!.batch).toBeNull()
      expect(index.page({ batchId: 'x' }, null, 10).items).toEqual([])
      expect(index.page({ sort: 'cost-desc' }, null, 10).items.map((t) => t.id)).toEqual([
        'with-sidecar',
        'no-sidecar',
      ])
    } finally {
      index.close()
    }
    // Opening again runs nothing twice.
    const again = new LibraryIndex(path)
    expect(again.stamps().get('a.png')!.sidecarMtime).toBe(STALE_STAMP)
    again.close()
  })

  it('stores and returns a batch cell', () => {
    const index = new LibraryIndex(join(dir, 'fresh.sqlite'))
    try {
      const batch = {
        batchId: 'batch-1',
        index: 4,
        x: 'steps 20',
        y: null,
        repeat: 2,
        picks: ['red'],
      }
      index.upsert([
        {
          relPath: 'x.png',
          media: 'image',
          ext: 'png',
          fileMtime: 1,
          fileSize: 1,
          sidecarMtime: 1,
          problem: null,
          sidecar: {
            format: 'gen-studio-library',
            version: 1,
            id: 'x',
            kind: 'image',
            model: 'm',
            prompt: '',
            negativePrompt: '',
            params: {},
            seed: null,
            costEstimate: 0.02,
            sourceTaskId: null,
            width: 1,
            height: 1,
            durationSec: null,
            bytes: 1,
            sha256: '',
            created: new Date(0).toISOString(),
            favourite: false,
            demo: false,
            batch,
          },
        },
      ])
      expect(index.get('x')!.batch).toEqual(batch)
      expect(index.page({ batchId: 'batch-1' }, null, 5).items[0]).toMatchObject({
        id: 'x',
        batchId: 'batch-1',
        costEstimate: 0.02,
      })
    } finally {
      index.close()
    }
  })
})

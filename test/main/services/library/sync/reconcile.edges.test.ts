import { existsSync, promises as fs } from 'node:fs'
import { join } from 'node:path'

import { scanFolder } from '@main/services/library/disk/scan'
import type { LibraryReader } from '@main/services/library/reader/LibraryReader'
import { ConflictMerger, type MergeOutcome } from '@main/services/library/sync/conflicts'
import type { LibraryChange } from '@shared/library/types'
import { inProcessWriter } from '@test/support/inProcessWriter'
import { writeResults } from '@test/support/libraryFolder'
import { reconcilerSuite, type Reconciling } from '@test/support/reconcilerOf'
import { afterEach, describe, expect, it, vi } from 'vitest'

/**
 * reconcile.ts's LibraryReconciler on a core of its own (no LibraryService, no folder watch): what
 * a merge pass's outcome makes it do, whether a missing sidecar is written (never in a folder a
 * sync engine keeps), and the 500-row chunks of the first index and a reconcile (each item read and
 * announced once, at most 500 rows a write). The service-level paths are in reconcile.test.ts.
 */
const suite = reconcilerSuite('reconcile-edges-')
const { dirOf, reconcilerOf } = suite

/** What the next merge pass reports, whatever the paths it is given. */
function mergeReports(outcome: Partial<MergeOutcome>) {
  return vi
    .spyOn(ConflictMerger.prototype, 'merge')
    .mockResolvedValue({ media: [], collections: false, kept: [], keptForMs: 0, ...outcome })
}

const COPY = '2025/05/06/a.sync-conflict-20250506-100000-ABCDEFG.png.json'
const announcedIds = (c: LibraryChange[]) => c.flatMap((x) => x.ids)

describe('after a merge pass', () => {
  it('re-reads a merged item even when its stamps look unchanged', async () => {
    const root = await dirOf('merged')
    const day = join(root, '2025', '05', '06')
    await writeResults(day, 1, suite.png, { name: 'a' })
    const r = await reconcilerOf(root)
    await r.reconciler.all()
    expect(r.core.idx().get('a-0')?.prompt).toBe('a 0')
    // What a merge can leave: new text under the mtime the sync engine set (the same as before).
    const sidecar = join(day, 'a-0.png.json')
    const { mtime } = await fs.stat(sidecar)
    const text = (await fs.readFile(sidecar, 'utf8')).replace('"a 0"', '"a 1"')
    await fs.writeFile(sidecar, text)
    await fs.utimes(sidecar, mtime, mtime)
    r.changes.length = 0
    mergeReports({ media: ['2025/05/06/a-0.png'] })

    await r.reconciler.mergeConflicts([COPY])

    expect(r.core.idx().get('a-0')?.prompt).toBe('a 1')
    expect(r.changes).toEqual([{ reason: 'added', ids: ['a-0'] }])
    expect(r.onWaiting).not.toHaveBeenCalled()
  })

  it('looks at kept copies again only after they may go, and announces a changed collection', async () => {
    const r = await reconcilerOf(await dirOf('kept'))
    mergeReports({ kept: [COPY], keptForMs: 4000, collections: true })

    await r.reconciler.mergeConflicts([COPY])

    expect(r.onWaiting).toHaveBeenCalledTimes(1)
    const [paths, afterMs] = r.onWaiting.mock.calls[0] as [string[], number]
    expect(paths).toEqual([COPY])
    // Not before the copy's keep time is over (it would be kept again), and not long after.
    expect(afterMs).toBeGreaterThan(4000)
    expect(afterMs).toBeLessThan(5000)
    expect(r.changes).toEqual([{ reason: 'updated', ids: [] }])
  })

  it('asks for nothing and announces nothing when the pass merged nothing', async () => {
    const r = await reconcilerOf(await dirOf('nothing'))
    const merge = mergeReports({})

    await r.reconciler.mergeConflicts([COPY])

    expect(merge).toHaveBeenCalledWith([COPY])
    expect(r.onWaiting).not.toHaveBeenCalled()
    expect(r.changes).toEqual([])
  })
})

describe('rows for files without a sidecar', () => {
  async function orphanIn(root: string) {
    await fs.mkdir(join(root, 'in'), { recursive: true })
    const abs = join(root, 'in', 'x.png')
    await fs.writeFile(abs, suite.png)
    const st = await fs.stat(abs)
    const stamp = { fileMtime: Math.round(st.mtimeMs), fileSize: st.size, sidecarMtime: -1 }
    return { abs, entries: [['in/x.png', stamp]] as Array<[string, typeof stamp]> }
  }

  it('writes the missing sidecar in a folder no sync engine keeps', async () => {
    const root = await dirOf('plain')
    const { abs, entries } = await orphanIn(root)
    const r = await reconcilerOf(root)

    const rows = await r.reconciler.rowsFor(root, entries)

    expect(rows.map((x) => x.relPath)).toEqual(['in/x.png'])
    expect(existsSync(`${abs}.json`)).toBe(true)
    expect(rows[0]!.sidecarMtime).toBeGreaterThanOrEqual(0)
  })

  it('writes none in a Syncthing folder, where the file’s own sidecar may still come', async () => {
    const root = await dirOf('synced')
    await fs.mkdir(join(root, '.stfolder'))
    const { abs, entries } = await orphanIn(root)
    const r = await reconcilerOf(root)

    const rows = await r.reconciler.rowsFor(root, entries)

    expect(rows.map((x) => x.relPath)).toEqual(['in/x.png'])
    expect(existsSync(`${abs}.json`)).toBe(false)
    expect(rows[0]!.sidecarMtime).toBe(-1)
  })

  it('lists a file it cannot read as a scan problem, and makes no row for it', async () => {
    const root = await dirOf('gone')
    const r = await reconcilerOf(root)
    const stamp = { fileMtime: 1, fileSize: 1, sidecarMtime: -1 }

    const rows = await r.reconciler.rowsFor(root, [['in/gone.png', stamp]])

    expect(rows).toEqual([])
    expect(r.core.scanProblems.map((p) => p.relPath)).toEqual(['in/gone.png'])
    expect(r.core.scanProblems[0]!.message).not.toBe('')
  })
})

describe('more files than one chunk (501)', () => {
  /** Each item once in what was announced, and all of them indexed. */
  function expectEachOnce(r: Reconciling) {
    const ids = announcedIds(r.changes)
    expect(ids).toHaveLength(501)
    expect(new Set(ids).size).toBe(501)
    expect(r.core.idx().count()).toBe(501)
  }

  it('a reconcile on main’s thread reads and announces each file once', async () => {
    const r = await reconcilerOf(suite.big)
    await r.reconciler.all()
    expectEachOnce(r)
  })

  it('the reader’s first index reads each file it left to main once', async () => {
    const { files } = await scanFolder(suite.big)
    // A reader that read no sidecar itself: every file is left to main's thread.
    const reader: LibraryReader = async function* () {
      yield { type: 'done', others: [...files], errors: [], conflicts: [] }
    }
    const r = await reconcilerOf(suite.big, { reader })
    await r.reconciler.all()
    expectEachOnce(r)
  })

  it('the writer’s first index has main’s rows written at most 500 at a time, each once', async () => {
    const { files } = await scanFolder(suite.big)
    const userData = await dirOf('writer')
    const writer = inProcessWriter(join(userData, 'unused.sqlite'), async (job, _on, real) =>
      job.type === 'build'
        ? { type: 'built', written: 0, ids: [], others: [...files], errors: [], conflicts: [] }
        : real(),
    )
    const r = await reconcilerOf(suite.big, { writer })
    try {
      await r.reconciler.all()
      expect(writer.upserts).toEqual([500, 1])
      const ids = announcedIds(r.changes)
      expect(ids).toHaveLength(501)
      expect(new Set(ids).size).toBe(501)
    } finally {
      await writer.close()
    }
  })
})

describe('a file still arriving', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('waits, listed as waiting, until it has settled; then it is read and no longer listed', async () => {
    const root = await dirOf('arriving')
    await fs.mkdir(join(root, 'in'))
    await fs.writeFile(join(root, 'in', 'x.png'), suite.png)
    const r = await reconcilerOf(root)

    await r.reconciler.paths(['in/x.png'])

    expect(r.core.idx().count()).toBe(0)
    expect([...r.core.activity.waiting]).toEqual(['in/x.png'])
    expect(r.onWaiting).toHaveBeenCalledWith(['in/x.png'])
    expect(r.changes).toEqual([])
    // Seconds later (the clock moved, no sleep): it has settled without a sidecar.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 10_000)
    r.onWaiting.mockClear()

    await r.reconciler.paths(['in/x.png'])

    expect(r.core.idx().count()).toBe(1)
    expect(r.core.idx().problems()).toEqual([])
    expect(existsSync(join(root, 'in', 'x.png.json'))).toBe(true)
    expect([...r.core.activity.waiting]).toEqual([])
    expect(r.onWaiting).not.toHaveBeenCalled()
    expect(r.changes.map((c) => c.reason)).toEqual(['added'])
  })
})

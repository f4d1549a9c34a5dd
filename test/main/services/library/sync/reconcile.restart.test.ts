import { promises as fs } from 'node:fs'
import { join } from 'node:path'

import type * as ScanModule from '@main/services/library/disk/scan'
import { scanFolder } from '@main/services/library/disk/scan'
import { inProcessReader } from '@test/support/inProcessReader'
import { inProcessWriter } from '@test/support/inProcessWriter'
import { writeResults } from '@test/support/libraryFolder'
import { libraryIndexRow } from '@test/support/libraryIndexRow'
import { reconcilerSuite } from '@test/support/reconcilerOf'
import { afterEach, describe, expect, it, vi } from 'vitest'

// The real walk, which a test can make fail once (a folder that cannot be listed: as root, no
// file mode makes one).
vi.mock('@main/services/library/disk/scan', async (importOriginal) => {
  const real = await importOriginal<typeof ScanModule>()
  return { ...real, scanFolder: vi.fn(real.scanFolder) }
})

/**
 * reconcile.ts's LibraryReconciler on a core of its own (test/support/reconcilerOf.ts): a restart's
 * walk on the reader or in the writer, a library closed mid-build, a writer that failed, and the
 * watcher's paths once settled (the clock moved, no sleep). Merges, sidecars and chunks are in
 * reconcile.edges.test.ts; the service-level paths in reconcile.test.ts.
 */
const suite = reconcilerSuite('reconcile-restart-')
const { dirOf, reconcilerOf } = suite

describe('a restart walked on the reader', () => {
  it('merges a sidecar’s conflict copy that came while the app was closed, as main’s walk does', async () => {
    const root = await dirOf('restart-copy')
    const day = join(root, '2025', '05', '06')
    await writeResults(day, 1, suite.png, { name: 'c' })
    const r = await reconcilerOf(root, { reader: inProcessReader, readerStampsFrom: 0 })
    await r.reconciler.all()
    expect(r.core.idx().get('c-0')?.tags).toEqual([])
    const theirs = JSON.parse(await fs.readFile(join(day, 'c-0.png.json'), 'utf8'))
    await fs.writeFile(
      join(day, 'c-0.png.sync-conflict-20260126-100000-ABCDEFG.json'),
      JSON.stringify({ ...theirs, tags: ['sea'], stamps: { tags: { sea: 1000 } } }),
    )
    // The reader reports where the merge must come from: the walk is its own, with its problems.
    const jobs: string[] = []
    r.core.options.reader = (dir, job) => {
      jobs.push(job ?? 'rows')
      return inProcessReader(dir, job)
    }

    await r.reconciler.all()

    expect(jobs).toEqual(['stamps'])
    expect(r.core.idx().get('c-0')?.tags).toEqual(['sea'])
  })

  it('keeps the problems the reader’s walk met', async () => {
    const root = await dirOf('restart-problem')
    await writeResults(join(root, '2025', '05', '06'), 1, suite.png, { name: 'p' })
    const r = await reconcilerOf(root)
    await r.reconciler.all()
    const { files } = await scanFolder(root)
    const problem = { relPath: '2025/05/07', message: 'EIO: the reader could not list it' }
    r.core.options.readerStampsFrom = 0
    r.core.options.reader = async function* (_dir, job) {
      expect(job).toBe('stamps')
      yield { type: 'stamps', files: [...files] }
      yield { type: 'done', others: [], errors: [problem] }
    }

    await r.reconciler.all()

    expect(r.core.scanProblems).toEqual([problem])
    expect(r.core.idx().count()).toBe(1)
    expect(r.changes.filter((c) => c.ids.length > 0)).toHaveLength(1)
  })
})

describe('a library closed while its first index is built', () => {
  it('stops reading the reader’s rows and does nothing more', async () => {
    const root = await dirOf('closed-reader')
    const r = await reconcilerOf(root)
    const row = (i: number) => libraryIndexRow(i, {}, { relPath: `f/${i}.png` })
    r.core.options.reader = async function* () {
      yield { type: 'rows', rows: [row(1)] }
      r.core.closed = true
      yield { type: 'rows', rows: [row(2)] }
      yield { type: 'done', others: [], errors: [] }
    }

    await r.reconciler.all()

    expect(r.core.idx().count()).toBe(1)
    expect(r.changes).toEqual([])
    expect(r.core.reconciled).toBe(false)
    expect(r.onUnreadable).not.toHaveBeenCalled()
  })

  it('reads nothing the writer left to main once closed, and walks nothing after a failed writer', async () => {
    const { files } = await scanFolder(suite.big)
    const ud = await dirOf('closed-writer')
    const built = inProcessWriter(join(ud, 'a.sqlite'), async (job, _on, real) => {
      if (job.type !== 'build') return real()
      r.core.closed = true
      return { type: 'built', written: 0, ids: [], others: [...files], errors: [], conflicts: [] }
    })
    const r = await reconcilerOf(suite.big, { writer: built })
    await r.reconciler.all()
    expect(built.jobs).toEqual(['build'])
    expect(r.changes).toEqual([])

    const failed = inProcessWriter(join(ud, 'b.sqlite'), async () => {
      f.core.closed = true
      throw new Error('the writer crashed')
    })
    const f = await reconcilerOf(suite.big, { writer: failed })
    await f.reconciler.all()
    expect(failed.jobs).toEqual(['build'])
    expect(f.core.idx().count()).toBe(0)
    expect(f.changes).toEqual([])
    expect(f.onUnreadable).not.toHaveBeenCalled()
  })
})

describe('a writer that failed the first index', () => {
  it('is not asked to walk the folder again: main builds, the writer only writes its rows', async () => {
    const root = await dirOf('writer-failed')
    await writeResults(join(root, '2025', '05', '06'), 1, suite.png, { name: 'f' })
    const r = await reconcilerOf(root)
    const writer = inProcessWriter(r.indexPath, async (job, _on, real) => {
      if (job.type === 'build') throw new Error('the writer crashed')
      return real()
    })
    r.core.options.writer = writer
    try {
      await r.reconciler.all()
      expect(writer.jobs).toEqual(['build', 'upsert'])
      expect(r.core.idx().get('f-0')).not.toBeNull()
      expect(r.changes).toEqual([{ reason: 'reset', ids: ['f-0'] }])
    } finally {
      await writer.close()
    }
  })
})

describe('a restart', () => {
  it('takes the writer’s walk as it is: its problems, nothing walked again on main', async () => {
    const root = await dirOf('restart-writer')
    await writeResults(join(root, '2025', '05', '06'), 1, suite.png, { name: 'w' })
    const problem = { relPath: '2025/05/07', message: 'EIO: the writer could not list it' }
    const writer = inProcessWriter(join(await dirOf('wr'), 'w.sqlite'), async (job, _on, real) =>
      job.type === 'restart'
        ? { type: 'restarted', changed: [], removedCount: 0, removed: [], errors: [problem] }
        : real(),
    )
    const r = await reconcilerOf(root, { writer })
    r.core.idx().upsert([libraryIndexRow(1, {}, { relPath: 'gone/1.png' })])

    await r.reconciler.all()

    expect(writer.jobs).toEqual(['restart'])
    expect(r.core.scanProblems).toEqual([problem])
    // Main's walk would have found the file the index lacks and the row whose file is gone.
    expect(r.core.idx().count()).toBe(1)
    expect(r.changes).toEqual([])
  })

  it('walks on main when the reader ends without done, passing over messages it does not expect', async () => {
    const root = await dirOf('restart-cut')
    await writeResults(join(root, '2025', '05', '06'), 1, suite.png, { name: 'k' })
    const r = await reconcilerOf(root, { readerStampsFrom: 0 })
    r.core.idx().upsert([libraryIndexRow(1, {}, { relPath: 'gone/1.png' })])
    r.core.options.reader = async function* () {
      yield { type: 'rows', rows: [] }
      yield { type: 'stamps', files: [] }
    }

    await r.reconciler.all()

    expect(r.onUnreadable).not.toHaveBeenCalled()
    expect(r.core.idx().get('k-0')).not.toBeNull()
    expect(r.core.idx().get('id-1')).toBeNull()
  })

  it('names at most 1,000 items when more than that vanished', async () => {
    const r = await reconcilerOf(await dirOf('many-gone'))
    r.core
      .idx()
      .upsert(
        Array.from({ length: 1001 }, (_, i) =>
          libraryIndexRow(i, {}, { relPath: `gone/${i}.png` }),
        ),
      )

    await r.reconciler.all()

    expect(r.core.idx().count()).toBe(0)
    expect(r.changes).toHaveLength(1)
    expect(r.changes[0]!.reason).toBe('removed')
    expect(r.changes[0]!.ids).toHaveLength(1000)
  })
})

describe('paths the watcher reports, settled', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('never reads a link, a file that is not media or a picture’s conflict copy', async () => {
    const root = await dirOf('passed-over')
    const outside = await dirOf('outside')
    await fs.writeFile(join(outside, 'secret.png'), suite.png)
    await fs.mkdir(join(root, 'in'))
    await fs.symlink(join(outside, 'secret.png'), join(root, 'in', 'linked.png'))
    await fs.writeFile(join(root, 'in', 'notes.txt'), 'not media')
    await fs.writeFile(join(root, 'in', 'x.sync-conflict-20260126-100000-ABCDEFG.png'), suite.png)
    const r = await reconcilerOf(root)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 10_000)

    await r.reconciler.paths([
      'in/linked.png',
      'in/notes.txt',
      'in/x.sync-conflict-20260126-100000-ABCDEFG.png',
    ])

    expect(r.core.idx().count()).toBe(0)
    expect(r.core.scanProblems).toEqual([])
    expect(r.changes).toEqual([])
    expect((await fs.readdir(join(root, 'in'))).sort()).toEqual([
      'linked.png',
      'notes.txt',
      'x.sync-conflict-20260126-100000-ABCDEFG.png',
    ])
  })

  it('an unchanged file reported again is no change from outside', async () => {
    const root = await dirOf('unchanged')
    await writeResults(join(root, '2025', '05', '06'), 1, suite.png, { name: 'u' })
    const r = await reconcilerOf(root)
    await r.reconciler.all()
    r.changes.length = 0

    await r.reconciler.paths(['2025/05/06/u-0.png'])

    expect(r.changes).toEqual([])
    expect(r.core.activity.lastExternalChangeAt).toBeNull()
  })

  it('keeps what is indexed under a reported folder it cannot list', async () => {
    const root = await dirOf('unlistable')
    await writeResults(join(root, 'in'), 1, suite.png, { name: 'l' })
    const r = await reconcilerOf(root)
    await r.reconciler.all()
    r.changes.length = 0
    vi.mocked(scanFolder).mockRejectedValueOnce(new Error('EIO: i/o error, scandir'))

    await r.reconciler.paths(['in'])

    expect(r.core.idx().get('l-0')).not.toBeNull()
    expect(r.changes).toEqual([])
  })
})

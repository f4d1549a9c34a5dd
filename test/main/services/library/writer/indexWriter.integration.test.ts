import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { getPriority, tmpdir } from 'node:os'
import { join } from 'node:path'

import { BACKGROUND_PRIORITY } from '@main/adapters/processes/backgroundPriority'
import { openDatabase, type SqliteOpener } from '@main/adapters/sqlite/openDatabase'
import { READER_LANES } from '@main/adapters/threads/libraryReaderThread'
import { Thumbnailer } from '@main/adapters/thumbnails/Thumbnailer'
import { MainEvents } from '@main/events'
import { MIGRATIONS } from '@main/services/library/index/indexSchema'
import type { LibraryIndex } from '@main/services/library/index/LibraryIndex'
import { WRITER_CHECKPOINT_MS } from '@main/services/library/index/walCheckpoints'
import { LibraryService } from '@main/services/library/LibraryService'
import { READ_CHUNK } from '@main/services/library/reader/readLibrary'
import type { IndexWriter } from '@main/services/library/writer/IndexWriter'
import type { LibraryChange, LibraryStatus } from '@shared/library/types'
import { indexWriterProcess } from '@test/support/bundledIndexWriter'
import type { FakeUtilityProcess } from '@test/support/electron/utilityProcess'
import {
  changeFolder,
  copyOfFolder,
  firstIndexFolder,
  indexRows,
} from '@test/support/firstIndexFolder'
import { writeResults } from '@test/support/libraryFolder'
import { makePng } from '@test/support/mediaFixtures'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'

const dirs: string[] = []
const services: LibraryService[] = []
const dbs: Database.Database[] = []
afterEach(async () => {
  for (const db of dbs.splice(0)) db.close()
  for (const s of services.splice(0)) await s.close()
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

const temp = async (name: string) => {
  const d = await mkdtemp(join(tmpdir(), name))
  dirs.push(d)
  return d
}

const folder = (n: number) => firstIndexFolder(n, dirs)

/** A copy of a library folder with the same mtimes (the plain build's input). */
const copyOf = (root: string) => copyOfFolder(root, dirs)

function service(
  root: string,
  userData: string,
  withWriter: boolean,
  options: {
    stampsFrom?: number
    forked?: (c: FakeUtilityProcess) => void
    openDatabase?: SqliteOpener
    writer?: IndexWriter
    similar?: { startDelayMs: number; addedDelayMs: number }
  } = {},
) {
  const events = new MainEvents()
  const changes: LibraryChange[] = []
  const statuses: LibraryStatus[] = []
  const logs: string[] = []
  events.forward((e, p) => {
    if (e === 'library:changed') changes.push(p as LibraryChange)
    if (e === 'library:status') statuses.push(p as LibraryStatus)
  })
  const indexPath = join(userData, 'index.sqlite')
  const thumbsDir = join(userData, 'thumbs')
  const writer: IndexWriter | null =
    options.writer ??
    (withWriter ? indexWriterProcess({ indexPath, thumbsDir }, options.forked) : null)
  const thumbs = new Thumbnailer(thumbsDir)
  const lib = new LibraryService({
    settings: { settings: async () => ({ libraryDir: root }) },
    events,
    indexPath,
    thumbs,
    trash: { trashItem: async () => {} },
    watch: false,
    log: (m) => logs.push(m),
    ...(writer ? { writer } : {}),
    ...(options.stampsFrom === undefined ? {} : { readerStampsFrom: options.stampsFrom }),
    ...(options.openDatabase ? { openDatabase: options.openDatabase } : {}),
    ...(options.similar ? { similar: options.similar } : {}),
  })
  services.push(lib)
  return { lib, changes, statuses, logs, indexPath, thumbs, events }
}

const rows = indexRows

/** Main's own connection to the index (the library's private core), for its settings. */
const mainConnection = (lib: LibraryService) =>
  (lib as unknown as { core: { idx(): LibraryIndex } }).core.idx().db

/**
 * How long main's event loop was held at once while `work` runs, from a 1 ms timer: the longest
 * gap between its ticks (`wallMs`), and the most CPU this process used within one gap (`cpuMs`,
 * process.cpuUsage: main's thread and, conservatively, the helper threads). On a loaded 2-core
 * machine the OS may leave the process waiting for tens of ms between ticks without it doing
 * anything (gaps of 50-80 ms used 8-14 ms of CPU under a load average of 15): the CPU used is what
 * main's own work held it, which is what the writer process has to keep small.
 */
async function longestBlock<T>(
  work: () => Promise<T>,
): Promise<{ result: T; wallMs: number; cpuMs: number }> {
  let last = performance.now()
  let cpu = process.cpuUsage()
  let wallMs = 0
  let cpuMs = 0
  const timer = setInterval(() => {
    const now = performance.now()
    const used = process.cpuUsage(cpu)
    wallMs = Math.max(wallMs, now - last)
    cpuMs = Math.max(cpuMs, (used.user + used.system) / 1000)
    last = now
    cpu = process.cpuUsage()
  }, 1)
  try {
    const result = await work()
    return { result, wallMs, cpuMs }
  } finally {
    clearInterval(timer)
  }
}

describe('the index writer process (issue #33)', () => {
  it('builds the first index off main: main writes under 1% of the rows and its loop is never held over 50 ms of CPU, the index equals the in-process build', async () => {
    const n = 4 * READ_CHUNK + 37
    const a = await folder(n)
    const b = await copyOf(a)
    const userData = await temp('writer-ud-')

    // The in-process build first: it loads (and vitest compiles) every module main's side of a
    // build uses, e.g. the media probe for the broken file, so the figure below is the build's.
    const plain = service(b, join(userData, 'b'), false)
    await plain.lib.whenReconciled()
    const inWriter = service(a, join(userData, 'a'), true)
    const block = await longestBlock(() => inWriter.lib.whenReconciled())

    const built = rows(inWriter.indexPath)
    expect(built.items).toHaveLength(n + 1)
    expect(built).toEqual(rows(plain.indexPath))
    expect(built.search).toBe(n)
    expect(inWriter.logs).toEqual([])
    // Off main: SQLite's count of the rows each connection changed. The in-process build's
    // connection wrote every row; main's connection beside the writer only what main made
    // itself (the broken file's row and its counts: 12), under 1% of that.
    const changed = (lib: LibraryService) =>
      mainConnection(lib).prepare('SELECT total_changes()').pluck().get() as number
    expect(changed(plain.lib)).toBeGreaterThan(n)
    expect(changed(inWriter.lib)).toBeLessThan(changed(plain.lib) / 100)
    // The goal is 50 ms. Measured as the process's CPU within one gap (V8's GC helpers count
    // too), this build's main side took ~10 ms quiet, 15–20 ms beside two busy processes and
    // 22.4 and 28.9 ms in CI; the same build written on main's thread 29–36 ms quiet and 34–44
    // ms beside busy processes (2k-12k items). The figures overlap under load, so the write
    // count above tells the two apart and this bound is the goal's.
    expect(block.cpuMs, `longest gap ${block.wallMs} ms`).toBeLessThanOrEqual(50)
    const status = await inWriter.lib.status()
    expect(status).toMatchObject({ ready: true, itemCount: n + 1 })
    expect(inWriter.changes.at(-1)?.reason).toBe('reset')
    // Progress reached the renderer while the writer built: counts below the total, not ready.
    expect(inWriter.statuses.some((s) => !s.ready && s.itemCount > 0)).toBe(true)
  })

  it('reconciles a restart in the writer: the same changes as main’s walk, nothing for an unchanged folder', async () => {
    const n = 60
    const a = await folder(n)
    const b = await copyOf(a)
    const userData = await temp('writer-restart-')
    for (const [root, ud, w] of [
      [a, 'a', true],
      [b, 'b', false],
    ] as const) {
      const first = service(root, join(userData, ud), w)
      await first.lib.whenReconciled()
      await first.lib.close()
    }
    const same = service(a, join(userData, 'a'), true, { stampsFrom: 0 })
    await same.lib.whenReconciled()
    expect(same.changes).toEqual([])
    await same.lib.close()

    const png = await makePng(8, 8)
    for (const root of [a, b]) await changeFolder(root, { edited: 3, removed: 5, png })
    const inWriter = service(a, join(userData, 'a'), true, { stampsFrom: 0 })
    await inWriter.lib.whenReconciled()
    const plain = service(b, join(userData, 'b'), false)
    await plain.lib.whenReconciled()
    expect(inWriter.logs).toEqual([])
    const ids = (c: LibraryChange[]) => c.flatMap((x) => x.ids).sort()
    expect(ids(inWriter.changes)).toEqual(['new-0', 'r-3', 'r-5'])
    expect(ids(plain.changes)).toEqual(ids(inWriter.changes))
    const items = (path: string) =>
      rows(path).items.map((r) => {
        const { file_mtime: _m, sidecar_mtime: _s, ...rest } = r as Record<string, unknown>
        return rest
      })
    expect(items(inWriter.indexPath)).toEqual(items(plain.indexPath))
    expect((await inWriter.lib.get('r-3')).prompt).toBe('a harbour')
  })

  it('a writer killed mid-build is started again and the build resumes: nothing lost', async () => {
    const n = 6 * READ_CHUNK
    const a = await folder(n)
    const b = await copyOf(a)
    const userData = await temp('writer-crash-')
    const children: FakeUtilityProcess[] = []
    const inWriter = service(a, join(userData, 'a'), true, {
      forked: (child) => {
        children.push(child)
        // The first writer dies once it has written its first chunk.
        if (children.length === 1)
          child.on('message', (m: { event?: { type: string } }) => {
            if (m.event?.type === 'progress') child.kill()
          })
      },
    })
    await inWriter.lib.whenReconciled()
    const plain = service(b, join(userData, 'b'), false)
    await plain.lib.whenReconciled()
    expect(children.length).toBe(2)
    expect(inWriter.logs.join('\n')).toMatch(/index writer stopped and was started again/)
    // The Library said so while the build went on, and says nothing once it is done.
    expect(inWriter.statuses.some((s) => !s.ready && /started again/.test(s.message ?? ''))).toBe(
      true,
    )
    expect(inWriter.statuses.at(-1)).toMatchObject({ ready: true, state: 'ok', message: null })
    expect(rows(inWriter.indexPath)).toEqual(rows(plain.indexPath))
    expect(await inWriter.lib.status()).toMatchObject({ ready: true, itemCount: n + 1 })
  })

  it('closing mid-build asks the writer to close: it exits by itself, its WAL is gone when close resolves, and the next start resumes', async () => {
    const n = 6 * READ_CHUNK
    const root = await folder(n)
    const userData = await temp('writer-close-')
    const exits: number[] = []
    const lib = service(root, userData, true, {
      forked: (child) => child.on('exit', (code: number) => exits.push(code)),
    })
    const building = lib.lib.whenReconciled().catch(() => {})
    await expect.poll(() => lib.statuses.some((s) => !s.ready && s.itemCount > 0)).toBe(true)
    await lib.lib.close()
    // Exit code 0: the process closed the index on main's message (a kill would be 143).
    expect(exits).toEqual([0])
    // Main's connection closed last, so SQLite checkpointed and removed the WAL file.
    expect(existsSync(`${lib.indexPath}-wal`)).toBe(false)
    await building
    // Closing is not a writer failure: nothing was indexed "instead" on main's thread.
    expect(lib.logs).toEqual([])
    const again = service(root, userData, true)
    await again.lib.whenReconciled()
    expect(await again.lib.status()).toMatchObject({ ready: true, itemCount: n + 1 })
  })

  // SIGSTOP pauses the writer to show what main alone does; Windows has no such signal.
  it.skipIf(process.platform === 'win32')(
    'leaves checkpoints to the writer: main’s commits never copy the WAL into the database, the writer does',
    async () => {
      const root = await folder(40)
      const userData = await temp('writer-checkpoint-')
      let writer: FakeUtilityProcess | undefined
      const r = service(root, userData, true, { forked: (child) => (writer = child) })
      await r.lib.whenReconciled()
      const mainDb = mainConnection(r.lib)
      expect(mainDb.pragma('wal_autocheckpoint', { simple: true })).toBe(0)

      // The writer paused, a connection set as main's writes 2,000 pages in small commits: over
      // SQLite's 1000-page threshold, and still nothing reaches the database file.
      const main = new Database(r.indexPath)
      dbs.push(main)
      main.pragma('wal_autocheckpoint = 0')
      main.exec('CREATE TABLE IF NOT EXISTS filler (x BLOB)')
      const before = statSync(r.indexPath).size
      const writerPid = writer!.pid!
      process.kill(writerPid, 'SIGSTOP')
      try {
        const add = main.prepare('INSERT INTO filler VALUES (randomblob(3500))')
        for (let i = 0; i < 2_000; i++) add.run()
        expect(statSync(`${r.indexPath}-wal`).size).toBeGreaterThan(1_000 * 4096)
        expect(statSync(r.indexPath).size).toBe(before)
      } finally {
        process.kill(writerPid, 'SIGCONT')
      }
      // Running again, the writer copies them in (about 7 MB) within a few of its turns.
      await expect
        .poll(() => statSync(r.indexPath).size, { timeout: 10 * WRITER_CHECKPOINT_MS })
        .toBeGreaterThan(before + 6_000_000)
    },
  )

  it('runs below normal priority, every thread of it, so that busy cores run main first', async () => {
    const root = await folder(30)
    const userData = await temp('writer-priority-')
    let writer: FakeUtilityProcess | undefined
    const r = service(root, userData, true, { forked: (child) => (writer = child) })
    await r.lib.whenReconciled()
    const pid = writer!.pid!
    // A test run already niced past the writer's value keeps its own (lowering is all we ask).
    const expected = Math.max(BACKGROUND_PRIORITY, getPriority(0))
    if (process.platform !== 'linux') {
      expect(getPriority(pid)).toBe(expected)
      return
    }
    // Linux: each thread has its own nice value (field 19 of /proc/<pid>/task/<tid>/stat). A
    // thread that ended between the listing and its read (a CI run met one) has none: skipped.
    const niceOf = (tid: string): number | null => {
      let stat: string
      try {
        stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw e
      }
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
    }
    const threads = readdirSync(`/proc/${pid}/task`)
    // Its own thread, the runtime's, and the reader threads it started for the build.
    expect(threads.length).toBeGreaterThan(1 + READER_LANES)
    const nices = threads.map(niceOf).filter((n) => n !== null)
    expect(nices.length).toBeGreaterThanOrEqual(2)
    expect(nices).toEqual(nices.map(() => expected))
  })

  it('takes checkpoints back on main when the writer fails and main writes in its place', async () => {
    const root = await folder(5)
    const userData = await temp('writer-checkpoint-back-')
    const failing: IndexWriter = {
      run: async (job) => {
        if (job.type === 'open') return { type: 'opened' }
        throw new Error('writer gone')
      },
      close: async () => {},
    }
    const r = service(root, userData, false, { writer: failing })
    await r.lib.whenReconciled()
    const mainDb = mainConnection(r.lib)
    expect(r.logs.join('\n')).toMatch(/index writer failed/)
    expect(mainDb.pragma('wal_autocheckpoint', { simple: true })).toBe(1000)
  })

  it('hashes images for “find similar” only once the first index is built: the build keeps the cores', async () => {
    // Over one commit of a build (BULK_COMMIT_ROWS): rows are readable while it goes on. Each
    // sidecar names its content (sha256), which is what a hash is kept by.
    const n = 24_000
    const root = await temp('writer-similar-root-')
    const png = await makePng(8, 8)
    const sha256 = createHash('sha256').update(png).digest('hex')
    await writeResults(join(root, '2025', '05', '06'), n, png, {
      name: 'h',
      extra: () => ({ sha256 }),
    })
    const userData = await temp('writer-similar-')
    const r = service(root, userData, true, { similar: { startDelayMs: 0, addedDelayMs: 0 } })
    const hashedAt: number[] = []
    const phashOf = r.thumbs.phashOf.bind(r.thumbs)
    r.thumbs.phashOf = (path, sha256) => {
      hashedAt.push(performance.now())
      return phashOf(path, sha256)
    }
    const built = r.lib.whenReconciled()
    // Mid-build, rows the writer committed are announced as added (as a result saved meanwhile
    // would be): the hashing waits for the build all the same.
    let committed: Database.Database | null = null
    let ids: string[] = []
    await expect
      .poll(
        () => {
          if (!r.statuses.some((s) => !s.ready && s.itemCount > 0)) return 0
          if (!committed) dbs.push((committed = new Database(r.indexPath, { readonly: true })))
          ids = committed.prepare('SELECT id FROM items LIMIT 100').pluck().all() as string[]
          return ids.length
        },
        { interval: 5, timeout: 30_000 },
      )
      .toBe(100)
    r.events.emit('library:changed', { reason: 'added', ids })
    await built
    expect(hashedAt).toEqual([])
    // Once built, the ready status starts the work again: the images are hashed (they share one
    // picture, so once).
    await expect.poll(() => hashedAt.length, { timeout: 10_000 }).toBeGreaterThan(0)
  })

  it('brings an index made by an older version up to date in the writer: main opens it current', async () => {
    const root = await folder(60)
    const userData = await temp('writer-ud-')
    const made = service(root, userData, false)
    await made.lib.whenReconciled()
    const before = rows(made.indexPath)
    await made.lib.close()
    // The index as the version before schema 8 left it: no month facets (their triggers gone),
    // and none of the later schema's parts.
    const old = 7
    const downgrade = () => {
      const db = new Database(made.indexPath)
      db.exec(`DROP TABLE side_month_facets;
        DROP TRIGGER item_tags_facets_ad; DROP TRIGGER item_collections_facets_ad;
        DROP TRIGGER item_ratings_facets_ad; DROP TRIGGER items_facets_au;
        DROP INDEX items_problem; DROP TABLE fts_terms;
        PRAGMA user_version = ${old};`)
      db.close()
    }
    /** The schema version of the file each time main opens it. */
    const opened =
      (versions: number[]): SqliteOpener =>
      (o) => {
        const db = new Database(o.path, { readonly: true })
        versions.push(db.pragma('user_version', { simple: true }) as number)
        db.close()
        return openDatabase(o)
      }

    // Control: with no writer, main finds the old schema and migrates it on its own thread.
    downgrade()
    const alone: number[] = []
    const plain = service(root, userData, false, { openDatabase: opened(alone) })
    await plain.lib.whenReconciled()
    await plain.lib.close()
    expect(alone).toEqual([old])

    downgrade()
    const seen: number[] = []
    const withWriter = service(root, userData, true, { openDatabase: opened(seen) })
    await withWriter.lib.whenReconciled()
    expect(seen).toEqual([MIGRATIONS.length])
    expect(withWriter.logs).toEqual([])
    expect(rows(withWriter.indexPath)).toEqual(before)
    const facets = new Database(withWriter.indexPath, { readonly: true })
    const tagFacets = facets
      .prepare("SELECT sum(n) FROM side_month_facets WHERE side = 'tag'")
      .pluck()
      .get()
    facets.close()
    expect(tagFacets).toBe(before.tags.length)
  })
})

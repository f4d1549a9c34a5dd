import { existsSync, promises as fs } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { Thumbnailer } from '@main/adapters/thumbnails/Thumbnailer'
import { MainEvents } from '@main/events'
import { LibraryService } from '@main/services/library/LibraryService'
import type { LibraryReader, ReaderMessage } from '@main/services/library/reader/LibraryReader'
import type { WatchListener } from '@main/services/library/sync/folderWatch'
import type { IndexWriter } from '@main/services/library/writer/IndexWriter'
import type { LibraryChange } from '@shared/library/types'
import { changeFolder, copyOfFolder, firstIndexFolder } from '@test/support/firstIndexFolder'
import { inProcessReader } from '@test/support/inProcessReader'
import { inProcessWriter } from '@test/support/inProcessWriter'
import { writeResults } from '@test/support/libraryFolder'
import { libraryIndexRow } from '@test/support/libraryIndexRow'
import { makeMp4, makePng, waitFor } from '@test/support/mediaFixtures'
import Database from 'better-sqlite3'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

/**
 * reconcile.ts on main's thread, fast enough to run for every mutant: the first index and a
 * restart's stat walk with the reader on this thread (reader/readLibrary.ts as the threads run
 * it: test/support/inProcessReader.ts), scripted readers that fail, and the watcher's paths
 * through a watch this test drives. Every file here comes with its sidecar, so none waits to
 * settle (sync/arrival.ts). The threads and the OS's watch are proven in
 * reconcile.firstIndex.integration.test.ts and LibraryService.watcher.integration.test.ts; the
 * writer process in writer/indexWriter.integration.test.ts (here: test/support/inProcessWriter.ts).
 */
let base: string
let png: Buffer
const services: LibraryService[] = []
/** Folders made by test/support/firstIndexFolder.ts, removed with `base`. */
const dirs: string[] = []
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'reconcile-'))
  png = await makePng(8, 8)
})
afterEach(async () => {
  for (const s of services.splice(0)) await s.close()
})
afterAll(async () => {
  for (const d of [base, ...dirs.splice(0)]) await rm(d, { recursive: true, force: true })
})

let seq = 0
/** A fresh folder inside this file's temp folder. */
async function dirOf(name: string): Promise<string> {
  const dir = join(base, `${name}-${seq++}`)
  await fs.mkdir(dir, { recursive: true })
  return dir
}

/** `n` results in two day folders (own ids, own seconds), and one broken sidecar. */
const folder = (n: number) => firstIndexFolder(n, dirs, png)

interface Opened {
  lib: LibraryService
  changes: LibraryChange[]
  logs: string[]
  indexPath: string
  /** Reports a changed path as the OS's watch would (null: somewhere, unknown where). */
  touch: WatchListener
}

async function open(
  root: string,
  userData: string,
  opts: {
    reader?: LibraryReader
    writer?: IndexWriter
    stampsFrom?: number
    watch?: boolean
    /** false: returned while the first reconcile still runs. */
    settle?: boolean
  } = {},
): Promise<Opened> {
  const events = new MainEvents()
  const changes: LibraryChange[] = []
  const logs: string[] = []
  events.forward((e, p) => {
    if (e === 'library:changed') changes.push(p as LibraryChange)
  })
  let listener: WatchListener | null = null
  const lib = new LibraryService({
    settings: { settings: async () => ({ libraryDir: root }) },
    events,
    indexPath: join(userData, 'index.sqlite'),
    thumbs: new Thumbnailer(join(userData, 'thumbs')),
    trash: { trashItem: async () => {} },
    watch: opts.watch ?? false,
    watchDebounceMs: 0,
    watchFolder: (_root, onChange) => {
      listener = onChange
      return { close: () => (listener = null) }
    },
    log: (m) => logs.push(m),
    ...(opts.reader ? { reader: opts.reader } : {}),
    ...(opts.writer ? { writer: opts.writer } : {}),
    ...(opts.stampsFrom === undefined ? {} : { readerStampsFrom: opts.stampsFrom }),
  })
  services.push(lib)
  if (opts.settle === false) void lib.whenReconciled().catch(() => {})
  else await lib.whenReconciled()
  return {
    lib,
    changes,
    logs,
    indexPath: join(userData, 'index.sqlite'),
    touch: (rel) => listener?.(rel),
  }
}

/** The index's rows, without the parts two builds cannot share. */
function rows(indexPath: string): Array<Record<string, unknown>> {
  const db = new Database(indexPath, { readonly: true })
  try {
    return db
      .prepare(
        `SELECT id, rel_path, kind, media, ext, prompt, bytes, created, file_mtime, file_size,
           sidecar_mtime, problem IS NOT NULL AS has_problem FROM items ORDER BY rel_path`,
      )
      .all() as Array<Record<string, unknown>>
  } finally {
    db.close()
  }
}

const ids = (c: LibraryChange[]) => c.flatMap((x) => x.ids).sort()
/** The changes that name items (opening a folder also announces a reset of no items). */
const announced = (c: LibraryChange[]) => c.filter((x) => x.ids.length > 0)

const copyOf = (root: string) => copyOfFolder(root, dirs)

describe('the first index, read by the reader', () => {
  it('indexes what main’s walk indexes, announces it once, and a restart re-reads nothing', async () => {
    const a = await folder(7)
    const b = await copyOf(a)
    const userData = await dirOf('ud')
    const read = await open(a, join(userData, 'a'), { reader: inProcessReader })
    const plain = await open(b, join(userData, 'b'))
    const built = rows(read.indexPath)
    expect(built).toHaveLength(8)
    expect(built.filter((r) => r.has_problem)).toHaveLength(1)
    expect(built).toEqual(rows(plain.indexPath))
    expect(read.logs).toEqual([])
    expect(announced(read.changes)).toEqual([
      { reason: 'reset', ids: expect.arrayContaining(['r-0', 's-2']) },
    ])
    expect(announced(read.changes)[0]!.ids).toHaveLength(8)
    const status = await read.lib.status()
    expect(status).toMatchObject({ ready: true, itemCount: 8, state: 'ok' })
    expect(status.problems).toEqual([
      { relPath: '2025/03/04/broken.png', message: expect.stringMatching(/JSON/) },
    ])
    await read.lib.close()
    const again = await open(a, join(userData, 'a'), { reader: inProcessReader })
    expect(announced(again.changes)).toEqual([])
    expect(rows(again.indexPath)).toEqual(built)
  })

  it('announces nothing for an empty folder, and is ready', async () => {
    const root = await dirOf('empty')
    const s = await open(root, await dirOf('ud'), { reader: inProcessReader })
    expect(announced(s.changes)).toEqual([])
    // Only the reset of opening a new folder, as main's walk makes it: no second, empty one.
    expect(s.changes).toEqual((await open(await dirOf('empty'), await dirOf('ud'))).changes)
    expect(await s.lib.status()).toMatchObject({ ready: true, itemCount: 0 })
  })

  it('names at most 1,000 items in its reset, keeps the reader’s problems, and dates later changes', async () => {
    const root = await dirOf('scripted')
    const many = Array.from({ length: 1001 }, (_, i) => libraryIndexRow(i))
    const problem = { relPath: 'f/x.png', message: 'EACCES: permission denied, open' }
    const scripted: LibraryReader = () => ({
      async *[Symbol.asyncIterator](): AsyncGenerator<ReaderMessage> {
        yield { type: 'rows', rows: many }
        yield { type: 'done', others: [], errors: [problem] }
      },
    })
    const s = await open(root, await dirOf('ud'), { reader: scripted })
    expect(announced(s.changes)).toEqual([
      { reason: 'reset', ids: many.slice(0, 1000).map((r) => r.sidecar.id) },
    ])
    expect((await s.lib.status()).problems).toEqual([problem])
    // The first index done, a file added from outside is a change from outside.
    await writeResults(join(root, '2025', '04', '01'), 1, png, { name: 'late' })
    await s.lib.reconcile()
    expect((await s.lib.syncStatus()).lastExternalChangeAt).toEqual(expect.any(Number))
  })

  it('finishes on main’s thread when the reader fails midway, keeping what it had read', async () => {
    const root = await folder(5)
    let sent = 0
    const failing: LibraryReader = (r) => ({
      async *[Symbol.asyncIterator]() {
        for await (const m of inProcessReader(r)) {
          if (m.type === 'rows') sent += m.rows.length
          yield m
          throw new Error('the thread ran out of memory')
        }
      },
    })
    const s = await open(root, await dirOf('ud'), { reader: failing })
    expect(sent).toBe(5)
    expect((await s.lib.status()).itemCount).toBe(6)
    expect(s.logs).toEqual([
      expect.stringMatching(/reader thread failed; reading on main's thread.*ran out of memory/),
    ])
  })

  it('reports a folder the reader cannot list, and indexes nothing', async () => {
    const root = await folder(1)
    const denied: LibraryReader = () => ({
      async *[Symbol.asyncIterator](): AsyncGenerator<ReaderMessage> {
        yield { type: 'unreadable', message: 'EACCES: permission denied, scandir' }
        throw new Error('never read past an unreadable folder')
      },
    })
    const s = await open(root, await dirOf('ud'), { reader: denied })
    const status = await s.lib.status()
    expect(status.state).toBe('error')
    expect(status.message).toContain('EACCES: permission denied')
    expect(status.itemCount).toBe(0)
    expect(s.logs.join('\n')).not.toMatch(/never read past/)
  })

  it('shows a video’s cached poster frame from the first index on, and after a rescan', async () => {
    const root = await dirOf('videos')
    const userData = await dirOf('ud')
    const thumbs = new Thumbnailer(join(userData, 'thumbs'))
    const day = join(root, '2025', '03', '05')
    await fs.mkdir(day, { recursive: true })
    const video = makeMp4(1, 64, 48)
    /** A video with its sidecar; `cached`: its poster frame is already in the thumbnail cache. */
    const saved = async (name: string, cached: boolean) => {
      const sha256 = name.padEnd(64, '0')
      await fs.writeFile(join(day, `${name}.mp4`), video)
      await fs.writeFile(
        join(day, `${name}.mp4.json`),
        JSON.stringify({
          format: 'gen-studio-library',
          version: 1,
          id: name,
          kind: 'video',
          model: 'std-video',
          prompt: name,
          bytes: video.length,
          sha256,
          created: new Date(Date.UTC(2025, 2, 5)).toISOString(),
        }),
      )
      if (!cached) return
      await fs.mkdir(dirname(thumbs.pathFor(sha256)), { recursive: true })
      await fs.writeFile(thumbs.pathFor(sha256), png)
    }
    await saved('a', true)
    await saved('b', false)
    const s = await open(root, userData, { reader: inProcessReader })
    expect((await s.lib.get('a')).hasThumb).toBe(true)
    expect((await s.lib.get('b')).hasThumb).toBe(false)
    await saved('c', true)
    await s.lib.reconcile()
    expect((await s.lib.get('c')).hasThumb).toBe(true)
  })

  it('passes over messages it does not expect and stops at the first done', async () => {
    const root = await folder(1)
    const odd: LibraryReader = (r) => ({
      async *[Symbol.asyncIterator](): AsyncGenerator<ReaderMessage> {
        yield { type: 'stamps', files: [] }
        for await (const m of inProcessReader(r)) yield m
      },
    })
    const s = await open(root, await dirOf('ud'), { reader: odd })
    expect((await s.lib.status()).itemCount).toBe(2)
    expect(s.logs).toEqual([])
  })
})

describe('the first index, built in the writer', () => {
  const writerAt = (userData: string, script?: Parameters<typeof inProcessWriter>[1]) =>
    inProcessWriter(join(userData, 'index.sqlite'), script)

  it('builds what main’s walk builds; main reads only what the writer left to it', async () => {
    const a = await folder(7)
    const b = await copyOf(a)
    const userData = await dirOf('ud')
    const writer = writerAt(join(userData, 'a'))
    const built = await open(a, join(userData, 'a'), { writer })
    const plain = await open(b, join(userData, 'b'))
    // The broken sidecar is the only file main reads; the writer writes its row too.
    expect(writer.jobs).toEqual(['open', 'build', 'upsert'])
    expect(writer.upserts).toEqual([1])
    expect(rows(built.indexPath)).toHaveLength(8)
    expect(rows(built.indexPath)).toEqual(rows(plain.indexPath))
    expect(built.logs).toEqual([])
    expect(announced(built.changes)).toEqual([
      { reason: 'reset', ids: expect.arrayContaining(['r-0', 's-2']) },
    ])
    expect(announced(built.changes)[0]!.ids).toHaveLength(8)
    expect(await built.lib.status()).toMatchObject({ ready: true, itemCount: 8, state: 'ok' })
    await built.lib.close()
    // Indexed: a restart asks the writer for the changes, and there are none.
    const again = writerAt(join(userData, 'a'))
    const restarted = await open(a, join(userData, 'a'), { writer: again })
    expect(again.jobs).toEqual(['open', 'restart'])
    expect(announced(restarted.changes)).toEqual([])
  })

  it('merges conflict copies first and leaves a file still arriving for later', async () => {
    const root = await folder(2)
    const day = join(root, '2025', '03', '05')
    const theirs = JSON.parse(await fs.readFile(join(day, 'r-0.png.json'), 'utf8'))
    await fs.writeFile(
      join(day, 'r-0.png.sync-conflict-20260126-100000-ABCDEFG.json'),
      JSON.stringify({ ...theirs, tags: ['sea'], stamps: { tags: { sea: 1000 } } }),
    )
    // Just written, no sidecar yet: a sync engine may still be delivering it.
    await fs.writeFile(join(day, 'arriving.png'), png)
    const userData = await dirOf('ud')
    const s = await open(root, userData, { writer: writerAt(userData) })
    expect((await s.lib.get('r-0')).tags).toEqual(['sea'])
    expect((await s.lib.status()).itemCount).toBe(3)
    expect(existsSync(join(day, 'arriving.png.json'))).toBe(false)
    expect((await s.lib.syncStatus()).waiting).toBe(1)
    expect(s.logs).toEqual([])
    // Its sidecar arrives: read at the next rescan, and no longer waiting.
    await writeResults(day, 1, png, { name: 'arriving' })
    await fs.rename(join(day, 'arriving-0.png.json'), join(day, 'arriving.png.json'))
    await fs.rm(join(day, 'arriving-0.png'))
    await s.lib.reconcile()
    expect((await s.lib.get('arriving-0')).relPath).toBe('2025/03/05/arriving.png')
    expect((await s.lib.syncStatus()).waiting).toBe(0)
  })

  it('says what the writer could not read, and names at most 1,000 items in its reset', async () => {
    const root = await dirOf('scripted')
    const userData = await dirOf('ud')
    const ids = Array.from({ length: 1001 }, (_, i) => `w-${i}`)
    const problem = { relPath: '2025/01/01/x.png', message: 'EACCES: permission denied, open' }
    const writer = writerAt(userData, (job, _onEvent, real) =>
      job.type === 'build'
        ? Promise.resolve({
            type: 'built',
            written: ids.length,
            ids,
            others: [],
            errors: [problem],
            conflicts: [],
          })
        : real(),
    )
    const s = await open(root, userData, { writer })
    expect(announced(s.changes)).toEqual([{ reason: 'reset', ids: ids.slice(0, 1000) }])
    const status = await s.lib.status()
    expect(status).toMatchObject({ ready: true, state: 'ok' })
    expect(status.problems).toEqual([problem])
    expect(writer.jobs).toEqual(['open', 'build'])
  })

  it('announces nothing when the writer indexed nothing, and is ready', async () => {
    const root = await dirOf('empty')
    const userData = await dirOf('ud')
    const writer = writerAt(userData)
    const s = await open(root, userData, { writer })
    expect(writer.jobs).toEqual(['open', 'build'])
    expect(s.changes.filter((c) => c.reason === 'reset')).toEqual(
      (await open(await dirOf('empty'), await dirOf('ud'))).changes.filter(
        (c) => c.reason === 'reset',
      ),
    )
    expect(await s.lib.status()).toMatchObject({ ready: true, itemCount: 0, state: 'ok' })
  })

  it('falls back to the reader when the writer fails, and loses no item', async () => {
    const root = await folder(5)
    const userData = await dirOf('ud')
    const writer = writerAt(userData, (job, _onEvent, real) =>
      job.type === 'build' ? Promise.reject(new Error('the writer crashed')) : real(),
    )
    const s = await open(root, userData, { writer, reader: inProcessReader })
    expect(s.logs).toEqual([
      expect.stringMatching(/index writer failed; indexing on main's thread.*the writer crashed/),
    ])
    expect(writer.jobs).toEqual(['open', 'build'])
    expect((await s.lib.status()).itemCount).toBe(6)
    expect(announced(s.changes)[0]!.ids).toHaveLength(6)
  })

  it('reports a folder the writer cannot list, and reads nothing on main', async () => {
    const root = await folder(1)
    const userData = await dirOf('ud')
    let readerUsed = false
    const writer = writerAt(userData, (job, _onEvent, real) =>
      job.type === 'build'
        ? Promise.resolve({ type: 'unreadable', message: 'EACCES: permission denied, scandir' })
        : real(),
    )
    const reader: LibraryReader = (r, job) => ((readerUsed = true), inProcessReader(r, job))
    const s = await open(root, userData, { writer, reader })
    const status = await s.lib.status()
    expect(status).toMatchObject({ state: 'error', itemCount: 0 })
    expect(status.message).toContain('EACCES: permission denied')
    expect(readerUsed).toBe(false)
    expect(writer.jobs).toEqual(['open', 'build'])
  })

  it('does nothing more once the library closed during the build', async () => {
    const root = await folder(2)
    const userData = await dirOf('ud')
    let building: () => void = () => {}
    const started = new Promise<void>((r) => (building = r))
    let finish: () => void = () => {}
    const finished = new Promise<void>((r) => (finish = r))
    const writer = writerAt(userData, async (job, _onEvent, real) => {
      const result = await real()
      if (job.type !== 'build') return result
      building()
      await finished
      return result
    })
    const s = await open(root, userData, { writer, settle: false })
    await started
    const closing = s.lib.close()
    finish()
    await closing
    expect(writer.jobs).toEqual(['open', 'build'])
    expect(s.logs).toEqual([])
    expect(announced(s.changes)).toEqual([])
  })
})

describe('a restart: the stat walk', () => {
  /** Edits one sidecar, removes one result and adds one, in `root`. */
  const change = (root: string) => changeFolder(root, { edited: 1, removed: 2, png })

  it('walks on the reader from the threshold up, and finds what main’s walk finds', async () => {
    const a = await folder(6)
    const b = await copyOf(a)
    const userData = await dirOf('ud')
    const jobs: string[] = []
    const counted: LibraryReader = (root, job = 'rows') => {
      jobs.push(job)
      return inProcessReader(root, job)
    }
    for (const [root, ud] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      await (await open(root, join(userData, ud), { reader: counted })).lib.close()
    }
    expect(jobs).toEqual(['rows', 'rows'])
    jobs.length = 0
    // Unchanged: nothing is re-read.
    const same = await open(a, join(userData, 'a'), { reader: counted, stampsFrom: 7 })
    expect(same.changes).toEqual([])
    expect(jobs).toEqual(['stamps'])
    await same.lib.close()
    await change(a)
    await change(b)
    const laned = await open(a, join(userData, 'a'), { reader: counted, stampsFrom: 7 })
    expect(jobs).toEqual(['stamps', 'stamps'])
    const plain = await open(b, join(userData, 'b'))
    expect(laned.logs).toEqual([])
    expect(ids(laned.changes)).toEqual(['new-0', 'r-1', 'r-2'])
    expect(ids(plain.changes)).toEqual(ids(laned.changes))
    // One announcement: what vanished first, then what was read.
    expect(laned.changes.map((c) => c.reason)).toEqual(['reset'])
    expect(laned.changes[0]!.ids[0]).toBe('r-2')
    const noTimes = (p: string) =>
      rows(p).map(({ file_mtime: _m, sidecar_mtime: _s, ...rest }) => rest)
    expect(noTimes(laned.indexPath)).toEqual(noTimes(plain.indexPath))
    expect((await laned.lib.get('r-1')).prompt).toBe('a harbour')
    // Below the threshold a restart walks on main's thread.
    await laned.lib.close()
    await fs.rm(join(a, '2025', '03', '06'), { recursive: true })
    const small = await open(a, join(userData, 'a'), { reader: counted, stampsFrom: 8 })
    expect(jobs).toHaveLength(2)
    expect(small.changes).toEqual([{ reason: 'removed', ids: ['new-0'] }])
    expect((await small.lib.syncStatus()).lastExternalChangeAt).toBeNull()
  })

  it('walks on main’s thread when the reader fails, and reports a folder it cannot list', async () => {
    const root = await folder(2)
    const userData = await dirOf('ud')
    await (await open(root, userData)).lib.close()
    await fs.rm(join(root, '2025', '03', '05', 'r-0.png'))
    const failing: LibraryReader = () => ({
      async *[Symbol.asyncIterator](): AsyncGenerator<ReaderMessage> {
        yield { type: 'stamps', files: [] }
        throw new Error('the thread crashed')
      },
    })
    const s = await open(root, userData, { reader: failing, stampsFrom: 0 })
    expect(s.logs).toEqual([
      expect.stringMatching(/reader thread failed; walking on main's thread.*the thread crashed/),
    ])
    expect(s.changes).toEqual([{ reason: 'removed', ids: ['r-0'] }])
    await s.lib.close()
    // A reader that ends without `done` is as good as failed.
    const cut: LibraryReader = () => ({
      async *[Symbol.asyncIterator](): AsyncGenerator<ReaderMessage> {
        yield { type: 'stamps', files: [] }
      },
    })
    const c = await open(root, userData, { reader: cut, stampsFrom: 0 })
    expect(c.changes).toEqual([])
    expect((await c.lib.status()).itemCount).toBe(2)
    await c.lib.close()
    const denied: LibraryReader = () => ({
      async *[Symbol.asyncIterator](): AsyncGenerator<ReaderMessage> {
        yield { type: 'unreadable', message: 'EIO: i/o error, scandir' }
      },
    })
    const d = await open(root, userData, { reader: denied, stampsFrom: 0 })
    expect(await d.lib.status()).toMatchObject({
      state: 'error',
      message: expect.stringContaining('EIO: i/o error'),
    })
  })

  it('a rescan while running dates the change; only new files make a reset', async () => {
    const root = await folder(2)
    const s = await open(root, await dirOf('ud'))
    expect((await s.lib.syncStatus()).lastExternalChangeAt).toBeNull()
    await writeResults(join(root, '2025', '04', '01'), 1, png, { name: 'late' })
    await s.lib.reconcile()
    expect(s.changes.at(-1)).toEqual({ reason: 'reset', ids: ['late-0'] })
    expect((await s.lib.syncStatus()).lastExternalChangeAt).toEqual(expect.any(Number))
    const before = s.changes.length
    await s.lib.reconcile()
    expect(s.changes).toHaveLength(before)
  })
})

describe('the paths the watcher reports', () => {
  async function watched() {
    const root = await folder(2)
    const s = await open(root, await dirOf('ud'), { watch: true })
    return { root, ...s }
  }
  const count = async (s: Opened) => (await s.lib.status()).itemCount

  it('reads a new result, re-reads an edited one, and removes a vanished one', async () => {
    const s = await watched()
    const day = join(s.root, '2025', '05', '01')
    await writeResults(day, 1, png, { name: 'new' })
    s.touch('2025/05/01/new-0.png')
    await waitFor(async () => (await count(s)) === 4)
    expect(s.changes.at(-1)).toEqual({ reason: 'added', ids: ['new-0'] })
    const sync = await s.lib.syncStatus()
    expect(sync.lastExternalChangeAt).toEqual(expect.any(Number))
    // Reported again unchanged: not read again.
    const seen = s.changes.length
    s.touch('2025/05/01/new-0.png')
    s.touch('2025/05/01/new-0.png.json')
    await s.lib.reconcile()
    expect(s.changes).toHaveLength(seen)
    // Its sidecar edited: read again.
    const sidecar = join(day, 'new-0.png.json')
    await fs.writeFile(
      sidecar,
      JSON.stringify({ ...JSON.parse(await fs.readFile(sidecar, 'utf8')), prompt: 'edited' }),
    )
    await fs.utimes(sidecar, new Date(), new Date(Date.now() + 5000))
    s.touch('2025/05/01/new-0.png.json')
    await waitFor(async () => (await s.lib.get('new-0')).prompt === 'edited')
    await fs.rm(join(day, 'new-0.png'))
    s.touch('2025/05/01/new-0.png')
    await waitFor(async () => (await count(s)) === 3)
    expect(s.changes.at(-1)).toEqual({ reason: 'removed', ids: ['new-0'] })
    // Each announcement names items: an empty one would reload the grid for nothing.
    expect(s.changes.filter((c) => c.reason !== 'reset' && c.ids.length === 0)).toEqual([])
  })

  it('reads a reported folder whole and removes what vanished under it, only there', async () => {
    const s = await watched()
    await writeResults(join(s.root, '2025', '06', '01'), 2, png, { name: 'june' })
    await writeResults(join(s.root, '2025', '06', '02'), 1, png, { name: 'junetwo' })
    s.touch('2025/06')
    await waitFor(async () => (await count(s)) === 6)
    expect(ids(s.changes.filter((c) => c.reason === 'added'))).toEqual([
      'june-0',
      'june-1',
      'junetwo-0',
    ])
    await fs.rm(join(s.root, '2025', '06', '01'), { recursive: true })
    // A sibling folder whose name starts the same is not under it.
    await fs.rm(join(s.root, '2025', '03', '05', 'r-0.png'))
    s.touch('2025/06')
    await waitFor(async () => (await count(s)) === 4)
    expect(s.changes.at(-1)).toEqual({ reason: 'removed', ids: ['june-0', 'june-1'] })
    expect(await s.lib.get('r-0')).toMatchObject({ id: 'r-0' })
    // A folder that is gone: everything under it goes.
    await fs.rm(join(s.root, '2025', '06'), { recursive: true })
    s.touch('2025/06')
    await waitFor(async () => (await count(s)) === 3)
    expect(s.changes.at(-1)).toEqual({ reason: 'removed', ids: ['junetwo-0'] })
  })

  it('ignores links, files that are not media and sync conflict copies', async () => {
    const s = await watched()
    const outside = await dirOf('outside')
    await fs.writeFile(join(outside, 'secret.png'), png)
    await fs.mkdir(join(outside, 'album'))
    await fs.writeFile(join(outside, 'album', 'other.png'), png)
    const day = join(s.root, '2025', '07', '01')
    await fs.mkdir(day, { recursive: true })
    await fs.symlink(join(outside, 'secret.png'), join(day, 'linked.png'))
    await fs.symlink(join(outside, 'album'), join(day, 'album'))
    await fs.writeFile(join(day, 'notes.txt'), 'not media')
    await fs.writeFile(join(day, 'x.sync-conflict-20260126-100000-ABCDEFG.png'), png)
    await writeResults(day, 1, png, { name: 'real' })
    for (const rel of [
      'linked.png',
      'album',
      'album/other.png',
      'notes.txt',
      'x.sync-conflict-20260126-100000-ABCDEFG.png',
      'real-0.png',
    ])
      s.touch(`2025/07/01/${rel}`)
    await waitFor(async () => (await count(s)) === 4)
    await s.lib.reconcile()
    expect(await count(s)).toBe(4)
    expect(existsSync(join(outside, 'secret.png.json'))).toBe(false)
    expect(existsSync(join(outside, 'album', 'other.png.json'))).toBe(false)
    expect(existsSync(join(day, 'notes.txt.json'))).toBe(false)
    expect(s.logs).toEqual([])
    // Passed over, not reported: a text file or a conflict copy is no problem of the library's
    // (the folder's one broken sidecar stays the only one).
    expect((await s.lib.status()).problems.map((p) => p.relPath)).toEqual(['2025/03/04/broken.png'])
  })

  it('merges a sync conflict copy of a sidecar it is told of, and re-reads the item', async () => {
    const s = await watched()
    const day = join(s.root, '2025', '03', '05')
    const theirs = JSON.parse(await fs.readFile(join(day, 'r-0.png.json'), 'utf8'))
    const copy = 'r-0.png.sync-conflict-20260126-100000-ABCDEFG.json'
    await fs.writeFile(
      join(day, copy),
      JSON.stringify({ ...theirs, tags: ['sea'], stamps: { tags: { sea: 1000 } } }),
    )
    s.touch(`2025/03/05/${copy}`)
    await waitFor(async () => (await s.lib.get('r-0')).tags.includes('sea'))
    expect(s.changes.at(-1)).toEqual({ reason: 'added', ids: ['r-0'] })
  })

  it('a path that cannot be read is as good as gone', async () => {
    const s = await watched()
    s.touch('2025/03/04/s-0.png/nothing-here')
    await fs.rm(join(s.root, '2025', '03', '05', 'r-0.png'))
    s.touch('2025/03/05/r-0.png')
    await waitFor(async () => (await count(s)) === 2)
    expect(s.changes.at(-1)).toEqual({ reason: 'removed', ids: ['r-0'] })
  })
})

import { promises as fs } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { libraryReaderThread } from '@main/adapters/threads/libraryReaderThread'
import { Thumbnailer } from '@main/adapters/thumbnails/Thumbnailer'
import { MainEvents } from '@main/events'
import { LibraryService } from '@main/services/library/LibraryService'
import type { LibraryReader, ReaderMessage } from '@main/services/library/reader/LibraryReader'
import { READ_CHUNK } from '@main/services/library/reader/readLibrary'
import type { LibraryChange } from '@shared/library/types'
import {
  changeFolder,
  copyOfFolder,
  firstIndexFolder,
  indexRows,
} from '@test/support/firstIndexFolder'
import { writeResults } from '@test/support/libraryFolder'
import { makePng, waitFor } from '@test/support/mediaFixtures'
import { tsWorker } from '@test/support/tsWorker'
import { afterEach, describe, expect, it } from 'vitest'

const ENTRY = resolve(__dirname, '../../../../../src/main/workers/libraryReader.ts')
const threadReader = libraryReaderThread(() => tsWorker(ENTRY))

const dirs: string[] = []
const services: LibraryService[] = []
afterEach(async () => {
  for (const s of services.splice(0)) await s.close()
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

const folder = (n: number) => firstIndexFolder(n, dirs)

function service(root: string, userData: string, reader?: LibraryReader, stampsFrom?: number) {
  const events = new MainEvents()
  const changes: LibraryChange[] = []
  const logs: string[] = []
  events.forward((e, p) => {
    if (e === 'library:changed') changes.push(p as LibraryChange)
  })
  const lib = new LibraryService({
    settings: { settings: async () => ({ libraryDir: root }) },
    events,
    indexPath: join(userData, 'index.sqlite'),
    thumbs: new Thumbnailer(join(userData, 'thumbs')),
    trash: { trashItem: async () => {} },
    watch: false,
    log: (m) => logs.push(m),
    ...(reader ? { reader } : {}),
    ...(stampsFrom === undefined ? {} : { readerStampsFrom: stampsFrom }),
  })
  services.push(lib)
  return { lib, changes, logs, indexPath: join(userData, 'index.sqlite') }
}

const rows = indexRows

describe('the first index of a folder, read on the reader thread', () => {
  it('indexes exactly what main’s thread would, and a restart finds nothing to re-read', async () => {
    const n = READ_CHUNK + 37
    const a = await folder(n)
    const b = await copyOfFolder(a, dirs)
    const userData = await mkdtemp(join(tmpdir(), 'first-index-ud-'))
    dirs.push(userData)

    const threaded = service(a, join(userData, 'a'), threadReader)
    await threaded.lib.whenReconciled()
    const plain = service(b, join(userData, 'b'))
    await plain.lib.whenReconciled()

    const built = rows(threaded.indexPath)
    expect(built.items).toHaveLength(n + 1)
    expect(built.items.filter((r) => r.has_problem)).toHaveLength(1)
    expect(built).toEqual(rows(plain.indexPath))
    expect(built.search).toBe(n)
    expect(threaded.logs).toEqual([])
    expect((await threaded.lib.status()).ready).toBe(true)
    expect(threaded.changes.at(-1)?.reason).toBe('reset')

    // The stamps are the ones a restart takes: nothing is re-read or changed.
    await threaded.lib.close()
    const again = service(a, join(userData, 'a'))
    await again.lib.whenReconciled()
    expect(again.changes).toEqual([])
    expect(rows(again.indexPath)).toEqual(built)
  })

  it('restarts with the stat walk on the reader threads: the same changes main’s walk finds', async () => {
    const n = 40
    const a = await folder(n)
    const b = await copyOfFolder(a, dirs)
    const userData = await mkdtemp(join(tmpdir(), 'restart-ud-'))
    dirs.push(userData)
    const laned = libraryReaderThread(() => tsWorker(ENTRY), 2)
    const jobs: string[] = []
    const counted: LibraryReader = (root, job = 'rows') => {
      jobs.push(job)
      return laned(root, job)
    }
    for (const [root, ud, reader] of [
      [a, 'a', counted],
      [b, 'b', undefined],
    ] as const) {
      const first = service(root, join(userData, ud), reader)
      await first.lib.whenReconciled()
      await first.lib.close()
    }
    // Unchanged: nothing is re-read.
    const same = service(a, join(userData, 'a'), counted, 0)
    await same.lib.whenReconciled()
    expect(same.changes).toEqual([])
    await same.lib.close()
    // One sidecar edited, one file gone, one new, in both copies.
    const png = await makePng(8, 8)
    for (const root of [a, b]) await changeFolder(root, { edited: 3, removed: 5, png })
    const threaded = service(a, join(userData, 'a'), counted, 0)
    await threaded.lib.whenReconciled()
    expect(jobs).toEqual(['rows', 'stamps', 'stamps'])
    const plain = service(b, join(userData, 'b'))
    await plain.lib.whenReconciled()
    expect(threaded.logs).toEqual([])
    const ids = (c: LibraryChange[]) => c.flatMap((x) => x.ids).sort()
    expect(ids(threaded.changes)).toEqual(['new-0', 'r-3', 'r-5'])
    expect(ids(plain.changes)).toEqual(ids(threaded.changes))
    const items = (path: string) =>
      rows(path).items.map(({ file_mtime: _m, sidecar_mtime: _s, ...rest }) => rest)
    expect(items(threaded.indexPath)).toHaveLength(n + 1)
    expect(items(threaded.indexPath)).toEqual(items(plain.indexPath))
    expect((await threaded.lib.get('r-3')).prompt).toBe('a harbour')
    // Below the threshold (20,000 by default) a restart walks on main's thread.
    await threaded.lib.close()
    const small = service(a, join(userData, 'a'), counted)
    await small.lib.whenReconciled()
    expect(jobs).toHaveLength(3)
    expect(small.changes).toEqual([])
  })

  it('finishes on main’s thread when the reader thread fails midway', async () => {
    const root = await folder(READ_CHUNK + 10)
    const userData = await mkdtemp(join(tmpdir(), 'first-index-ud-'))
    dirs.push(userData)
    const failing: LibraryReader = (r) => ({
      async *[Symbol.asyncIterator]() {
        for await (const m of threadReader(r)) {
          yield m
          throw new Error('the thread ran out of memory')
        }
      },
    })
    const s = service(root, userData, failing)
    await s.lib.whenReconciled()
    expect((await s.lib.status()).itemCount).toBe(READ_CHUNK + 11)
    expect(s.logs.join('\n')).toContain('the thread ran out of memory')
  })

  it('reports a folder the reader cannot list', async () => {
    const root = await folder(1)
    const userData = await mkdtemp(join(tmpdir(), 'first-index-ud-'))
    dirs.push(userData)
    const denied: LibraryReader = () => ({
      async *[Symbol.asyncIterator](): AsyncGenerator<ReaderMessage> {
        yield { type: 'unreadable', message: 'EACCES: permission denied, scandir' }
      },
    })
    const s = service(root, userData, denied)
    await s.lib.whenReconciled()
    const status = await s.lib.status()
    expect(status.state).toBe('error')
    expect(status.message).toContain('EACCES: permission denied')
    expect(status.itemCount).toBe(0)
  })

  it('stops reading when the library closes', async () => {
    const root = await folder(2)
    const userData = await mkdtemp(join(tmpdir(), 'first-index-ud-'))
    dirs.push(userData)
    let stopped = false
    let sent = 0
    const endless: LibraryReader = () => ({
      async *[Symbol.asyncIterator](): AsyncGenerator<ReaderMessage> {
        try {
          for (;;) {
            await new Promise((r) => setTimeout(r, 5))
            sent += 1
            yield { type: 'rows', rows: [] }
          }
        } finally {
          stopped = true
        }
      },
    })
    const s = service(root, userData, endless)
    void s.lib.open()
    await expect.poll(() => sent).toBeGreaterThan(2)
    await s.lib.close()
    expect(stopped).toBe(true)
  })

  it('merges conflict copies before reading their originals, and waits for files still arriving', async () => {
    const root = await mkdtemp(join(tmpdir(), 'first-index-sync-'))
    const userData = await mkdtemp(join(tmpdir(), 'first-index-sync-ud-'))
    dirs.push(root, userData)
    const day = join(root, '2026', '01', '26')
    const png = await makePng(8, 8)
    await writeResults(day, 1, png, { name: 'x' })
    const theirs = JSON.parse(await fs.readFile(join(day, 'x-0.png.json'), 'utf8'))
    await fs.writeFile(
      join(day, 'x-0.png.sync-conflict-20260126-100000-ABCDEFG.json'),
      JSON.stringify({ ...theirs, tags: ['sea'], stamps: { tags: { sea: 1000 } } }),
    )
    // Still arriving: a file without its sidecar yet, and one not the size its sidecar says.
    await fs.writeFile(join(day, 'e.png'), png)
    await writeResults(day, 1, png, { name: 'y' })
    await fs.writeFile(join(day, 'y-0.png'), png.subarray(0, 20))
    // What the reader threads sent as rows: read before any merge.
    const readByThreads: string[] = []
    const recording: LibraryReader = async function* (dir, job) {
      for await (const m of threadReader(dir, job)) {
        if (m.type === 'rows') readByThreads.push(...m.rows.map((r) => r.relPath))
        yield m
      }
    }
    const { lib } = service(root, userData, recording)
    await lib.whenReconciled()
    expect(await lib.get('x-0')).toMatchObject({ tags: ['sea'] })
    // The unmerged sidecar was never indexed: the threads left it to be read after the merge.
    expect(readByThreads).toEqual([])
    expect((await lib.status()).itemCount).toBe(1)
    expect((await lib.syncStatus()).waiting).toBe(2)
    await fs.writeFile(join(day, 'y-0.png'), png)
    // Both are read once they have been left alone long enough.
    await waitFor(async () => (await lib.status()).itemCount === 3, 10_000)
    expect((await lib.get('y-0')).bytes).toBe(png.length)
    expect((await lib.syncStatus()).waiting).toBe(0)
  })
})

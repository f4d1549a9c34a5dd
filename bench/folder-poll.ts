/**
 * folder-poll: issue #28 point 5, a library folder on a network share (no change events arrive)
 * is polled. A synthetic library of 100k items (`POLL_ITEMS` for another size; tiny PNGs with
 * their sidecars, ~137 a day in two years of YYYY/MM/DD folders) is indexed once, then:
 * - the app idle with the poller (the LibraryService as the container builds it, told the folder
 *   is a network share, no watcher): process CPU (process.cpuUsage, every thread) over
 *   `POLL_IDLE_S` seconds (30), as a share of one core (goal ≤ 1 %);
 * - a result written into the folder then: the time until the index holds it (goal ≤ 10 s);
 * - the control, from the same run: what a naive poll that stats every file would cost (one stat
 *   walk of the folder, scanFolder, per poll interval). With POLL_WATCH_CONTROL=1, also the same
 *   app restarted on the same folder and index with the local default (fs.watch, no poller), idle
 *   for as long: off by default, as Node 20's recursive fs.watch on Linux takes one inotify watch
 *   per file (200k here), which can exhaust the user's limit for every other process on a
 *   shared machine.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { libraryReaderThread, READER_LANES } from '../src/main/adapters/threads/libraryReaderThread'
import { Thumbnailer } from '../src/main/adapters/thumbnails/Thumbnailer'
import { MainEvents } from '../src/main/events'
import { scanFolder } from '../src/main/services/library/disk/scan'
import { LibraryService } from '../src/main/services/library/LibraryService'
import { POLL_MS } from '../src/main/services/library/sync/FolderPoller'
import { bundledWorker } from './support/bundledWorker'
import { runBench } from './support/stats'

const ITEMS = Number(process.env.POLL_ITEMS ?? 100_000)
const IDLE_S = Number(process.env.POLL_IDLE_S ?? 30)
const DAYS = 730
/** A 1×1 PNG: the files only need to exist and be the size their sidecars say. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The sidecar of a result saved by the app (what the reader indexes). */
const sidecarOf = (id: string, created: Date): string =>
  JSON.stringify({
    format: 'gen-studio-library',
    version: 1,
    id,
    kind: 'image',
    model: 'std-image-2',
    prompt: `item ${id}`,
    bytes: PNG.length,
    created: created.toISOString(),
  })

/** Writes the library with synchronous calls (the cheapest way to make 2×ITEMS small files). */
function makeLibrary(root: string): number {
  let made = 0
  const start = Date.UTC(2024, 0, 1)
  for (let d = 0; d < DAYS && made < ITEMS; d++) {
    const day = new Date(start + d * 86_400_000)
    const dir = join(
      root,
      String(day.getUTCFullYear()),
      String(day.getUTCMonth() + 1).padStart(2, '0'),
      String(day.getUTCDate()).padStart(2, '0'),
    )
    mkdirSync(dir, { recursive: true })
    const perDay = Math.ceil((ITEMS - made) / (DAYS - d))
    for (let i = 0; i < perDay; i++, made++) {
      const file = join(dir, `r-${made}.png`)
      writeFileSync(file, PNG)
      writeFileSync(`${file}.json`, sidecarOf(`r-${made}`, new Date(day.getTime() + i * 1000)))
    }
  }
  return made
}

/** Process CPU (user + system, all threads) while idle for `seconds`, as % of one core. */
async function idleCpu(seconds: number): Promise<number> {
  const before = process.cpuUsage()
  const t0 = process.hrtime.bigint()
  await sleep(seconds * 1000)
  const used = process.cpuUsage(before)
  const wallUs = Number(process.hrtime.bigint() - t0) / 1000
  return Number((((used.user + used.system) / wallUs) * 100).toFixed(3))
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-folder-poll-'))
  try {
    const root = join(dir, 'Library')
    const tm = Date.now()
    const items = makeLibrary(root)
    console.log(`made ${items} items (${2 * items} files) in ${Date.now() - tm} ms`)
    const readerThread = bundledWorker('src/main/workers/libraryReader.ts')
    const logs: string[] = []
    const make = (networkShare: boolean) =>
      new LibraryService({
        settings: { settings: async () => ({ libraryDir: root }) },
        events: new MainEvents(),
        indexPath: join(dir, 'index.sqlite'),
        thumbs: new Thumbnailer(join(dir, 'thumbs')),
        trash: { trashItem: async () => {} },
        // A network share: no change event ever arrives, so the poller alone notices changes.
        watch: !networkShare,
        networkShare: async () => networkShare,
        reader: libraryReaderThread(readerThread, READER_LANES),
        // Find-similar's background hashing is another feature's idle work: off here.
        similar: { startDelayMs: 3_600_000, addedDelayMs: 3_600_000 },
        log: (m) => logs.push(m),
      })

    const ti = Date.now()
    const polled = make(true)
    await polled.whenReconciled()
    const indexed = (await polled.status()).itemCount
    if (indexed !== items) throw new Error(`indexed ${indexed} of ${items}`)
    console.log(
      `indexed in ${Date.now() - ti} ms; ${logs.filter((l) => /polling/.test(l)).join('')}`,
    )
    await sleep(2 * POLL_MS) // the first looks and any late work of the build are over
    const pollCpu = await idleCpu(IDLE_S)

    // A change while polled: a new result in a day folder.
    const day = join(root, '2025', '06', '15')
    const written = Date.now()
    writeFileSync(join(day, 'late.png'), PNG)
    writeFileSync(join(day, 'late.png.json'), sidecarOf('late', new Date()))
    let noticedMs = -1
    while (Date.now() - written < 30_000) {
      if ((await polled.get('late').catch(() => null)) !== null) {
        noticedMs = Date.now() - written
        break
      }
      await sleep(50)
    }
    await polled.close()

    // ── control: the same app on the same folder and index, watched (the local default) ──
    let watchCpu: number | null = null
    if (process.env.POLL_WATCH_CONTROL === '1') {
      const watched = make(false)
      await watched.whenReconciled()
      await sleep(2 * POLL_MS)
      watchCpu = await idleCpu(IDLE_S)
      await watched.close()
    }

    // ── control: a naive poll, one stat walk of every file per interval ──
    const tw = process.hrtime.bigint()
    const walked = await scanFolder(root)
    const walkMs = Number(process.hrtime.bigint() - tw) / 1e6
    if (walked.files.size !== items + 1) throw new Error(`walk found ${walked.files.size}`)
    const naiveCpu = Number(((walkMs / POLL_MS) * 100).toFixed(1))

    const result = {
      items,
      poll_interval_ms: POLL_MS,
      idle_seconds: IDLE_S,
      idle_cpu_pct_polling: pollCpu,
      idle_cpu_pct_watching: watchCpu,
      naive_walk_ms: Math.round(walkMs),
      naive_poll_cpu_pct: naiveCpu,
      naive_over_polling: Number((naiveCpu / Math.max(0.001, pollCpu)).toFixed(0)),
      change_noticed_ms: noticedMs,
      goals: { idle_cpu_pct: 1, change_noticed_ms: 10_000 },
    }
    console.table(result)
    if (noticedMs < 0) throw new Error('the change was not noticed within 30 s')
    console.log(JSON.stringify(result))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

runBench(main)

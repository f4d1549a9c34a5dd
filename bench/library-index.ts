/**
 * library-index: synthetic library items (real files + JSON sidecars in YYYY/MM/DD folders) at
 * 10k and 100k by default (`LIBRARY_ITEMS=10000,100000,1000000` for other sizes), printed side by
 * side with the cost per item. Per size, each figure beside its control from the same run:
 * - the index build from sidecars (first start) vs the reader threads reading the same sidecars
 *   with no index writes (goal ≤ 1.5×), and
 *   the longest the build held the event loop, with how much of that block V8's collection of
 *   main's heap took and the longest block once collections are taken out, main's own work
 *   (support/mainBlocks.ts). The build is the app's: the index writer process
 *   (issue #33, workers/indexWriter.ts, bundled as the app bundles it, in a real child process)
 *   runs READER_LANES reader threads (workers/libraryReader.ts) that list the folder and read the
 *   sidecars with synchronous calls while its own thread writes the rows they send
 *   (LibraryIndex.upsertBulk); main's thread only hears progress;
 * - the parts a first build cannot skip, each alone: the stat walk, reading the sidecars and the
 *   index writes (the same rows into a fresh index, no file I/O); their sum over the read is the
 *   floor of a build that does them one after the other (`serial_floor_vs_read`); and the reads
 *   with the same writes on a worker thread at the same time (bench/support/indexWriterWorker.mjs),
 *   the floor of a build that overlaps them (`overlapped_floor_vs_read`);
 * - the restart on an unchanged folder (stat-only reconcile: the app's stats run on the reader
 *   threads of the index writer, which also compares them with the index, `stampLibrary`), with
 *   the longest it held the event loop, vs the reader threads stamping every file with nothing
 *   compared (goal ≤ 1.5×);
 * - p95 of a 200-item keyset page (goal ≤ 2 ms) and of a text search page (goal ≤ 20 ms), and
 *   month counts;
 * - p95 of a 200-item page filtered by rating, tag and collection (issue #16), alone and combined
 *   with each other and the older filters, first pages and deep ones (goal ≤ 5 ms), with the
 *   month counts and tag autocomplete for the same kind of filters. A quarter of the items are
 *   rated, each has 0–3 tags from 300 (a few common, most rare) and 30 collections range from
 *   ~10% of the library down to a few dozen items.
 * The controls that the two goals divide by are floors of the app's own way of reading (issue
 * #32): the app's reader threads (READER_LANES of the bundled workers/libraryReader.ts, with their
 * synchronous calls) doing the whole read of a first build (`rows`: list and read every sidecar)
 * or of a restart (`stamps`: stat every file), with every message drained and nothing written to
 * the index. Each control is the faster of two runs (a floor). For one release the old controls
 * (the promise API on main's thread: reading the sidecars, and the bare stat walk) are printed
 * beside them, so the change in the ratio shows.
 * The last JSON line keeps the largest size's figures at the top level and every size in `scales`.
 */
import { spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { promises as fs } from 'node:fs'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'

import { libraryReaderThread, READER_LANES } from '../src/main/adapters/threads/libraryReaderThread'
import { Thumbnailer } from '../src/main/adapters/thumbnails/Thumbnailer'
import { MainEvents } from '../src/main/events'
import { mapLimit } from '../src/main/services/library/disk/scan'
import { bulkCommitRows } from '../src/main/services/library/index/bulkCommits'
import { MIGRATIONS } from '../src/main/services/library/index/indexSchema'
import { type IndexRow, LibraryIndex } from '../src/main/services/library/index/LibraryIndex'
import { dateFolder, LibraryService } from '../src/main/services/library/LibraryService'
import type { ReaderJob } from '../src/main/services/library/reader/LibraryReader'
import type { LibraryCursor } from '../src/shared/library/types'
import { bundledIndexWriter, indexWriterProcess } from '../test/support/bundledIndexWriter'
import { bundledWorker } from './support/bundledWorker'
import { exposeGc } from './support/exposeGc'
import { mainBlocks } from './support/mainBlocks'
import { printScales } from './support/scaleTable'
import { pct, runBench } from './support/stats'
import {
  COMMON,
  organiseFilter,
  pick,
  rand,
  syntheticCreated,
  syntheticRow,
  TAGS,
  WORDS,
} from './support/syntheticLibrary'

const readerThread = bundledWorker('src/main/workers/libraryReader.ts')

const SIZES = (process.env.LIBRARY_ITEMS ?? '10000,100000')
  .split(',')
  .map((n) => Number(n.trim()))
  .filter((n) => Number.isInteger(n) && n > 0)
const ROUNDS = 300
/**
 * `LIBRARY_FLOORS_ONLY=1`: only the controls the goals divide by (the reader threads reading and
 * stamping); the old controls, the write-only and the read-beside-writes controls are skipped
 * (NaN). At 1M items they take most of an hour on the 2-core VM and hold every row in memory.
 */
const FLOORS_ONLY = process.env.LIBRARY_FLOORS_ONLY === '1'
/**
 * The event-loop monitor's timer (ms). It records the time between its ticks, so a block of B ms
 * shows as somewhere between B and B + the resolution: at 10 ms (before this session) "longest
 * block" overstated by up to 10 ms. At 1 ms the figure is the block to within a millisecond.
 */
const LOOP_RESOLUTION_MS = 1
const gc = exposeGc()
/**
 * Rows per write in the write-only control, as the app's first index writes them (upsertBulk: one
 * chunk a tick, committed every `bulkCommitRows` of what is written so far).
 */
const WRITE_CHUNK = 500

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6

/**
 * The control for a restart: list every folder and stat every file in it, nothing else, with the
 * same fan-out as the app's scan (16 folders at a time, 32 files per folder).
 */
async function statWalk(libraryDir: string): Promise<number> {
  let files = 0
  const dirs = [libraryDir]
  while (dirs.length) {
    await Promise.all(
      dirs.splice(0, 16).map(async (folder) => {
        const entries = await fs.readdir(folder, { withFileTypes: true })
        const names: string[] = []
        for (const e of entries) (e.isDirectory() ? dirs : names).push(join(folder, e.name))
        await mapLimit(names, 32, (path) => fs.stat(path))
        files += names.length
      }),
    )
  }
  return files
}

/** Lists the date folders and reads and parses every sidecar in them; milliseconds. */
async function readSidecars(libraryDir: string, folders: Iterable<string>): Promise<number> {
  const t = process.hrtime.bigint()
  const paths: string[] = []
  for (const f of folders)
    for (const name of await fs.readdir(join(libraryDir, f)))
      if (name.endsWith('.json')) paths.push(join(libraryDir, f, name))
  await mapLimit(paths, 24, async (p) => JSON.parse(await fs.readFile(p, 'utf8')))
  return ms(t)
}

/**
 * The sidecar reads while a worker thread writes the same rows into a fresh index with the
 * app's schema: what a build would cost if its index writes ran beside its reads, on the other
 * core, instead of on main's thread after them.
 */
async function readBesideWrites(
  libraryDir: string,
  folders: Iterable<string>,
  rows: IndexRow[],
  path: string,
): Promise<number> {
  let sql = ''
  MIGRATIONS[0]!({ exec: (text: string) => (sql = text) } as never)
  const plain = rows.map((r, i) => ({
    rowid: i + 1,
    id: r.sidecar.id,
    rel_path: r.relPath,
    kind: r.sidecar.kind,
    media: r.media,
    ext: r.ext,
    model: r.sidecar.model,
    prompt: r.sidecar.prompt,
    negative: r.sidecar.negativePrompt,
    params: JSON.stringify(r.sidecar.params),
    bytes: r.fileSize,
    sha256: r.sidecar.sha256,
    created: Date.parse(r.sidecar.created),
    month: 202401,
  }))
  const worker = new Worker(join(__dirname, 'support', 'indexWriterWorker.mjs'), {
    workerData: { sql, rows: plain, path },
  })
  await once(worker, 'online')
  const t = process.hrtime.bigint()
  const written = once(worker, 'message')
  worker.postMessage('go')
  await Promise.all([readSidecars(libraryDir, folders), written])
  const total = ms(t)
  await worker.terminate()
  return total
}

/**
 * The app's reader threads doing one job over the whole folder with nothing written anywhere:
 * every message is drained (and acknowledged, as the app's loop does) and only counted.
 * Milliseconds, and how many sidecar rows or file stamps came back (main-thread leftovers too).
 */
async function readerOnly(libraryDir: string, job: ReaderJob): Promise<{ ms: number; n: number }> {
  const reader = libraryReaderThread(readerThread, READER_LANES)
  const t = process.hrtime.bigint()
  let n = 0
  for await (const m of reader(libraryDir, job)) {
    if (m.type === 'rows') n += m.rows.length
    else if (m.type === 'stamps') n += m.files.length
    else if (m.type === 'done') n += m.others.length
    else throw new Error(`reader: ${m.message}`)
  }
  return { ms: ms(t), n }
}

/**
 * A control's floor: the faster of two runs, so that a neighbour's load or a cold start (thread
 * spawn, first directory listing) is not counted as the cost of the work itself.
 */
async function floorOf<T extends { ms: number }>(run: () => Promise<T>): Promise<T> {
  const a = await run()
  const b = await run()
  return a.ms <= b.ms ? a : b
}

async function measure(N: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-library-'))
  const libraryDir = join(dir, 'Library')
  try {
    // ── synthetic library ──
    const t0 = process.hrtime.bigint()
    const items = Array.from({ length: N }, (_, i) => ({ i, created: syntheticCreated() }))
    const folders = new Set(items.map((x) => dateFolder(x.created)))
    await mapLimit([...folders], 16, (f) => fs.mkdir(join(libraryDir, f), { recursive: true }))
    const body = Buffer.from('\x89PNG\r\n\x1a\n synthetic')
    const rows: IndexRow[] = []
    await mapLimit(items, 64, async ({ i, created }) => {
      const row = syntheticRow(i, created, body.length)
      await fs.writeFile(join(libraryDir, row.relPath), body)
      await fs.writeFile(
        join(libraryDir, `${row.relPath}.json`),
        JSON.stringify(row.sidecar, null, 2),
      )
      if (!FLOORS_ONLY) rows.push(row)
    })
    const genMs = ms(t0)
    // The bench's own list of a million items is not main's: dropped before anything is
    // measured, so main's heap during the build is the app's alone (a profile with it held
    // showed 60-100 ms collections; without it the longest block at 1M stayed 85-111 ms).
    items.length = 0
    // The new files' dirty pages go to disk now, not during the figures below (writeback of 200k
    // fresh files otherwise lands on whichever figure runs next).
    if (process.platform !== 'win32') spawnSync('sync')
    // Folder order, as the scan finds them.
    rows.sort((a, b) => (a.relPath < b.relPath ? -1 : 1))

    // ── control: the app's reader threads read every sidecar, no index writes (the floor) ──
    const readerRows = await floorOf(() => readerOnly(libraryDir, 'rows'))
    if (readerRows.n !== N) throw new Error(`the reader read ${readerRows.n} of ${N} sidecars`)
    let controlMs = NaN
    let writeMs = NaN
    let besideMs = NaN
    if (!FLOORS_ONLY) {
      // ── old control (one release): the same sidecars with the promise API on main's thread ──
      controlMs = (await floorOf(async () => ({ ms: await readSidecars(libraryDir, folders) }))).ms

      // ── control: only the index writes, the same rows in the same chunks, no file I/O ──
      const writeOnly = new LibraryIndex(join(dir, 'write-only.sqlite'))
      const tw = process.hrtime.bigint()
      for (let i = 0; i < rows.length; i += WRITE_CHUNK)
        writeOnly.upsertBulk(rows.slice(i, i + WRITE_CHUNK), bulkCommitRows(i))
      writeOnly.endBulk()
      writeMs = ms(tw)
      writeOnly.close()

      // ── control: the same reads with the same writes beside them on a worker thread ──
      besideMs = await readBesideWrites(libraryDir, folders, rows, join(dir, 'beside.sqlite'))
      rows.length = 0
    }

    // ── build the index from the sidecars ──
    const settings = { settings: async () => ({ libraryDir }) }
    const make = () =>
      new LibraryService({
        settings,
        events: new MainEvents(),
        indexPath: join(dir, 'index.sqlite'),
        thumbs: new Thumbnailer(join(dir, 'thumbs')),
        trash: { trashItem: async () => {} },
        watch: false,
        // As the app builds it: the first index is read on the reader thread, bundled as the
        // app's build bundles it.
        reader: libraryReaderThread(readerThread, READER_LANES),
        // and written, with a large restart's reconcile, by the index writer process (issue
        // #33; workers/indexWriter.ts bundled, in a real child process as utilityProcess's).
        writer: indexWriterProcess({
          indexPath: join(dir, 'index.sqlite'),
          thumbsDir: join(dir, 'thumbs'),
        }),
      })
    // The writer and its reader thread are bundled now (esbuild, 106-198 ms of this thread on the
    // first call), not in the build's first `make()`: the app ships them built, so that CPU is
    // the bench's, and it was the build's "ms CPU" figure.
    bundledIndexWriter()
    // The controls' garbage (a million rows cloned into this thread by the reader-only runs) is
    // the bench's, not the app's: collected now, so no collection of it lands in the build's
    // figures (a 1M profile showed one of 32 ms of CPU, 121 ms wall, mid-build).
    gc()
    const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS })
    loop.enable()
    const buildBlocks = mainBlocks()
    const tb = process.hrtime.bigint()
    let lib = make()
    await lib.whenReconciled()
    const buildMs = ms(tb)
    const buildBlock = await buildBlocks.stop()
    loop.disable()
    const count = (await lib.status()).itemCount
    if (count !== N) throw new Error(`indexed ${count} of ${N}`)
    await lib.close()

    // ── restart on an unchanged folder: stat-only reconcile ──
    gc()
    const restartLoop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS })
    restartLoop.enable()
    const restartBlocks = mainBlocks()
    const tr = process.hrtime.bigint()
    lib = make()
    await lib.whenReconciled()
    const restartMs = ms(tr)
    const restartBlock = await restartBlocks.stop()
    restartLoop.disable()

    // ── control for the restart: the app's reader threads stat every file, nothing compared ──
    const readerStamps = await floorOf(() => readerOnly(libraryDir, 'stamps'))
    if (readerStamps.n !== N) throw new Error(`the reader stamped ${readerStamps.n} of ${N} files`)
    // ── old control (one release): the bare stat walk with the promise API on main's thread ──
    let statMs = NaN
    if (!FLOORS_ONLY) {
      const walk = await floorOf(async () => {
        const ts = process.hrtime.bigint()
        const walked = await statWalk(libraryDir)
        return { ms: ms(ts), walked }
      })
      statMs = walk.ms
      if (walk.walked !== 2 * N) throw new Error(`walked ${walk.walked} files, expected ${2 * N}`)
    }
    // With the index writer (issue #33) the app walks every restart on the writer's reader
    // threads, whatever the size: their stamping is the floor.
    const restartControlMs = readerStamps.ms

    // ── queries ──
    const cursors: LibraryCursor[] = []
    for (let r = 0; r < 50; r++) {
      const page = await lib.query({}, null, 1, Math.floor(rand() * (N - 1)))
      const t = page.items[0]!
      cursors.push({ createdAt: t.createdAt, id: t.id })
    }
    for (let w = 0; w < 20; w++) await lib.query({}, pick(cursors), 200)
    const pageTimes: number[] = []
    for (let r = 0; r < ROUNDS; r++) {
      const filter =
        r % 3 === 0 ? {} : r % 3 === 1 ? { media: 'image' as const } : { kinds: ['art' as const] }
      const after = r % 10 === 0 ? null : pick(cursors)
      const t = process.hrtime.bigint()
      const page = await lib.query(filter, after, 200)
      pageTimes.push(ms(t))
      if (page.items.length === 0) throw new Error('empty page')
    }
    const searchTimes: number[] = []
    const searchHits: number[] = []
    for (let r = 0; r < ROUNDS; r++) {
      const text =
        r % 2
          ? pick(COMMON)
          : r % 5 === 0
            ? `${pick(COMMON)} ${pick(WORDS)}`
            : pick(WORDS).slice(0, 4)
      const t = process.hrtime.bigint()
      const page = await lib.query({ text }, null, 200)
      searchTimes.push(ms(t))
      searchHits.push(page.items.length)
    }
    const monthTimes: number[] = []
    for (let r = 0; r < 30; r++) {
      const t = process.hrtime.bigint()
      await lib.months(r % 2 ? {} : { media: 'video' })
      monthTimes.push(ms(t))
    }
    // ── organising filters (issue #16): rating, tags, collections, alone and combined ──
    for (let w = 0; w < 26; w++) await lib.query(organiseFilter(w), null, 200)
    const filterTimes: number[] = []
    const filterHits: number[] = []
    for (let r = 0; r < ROUNDS; r++) {
      const filter = organiseFilter(r)
      // Every other round is a deep page: after a random item of the whole library.
      const after = r % 2 ? pick(cursors) : null
      const t = process.hrtime.bigint()
      const page = await lib.query(filter, after, 200)
      filterTimes.push(ms(t))
      filterHits.push(page.items.length)
    }
    const filterMonthTimes: number[] = []
    for (let r = 0; r < 39; r++) {
      const t = process.hrtime.bigint()
      await lib.months(organiseFilter(r))
      filterMonthTimes.push(ms(t))
    }
    const suggestTimes: number[] = []
    for (let r = 0; r < 60; r++) {
      const t = process.hrtime.bigint()
      await lib.tagSuggestions(r % 3 === 0 ? '' : pick(TAGS).slice(0, 1 + (r % 3)), 10)
      suggestTimes.push(ms(t))
    }
    await lib.close()

    const result = {
      bench: 'library-index',
      items: N,
      generate_ms: Math.round(genMs),
      build_ms: Math.round(buildMs),
      control_reader_rows_ms: Math.round(readerRows.ms),
      build_vs_control: Number((buildMs / readerRows.ms).toFixed(2)),
      index_vs_read: Number((buildMs / readerRows.ms).toFixed(2)),
      old_control_read_sidecars_ms: Math.round(controlMs),
      old_index_vs_read: Number((buildMs / controlMs).toFixed(2)),
      build_us_per_item: Number(((buildMs * 1000) / N).toFixed(1)),
      build_event_loop_max_ms: Math.round(loop.max / 1e6),
      build_event_loop_p99_ms: Number((loop.percentile(99) / 1e6).toFixed(1)),
      build_cpu_per_tick_max_ms: Number(buildBlock.cpuMax.toFixed(1)),
      build_start_ms: Number(buildBlock.first.toFixed(1)),
      build_longest_gap_ms: Number(buildBlock.longest.toFixed(1)),
      build_longest_block_gc_ms: Number(buildBlock.longestGc.toFixed(1)),
      build_longest_block_outside_gc_ms: Number(buildBlock.longestOutsideGc.toFixed(1)),
      control_write_index_ms: Math.round(writeMs),
      control_stat_read_write_ms: Math.round(statMs + controlMs + writeMs),
      serial_floor_vs_read: Number(((statMs + controlMs + writeMs) / controlMs).toFixed(2)),
      control_read_beside_writes_ms: Math.round(besideMs),
      overlapped_floor_vs_read: Number(((statMs + besideMs) / controlMs).toFixed(2)),
      restart_reconcile_ms: Math.round(restartMs),
      control_reader_stamps_ms: Math.round(readerStamps.ms),
      restart_control: 'reader threads',
      restart_vs_stat: Number((restartMs / restartControlMs).toFixed(2)),
      old_control_stat_walk_ms: Math.round(statMs),
      old_restart_vs_stat: Number((restartMs / statMs).toFixed(2)),
      restart_us_per_item: Number(((restartMs * 1000) / N).toFixed(1)),
      restart_event_loop_max_ms: Math.round(restartLoop.max / 1e6),
      restart_event_loop_p99_ms: Number((restartLoop.percentile(99) / 1e6).toFixed(1)),
      restart_cpu_per_tick_max_ms: Number(restartBlock.cpuMax.toFixed(1)),
      restart_start_ms: Number(restartBlock.first.toFixed(1)),
      restart_longest_gap_ms: Number(restartBlock.longest.toFixed(1)),
      restart_longest_block_gc_ms: Number(restartBlock.longestGc.toFixed(1)),
      restart_longest_block_outside_gc_ms: Number(restartBlock.longestOutsideGc.toFixed(1)),
      page200_p50_ms: Number(pct(pageTimes, 0.5).toFixed(3)),
      page200_p95_ms: Number(pct(pageTimes, 0.95).toFixed(3)),
      search_p50_ms: Number(pct(searchTimes, 0.5).toFixed(3)),
      search_p95_ms: Number(pct(searchTimes, 0.95).toFixed(3)),
      search_mean_hits: Math.round(searchHits.reduce((a, b) => a + b, 0) / searchHits.length),
      months_p95_ms: Number(pct(monthTimes, 0.95).toFixed(3)),
      filter_p50_ms: Number(pct(filterTimes, 0.5).toFixed(3)),
      filter_p95_ms: Number(pct(filterTimes, 0.95).toFixed(3)),
      filter_mean_hits: Math.round(filterHits.reduce((a, b) => a + b, 0) / filterHits.length),
      filter_months_p95_ms: Number(pct(filterMonthTimes, 0.95).toFixed(3)),
      tag_suggest_p95_ms: Number(pct(suggestTimes, 0.95).toFixed(3)),
      goal_filter_ms: 5,
      goal_page_ms: 2,
      goal_search_ms: 20,
      goal_index_vs_read: 1.5,
      goal_restart_vs_stat: 1.5,
    }
    return result
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main() {
  const results: Awaited<ReturnType<typeof measure>>[] = []
  for (const n of SIZES) results.push(await measure(n))
  const column = (r: (typeof results)[number]) => ({
    'generate files + sidecars': `${r.generate_ms} ms`,
    'control: reader threads read all sidecars': `${r.control_reader_rows_ms} ms`,
    'old control: promise API reads them': `${r.old_control_read_sidecars_ms} ms`,
    'build index from sidecars': `${r.build_ms} ms (${r.index_vs_read}×; old ${r.old_index_vs_read}×)`,
    'build per item': `${r.build_us_per_item} µs`,
    'build: longest block of main': `${r.build_event_loop_max_ms} ms wall, ${r.build_cpu_per_tick_max_ms} ms CPU`,
    'build: its synchronous start (not in the blocks)': `${r.build_start_ms} ms`,
    'build: longest gap, V8 GC in it': `${r.build_longest_gap_ms} ms, ${r.build_longest_block_gc_ms} ms GC`,
    'build: longest block outside GC': `${r.build_longest_block_outside_gc_ms} ms`,
    "build: main's 1 ms timer, p99 gap": `${r.build_event_loop_p99_ms} ms`,
    'control: index writes alone': `${r.control_write_index_ms} ms`,
    'stat walk + read + writes': `${r.control_stat_read_write_ms} ms (${r.serial_floor_vs_read}× read)`,
    'read with writes on a worker': `${r.control_read_beside_writes_ms} ms`,
    'stat walk + that': `${r.overlapped_floor_vs_read}× read`,
    'control: reader threads stat all files': `${r.control_reader_stamps_ms} ms`,
    'old control: promise API stat walk': `${r.old_control_stat_walk_ms} ms`,
    'restart, unchanged folder': `${r.restart_reconcile_ms} ms (${r.restart_vs_stat}× ${r.restart_control}; old ${r.old_restart_vs_stat}×)`,
    'restart per item': `${r.restart_us_per_item} µs`,
    'restart: longest block of main': `${r.restart_event_loop_max_ms} ms wall, ${r.restart_cpu_per_tick_max_ms} ms CPU`,
    'restart: its synchronous start (not in the blocks)': `${r.restart_start_ms} ms`,
    'restart: longest gap, V8 GC in it': `${r.restart_longest_gap_ms} ms, ${r.restart_longest_block_gc_ms} ms GC`,
    'restart: longest block outside GC': `${r.restart_longest_block_outside_gc_ms} ms`,
    "restart: main's 1 ms timer, p99 gap": `${r.restart_event_loop_p99_ms} ms`,
    'page of 200 p50 / p95': `${r.page200_p50_ms} / ${r.page200_p95_ms} ms`,
    'text search p50 / p95': `${r.search_p50_ms} / ${r.search_p95_ms} ms`,
    'months p95': `${r.months_p95_ms} ms`,
    'rating/tag/collection filters p50 / p95': `${r.filter_p50_ms} / ${r.filter_p95_ms} ms`,
    'their months p95': `${r.filter_months_p95_ms} ms`,
    'tag autocomplete p95': `${r.tag_suggest_p95_ms} ms`,
  })
  printScales(
    'library-index',
    results,
    column,
    'goals: build ≤ 1.5× the reader threads reading the sidecars; restart ≤ 1.5× them stamping the files; longest block of main during either ≤ 50 ms; page p95 ≤ 2 ms; search p95 ≤ 20 ms; rating/tag/collection filter p95 ≤ 5 ms',
  )
}

runBench(main)

/**
 * sync: issue #28's bench, with the real engine. Two Syncthing daemons (Debian's `syncthing`;
 * loopback only, set up as the integration test sets them up: test/support/syncthingPair.ts)
 * share one library folder between two LibraryServices (A and B, each with its own index).
 * `SYNC_ITEMS` (1,000) new results, each a PNG with its sidecar, are written into A's folder and
 * Syncthing is asked for one scan of A (REST) once they are all written: its own watcher is off,
 * so the whole batch is one scan, and the bench waits for nothing else.
 *
 * Per item, the reference is the end of Syncthing's own transfer to B: the later of its two
 * ItemFinished events on B (media file and sidecar; /rest/events, Syncthing's own timestamps).
 * - `index_lag_p95_ms`: from there to B's index holding the item (its `library:changed` event),
 *   goal ≤ 1,000;
 * - the control from the same run: a bare watch of B's folder (the watch adapter alone,
 *   sync/folderWatch.ts, with nothing behind it) noticing the same two files under their final
 *   names (`watch_lag_p95_ms`), and the ratio. Not Node's recursive fs.watch: on Linux it lists a
 *   whole folder synchronously on every event, and with 2,000 files arriving in one folder it
 *   starved this process (A, B and the control share it) for over a minute;
 * - then `SYNC_EDITS` (100) of the items are rated on A and tagged on B at the same moment (no
 *   scan between: concurrent for Syncthing), both sides converge, and `lost_edits` counts items
 *   missing either edit on either side (goal 0), `conflict_files_left` the conflict copies left in
 *   either folder (goal 0).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { Thumbnailer } from '../src/main/adapters/thumbnails/Thumbnailer'
import { MainEvents } from '../src/main/events'
import { LibraryService } from '../src/main/services/library/LibraryService'
import { type FolderWatch, watchFolderTree } from '../src/main/services/library/sync/folderWatch'
import type { LibraryChange } from '../src/shared/library/types'
import { writeResults } from '../test/support/libraryFolder'
import { makePng } from '../test/support/mediaFixtures'
import { conflictCopies, SyncthingPair } from '../test/support/syncthingPair'
import { syncthingToolOrSkip } from '../test/support/syncthingTool'
import { pct, runBench } from './support/stats'

const N = Number(process.env.SYNC_ITEMS ?? 1000)
const EDITS = Math.min(N, Number(process.env.SYNC_EDITS ?? 100))
const DAY = join('2026', '03', '01')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A Syncthing timestamp (RFC 3339 with nanoseconds) in ms since the epoch. */
const stamp = (time: string): number => Date.parse(time.replace(/(\.\d{3})\d*/, '$1'))

function library(dir: string, userData: string, seen?: Map<string, number>): LibraryService {
  const events = new MainEvents()
  if (seen)
    events.forward((e, payload) => {
      if (e !== 'library:changed') return
      const now = Date.now()
      for (const id of (payload as LibraryChange).ids) if (!seen.has(id)) seen.set(id, now)
    })
  return new LibraryService({
    settings: { settings: async () => ({ libraryDir: dir }) },
    events,
    indexPath: join(userData, 'index.sqlite'),
    thumbs: new Thumbnailer(join(userData, 'thumbs')),
    trash: { trashItem: async () => {} },
    similar: { startDelayMs: 3_600_000, addedDelayMs: 3_600_000 },
  })
}

async function main(): Promise<void> {
  if (!syncthingToolOrSkip('syncthing', 'syncthing').available)
    throw new Error('the sync bench needs syncthing (Debian package: syncthing)')
  const tmp = mkdtempSync(join(tmpdir(), 'bench-sync-'))
  const dirA = join(tmp, 'A', 'Library')
  const dirB = join(tmp, 'B', 'Library')
  const indexedOnB = new Map<string, number>()
  const A = library(dirA, join(tmp, 'A', 'userData'))
  const B = library(dirB, join(tmp, 'B', 'userData'), indexedOnB)
  const pair = new SyncthingPair(tmp, dirA, dirB)
  let bare: FolderWatch | null = null
  try {
    await Promise.all([A.whenReconciled(), B.whenReconciled()])
    await pair.start()

    // The control: a bare watcher on B, the first time each final name shows up.
    const watchSeen = new Map<string, number>()
    bare = watchFolderTree(
      dirB,
      (name) => {
        if (name && !watchSeen.has(name)) watchSeen.set(name, Date.now())
      },
      (e) => console.warn(`control watcher: ${e.message}`),
    )
    // Syncthing's own record of each file's transfer to B, from its event stream.
    const finished = new Map<string, number>()
    // One subscription for ItemFinished alone (its event ids are its own): opened before the
    // files are written, so every transfer's end is in it.
    const EVENTS = '/rest/events?events=ItemFinished'
    let since = 0
    for (const ev of ((await pair.b.get(`${EVENTS}&timeout=0`)) ?? []) as Array<{ id: number }>)
      since = Math.max(since, ev.id)
    let collecting = true
    const collector = (async () => {
      while (collecting) {
        const events = (await pair.b.get(`${EVENTS}&since=${since}&timeout=1`)) as Array<{
          id: number
          time: string
          data: { item: string; error: unknown }
        }> | null
        for (const ev of events ?? []) {
          since = Math.max(since, ev.id)
          if (!ev.data.error) finished.set(ev.data.item, stamp(ev.time))
        }
      }
    })()

    const png = await makePng(24, 24, '#336699')
    const t0 = Date.now()
    await writeResults(join(dirA, DAY), N, png, { name: 'bulk' })
    const written = Date.now()
    await pair.a.scan(pair.folder) // one scan of the whole batch
    const scanned = Date.now()
    const ids = Array.from({ length: N }, (_, i) => `bulk-${i}`)
    const relOf = (i: number) => `${DAY}/bulk-${i}.png`
    // The end of the whole transfer by B's own account: it holds every file and needs none.
    // (Syncthing drops events when a subscriber's buffer is full: items without both
    // ItemFinished events are counted, not guessed.)
    await pair.b.until(async () => {
      const st = await pair.b.get(`/rest/db/status?folder=${pair.folder}`)
      return !!st && st.localFiles >= 2 * N && st.needTotalItems === 0 && st.state === 'idle'
    }, 240_000)
    const statusDone = Date.now()
    await sleep(1500) // the last events reach the collector
    const engineDone = finished.size ? Math.max(...finished.values()) : statusDone
    // B's index: every item, bounded; any the change events did not name are found by lookup.
    const deadline = Date.now() + 30_000
    while ((await B.status()).itemCount < N && Date.now() < deadline) await sleep(25)
    for (const id of ids)
      if (!indexedOnB.has(id) && (await B.get(id).catch(() => null))) indexedOnB.set(id, Date.now())
    collecting = false
    await collector

    const indexLags: number[] = []
    const watchLags: number[] = []
    let missing = 0
    let noEvents = 0
    ids.forEach((id, i) => {
      const indexed = indexedOnB.get(id)
      if (indexed === undefined) missing++
      const ends = [finished.get(relOf(i)), finished.get(`${relOf(i)}.json`)]
      if (ends.some((e) => e === undefined)) {
        noEvents++
        return
      }
      const end = Math.max(...(ends as number[]))
      if (indexed !== undefined) indexLags.push(Math.max(0, indexed - end))
      const seen = [relOf(i), `${relOf(i)}.json`].map((r) => watchSeen.get(r))
      if (seen.every((s) => s !== undefined))
        watchLags.push(Math.max(0, Math.max(...(seen as number[])) - end))
    })
    if (missing)
      throw new Error(
        `${missing} of ${N} items never reached B's index (it holds ${(await B.status()).itemCount}; waiting ${(await B.syncStatus()).waiting})`,
      )

    // ── concurrent edits: a rating on A, tags on B, for the same items ──
    const edited = ids.slice(0, EDITS)
    await Promise.all([A.setRating(edited, 4), B.setTags(edited, ['sea', 'night'])])
    const lost = async () => {
      let n = 0
      for (const lib of [A, B]) {
        const items = await Promise.all(edited.map((id) => lib.get(id).catch(() => null)))
        n += items.filter((it) => !it || it.rating !== 4 || it.tags.join() !== 'sea,night').length
      }
      return n
    }
    const copiesLeft = async () =>
      (await conflictCopies(dirA)).length + (await conflictCopies(dirB)).length
    const te = Date.now()
    await pair
      .converge(async () => (await lost()) === 0 && (await copiesLeft()) === 0, 180_000)
      .catch((e: Error) => console.warn(`edits: ${e.message}`))
    const editsMs = Date.now() - te
    const lostEdits = await lost()
    const conflictFilesLeft = await copiesLeft()
    const merged = (await A.syncStatus()).conflictsMerged + (await B.syncStatus()).conflictsMerged

    const indexP95 = pct(indexLags, 0.95)
    const watchP95 = pct(watchLags, 0.95)
    const result = {
      items: N,
      write_ms: written - t0,
      scan_ms: scanned - written,
      engine_done_after_write_ms: engineDone - written,
      status_done_after_write_ms: statusDone - written,
      all_indexed_after_status_done_ms: Math.max(...indexedOnB.values()) - statusDone,
      items_without_transfer_events: noEvents,
      index_lag_p50_ms: pct(indexLags, 0.5),
      index_lag_p95_ms: indexP95,
      index_lag_max_ms: pct(indexLags, 1),
      watch_lag_p50_ms: pct(watchLags, 0.5),
      watch_lag_p95_ms: watchP95,
      watch_items: watchLags.length,
      index_over_watch_p95: Number((indexP95 / Math.max(1, watchP95)).toFixed(1)),
      edits: EDITS,
      edits_converged_ms: editsMs,
      conflicts_merged: merged,
      lost_edits: lostEdits,
      conflict_files_left: conflictFilesLeft,
      goals: { index_lag_p95_ms: 1000, lost_edits: 0, conflict_files_left: 0 },
    }
    console.table(result)
    console.log(JSON.stringify(result))
  } finally {
    bare?.close()
    await pair.stop().catch(() => {})
    await A.close()
    await B.close()
    rmSync(tmp, { recursive: true, force: true })
  }
}

runBench(main)

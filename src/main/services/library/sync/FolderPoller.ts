import { type Dirent, promises as fs, stat as statCb } from 'node:fs'
import { join } from 'node:path'

import { isIgnoredName, mapLimit } from '../disk/scan'

/**
 * How often a polled folder is looked at. A change is seen within one interval plus the
 * reconcile's debounce and settle time (sync/arrival.ts, SETTLE_MS): under the 10 s issue #28
 * asks for. Each look stats every folder once (bench/folder-poll.ts: idle CPU at 100k items).
 */
export const POLL_MS = 3000

/** Folder stats in flight at once: enough to hide a network share's round trips. */
const STATS_IN_FLIGHT = 8

/**
 * The mtimes of many folders (null: gone), STATS_IN_FLIGHT at a time. Callback fs.stat, not the
 * promise API: at ~750 folders a look costs ~4 ms of CPU instead of ~10 (measured here, Node 20),
 * and the poller's whole cost while idle is these looks.
 */
function mtimesOf(paths: string[]): Promise<Array<number | null>> {
  const out = new Array<number | null>(paths.length).fill(null)
  if (!paths.length) return Promise.resolve(out)
  return new Promise((resolve) => {
    let next = 0
    let done = 0
    const go = (): void => {
      const i = next++
      if (i >= paths.length) return
      statCb(paths[i]!, (err, st) => {
        out[i] = err ? null : st.mtimeMs
        if (++done === paths.length) resolve(out)
        else go()
      })
    }
    for (let k = 0; k < STATS_IN_FLIGHT; k++) go()
  })
}

/** What the poller found changed: paths for the watcher's pipeline, or 'all' (a full reconcile). */
export type PolledChange = string[] | 'all'

/**
 * The fallback for a folder whose change events never arrive (a network share: the kernel sees
 * only this machine's writes). It remembers every folder's mtime, and each look stats only the
 * folders: a file added, removed or renamed into place (as sync engines and the app's own
 * sidecar writes do) changes its folder's mtime, and only changed folders are listed. Their
 * entries go to the same pipeline as the watcher's reports (LibraryFolder), so a change is read
 * once however it was noticed, and an unchanged file costs nothing.
 */
export class FolderPoller {
  /** Folder (relative, '' for the root) → its mtime at the last look. */
  private dirs = new Map<string, number>()
  /** Names directly in the root: a vanished root-level file has no folder of its own to report. */
  private rootNames = new Set<string>()
  private timer: ReturnType<typeof setTimeout> | null = null
  private stopped = true

  constructor(
    private readonly root: string,
    private readonly report: (change: PolledChange) => void,
    private readonly log: (message: string) => void,
    private readonly intervalMs = POLL_MS,
  ) {}

  get polling(): boolean {
    return !this.stopped
  }

  /** Learns the folder tree (folders only), then looks again every interval until stopped. */
  async start(): Promise<void> {
    if (!this.stopped) return
    this.stopped = false
    await this.learn([''])
    this.schedule()
  }

  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  private schedule(): void {
    if (this.stopped) return
    this.timer = setTimeout(() => {
      this.timer = null
      this.look()
        .catch((e) => this.log(`Polling the library folder failed: ${(e as Error).message}`))
        .finally(() => this.schedule())
    }, this.intervalMs)
    this.timer.unref?.()
  }

  /** Lists a folder: its entries, or null when it is gone or cannot be read. */
  private async list(rel: string): Promise<{ mtime: number; entries: Dirent[] } | null> {
    const abs = rel ? join(this.root, rel) : this.root
    try {
      const [st, entries] = await Promise.all([
        fs.stat(abs),
        fs.readdir(abs, { withFileTypes: true }),
      ])
      return { mtime: st.mtimeMs, entries }
    } catch {
      return null
    }
  }

  /** Adds folders and everything below them to what is watched; returns the folders found. */
  private async learn(start: string[]): Promise<string[]> {
    const found: string[] = []
    let level = start
    while (level.length && !this.stopped) {
      const next: string[] = []
      const listed = await mapLimit(level, STATS_IN_FLIGHT, (rel) => this.list(rel))
      level.forEach((rel, i) => {
        const got = listed[i]
        if (!got) return
        this.dirs.set(rel, got.mtime)
        found.push(rel)
        if (rel === '') this.rootNames = new Set(got.entries.map((e) => e.name))
        for (const e of got.entries)
          if (e.isDirectory() && !isIgnoredName(e.name))
            next.push(rel ? `${rel}/${e.name}` : e.name)
      })
      level = next
    }
    return found
  }

  /** One look: stat every known folder, list the changed ones, report what is in them. */
  private async look(): Promise<void> {
    const known = [...this.dirs]
    const now = await mtimesOf(known.map(([rel]) => (rel ? join(this.root, rel) : this.root)))
    const knownDirs = new Set(known.map(([rel]) => rel))
    const changed: string[] = []
    known.forEach(([rel, mtime], i) => {
      if (now[i] !== mtime) changed.push(rel)
    })
    if (!changed.length || this.stopped) return
    const paths = new Set<string>()
    let all = false
    for (const rel of changed) {
      const got = await this.list(rel)
      if (!got) {
        // Gone: its parent changed too, and reports it; forget it and what was below it.
        for (const k of [...this.dirs.keys()])
          if (k === rel || k.startsWith(`${rel}/`)) this.dirs.delete(k)
        continue
      }
      this.dirs.set(rel, got.mtime)
      const names = new Set(got.entries.map((e) => e.name))
      const fresh: string[] = []
      for (const e of got.entries) {
        const child = rel ? `${rel}/${e.name}` : e.name
        if (e.isDirectory()) {
          if (!isIgnoredName(e.name) && !this.dirs.has(child)) fresh.push(child)
        } else paths.add(child)
      }
      for (const dir of await this.learn(fresh)) if (dir) paths.add(dir)
      if (rel) {
        // The folder itself: files gone from it are removed from the index.
        paths.add(rel)
      } else {
        for (const name of this.rootNames) {
          if (names.has(name)) continue
          if (knownDirs.has(name))
            all = true // a whole top-level folder went
          else paths.add(name)
        }
        this.rootNames = names
      }
    }
    if (!this.stopped) this.report(all ? 'all' : [...paths])
  }
}

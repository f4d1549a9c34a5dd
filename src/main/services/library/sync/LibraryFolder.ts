import { constants as fsc, type FSWatcher, promises as fs, watch } from 'node:fs'
import { sep } from 'node:path'

import { t } from '../../../i18n'
import type { LibraryCore } from '../core/LibraryCore'
import { COLLECTIONS_DIR } from '../disk/collectionFile'
import { errnoOf } from '../disk/fsUtil'
import { isIgnoredName } from '../disk/scan'
import { HOLDING_DIR } from '../disk/sidecar'
import { isArrivingName } from '../disk/syncNames'
import { isConflictCopy } from './conflicts'
import { FolderPoller } from './FolderPoller'
import { type LibraryReconciler, SETTLE_MS } from './reconcile'

/**
 * The library folder: attaching one (a folder the index was not built for empties the index
 * first), telling its state (missing, read-only, a file, fine), watching it for changes
 * (fs.watch, debounced into a reconcile of the paths it reported; polled too on a network share,
 * FolderPoller.ts) and retrying a folder that is
 * gone (an unplugged drive) every few seconds.
 */
export class LibraryFolder {
  private watcher: FSWatcher | null = null
  private pending = new Set<string>()
  /** Sync conflict copies the watcher reported, merged before the pending paths are read. */
  private conflicts = new Set<string>()
  private fullPending = false
  private debounce: ReturnType<typeof setTimeout> | null = null
  private retry: ReturnType<typeof setInterval> | null = null
  private poller: FolderPoller | null = null

  constructor(
    private readonly core: LibraryCore,
    private readonly reconcile: LibraryReconciler,
  ) {}

  get watching(): boolean {
    return this.watcher !== null
  }

  /** Switches to a folder; runs inside the core's queue. */
  async attach(dir: string): Promise<void> {
    const core = this.core
    this.stopWatching()
    const index = core.idx()
    if (index.getMeta('root') !== dir) {
      index.clear()
      index.setMeta('root', dir)
      core.emit({ reason: 'reset', ids: [] })
    }
    core.root = dir
    core.reconciled = false
    await this.check(true)
    if (core.usable) {
      if (core.state === 'ok') await core.holding.sweep(dir).catch((e) => core.log(String(e)))
      await this.reconcile.all()
      await this.follow()
    } else {
      this.scheduleRetry()
    }
    core.emitStatus()
  }

  /**
   * Looks at the folder: missing (kept as is: the index still shows what was there, e.g. on an
   * unplugged drive), read-only, or fine. A missing folder is created only when the library is
   * empty (first start with the default folder).
   */
  async check(createIfEmpty: boolean): Promise<void> {
    const core = this.core
    const dir = core.dir()
    try {
      const st = await fs.stat(dir)
      if (!st.isDirectory()) {
        core.setState('error', t('libIsFile', { dir }))
        return
      }
    } catch (e) {
      if (errnoOf(e) === 'ENOENT' && createIfEmpty && core.idx().count() === 0) {
        try {
          await fs.mkdir(dir, { recursive: true })
        } catch (e2) {
          core.setState('missing', t('libCannotCreate', { dir, detail: (e2 as Error).message }))
          return
        }
      } else {
        core.setState('missing', t('libFolderMissing', { dir }))
        return
      }
    }
    try {
      await fs.access(dir, fsc.W_OK)
      core.setState('ok', null)
    } catch {
      core.setState('readonly', t('libFolderReadOnly', { dir }))
    }
  }

  /** The folder could not be scanned: say why, and try again later. */
  async unreadable(error: Error): Promise<void> {
    await this.check(false)
    if (this.core.state === 'ok')
      this.core.setState('error', t('libFolderUnreadable', { detail: error.message }))
    this.scheduleRetry()
  }

  scheduleRetry(): void {
    const core = this.core
    if (this.retry || core.closed) return
    this.retry = setInterval(() => {
      void core.serial(async () => {
        if (!core.root) return
        await this.check(false)
        if (core.usable) {
          clearInterval(this.retry!)
          this.retry = null
          await this.reconcile.all()
          await this.follow()
          core.emitStatus()
          core.emit({ reason: 'reset', ids: [] })
        }
      })
    }, 5000)
    this.retry.unref?.()
  }

  startWatching(): void {
    const core = this.core
    if (core.options.watch === false || this.watcher || core.closed || !core.root) return
    const root = core.root
    try {
      this.watcher = watch(root, { recursive: true }, (_event, filename) => {
        if (this.note(filename === null || filename === undefined ? null : String(filename)))
          this.kick()
      })
      this.watcher.on('error', () => {
        this.stopWatching()
        void core.serial(async () => {
          await this.check(false)
          if (!core.usable) this.scheduleRetry()
          core.emitStatus()
        })
      })
    } catch (e) {
      core.log(`Cannot watch ${root}: ${(e as Error).message}; polling it instead.`)
      void this.startPolling(root)
    }
  }

  /**
   * Follows a changed path, as the watcher or the poller reported it (null: something changed,
   * unknown where). True when a reconcile is due; a transfer starting or a collection definition
   * changing is handled here.
   */
  private note(filename: string | null): boolean {
    const core = this.core
    if (filename === null) {
      this.fullPending = true
      return true
    }
    const rel = filename.split(sep).join('/')
    const parts = rel.split('/')
    if (isArrivingName(parts[parts.length - 1]!)) {
      core.activity.arriving.add(rel)
      return false
    }
    if (rel.startsWith(`${COLLECTIONS_DIR}/`) && !isConflictCopy(rel)) {
      // A definition written here or by another machine: the collections list reloads.
      core.emit({ reason: 'updated', ids: [] })
      return false
    }
    if (isConflictCopy(rel)) {
      this.conflicts.add(rel)
      return true
    }
    if (parts.some((p) => isIgnoredName(p) && !p.endsWith('.json'))) return false
    if (parts[0] === HOLDING_DIR) return false
    this.pending.add(rel.endsWith('.json') ? rel.slice(0, -5) : rel)
    return true
  }

  /**
   * Watches the folder for changes (startWatching), and polls it too when its change events
   * cannot be trusted: a network share or FUSE mount (the container's `networkShare` check,
   * adapters/fs/networkFilesystem.ts), where the kernel never hears of another machine's writes.
   */
  async follow(): Promise<void> {
    const core = this.core
    this.startWatching()
    const root = core.root
    if (root && !this.poller && (await core.options.networkShare?.(root))) {
      core.log(`The library folder ${root} is on a network share: polling it for changes.`)
      await this.startPolling(root)
    }
  }

  get polling(): boolean {
    return this.poller?.polling ?? false
  }

  private async startPolling(root: string): Promise<void> {
    const core = this.core
    if (this.poller || core.closed) return
    const poller = new FolderPoller(
      root,
      (change) => {
        if (core.closed || core.root !== root) return
        let due = false
        if (change === 'all') due = this.note(null)
        else for (const rel of change) due = this.note(rel) || due
        if (due) this.kick()
      },
      (message) => core.log(message),
      core.options.pollMs,
    )
    this.poller = poller
    await poller.start()
  }

  private kick(): void {
    const core = this.core
    // A window from the first change, not restarted by later ones: a sync engine delivering a
    // file every few tens of ms would otherwise hold every change back until it stops (bench/sync.ts
    // measured items indexed 82 s after Syncthing had finished them).
    if (this.debounce) return
    this.debounce = setTimeout(() => {
      this.debounce = null
      const full = this.fullPending
      const paths = [...this.pending]
      const conflicts = [...this.conflicts]
      this.fullPending = false
      this.pending.clear()
      this.conflicts.clear()
      void core
        .serial(async () => {
          if (core.closed || !core.root) return
          if (full) await this.reconcile.all()
          else if (paths.length) await this.reconcile.paths(paths)
          await this.reconcile.mergeConflicts(conflicts)
        })
        .catch((e) => core.log(`Reconcile failed: ${(e as Error).message}`))
    }, core.options.watchDebounceMs ?? 400)
    this.debounce.unref?.()
  }

  /**
   * Files left out because they were still being written: read again once they have had time to
   * settle (sync/reconcile.ts, SETTLE_MS).
   */
  recheck(relPaths: string[]): void {
    const timer = setTimeout(() => {
      if (this.core.closed) return
      for (const rel of relPaths) this.pending.add(rel)
      this.kick()
    }, SETTLE_MS + 100)
    timer.unref?.()
  }

  stopWatching(): void {
    this.watcher?.close()
    this.watcher = null
    this.poller?.stop()
    this.poller = null
    if (this.debounce) clearTimeout(this.debounce)
    this.debounce = null
  }

  /** Stops watching and retrying (library close). */
  stop(): void {
    this.stopWatching()
    if (this.retry) clearInterval(this.retry)
    this.retry = null
  }
}

import { constants as fsc, promises as fs } from 'node:fs'

import type { LibraryWatchState } from '@shared/library/syncStatus'

import { t } from '../../../i18n'
import type { LibraryCore } from '../core/LibraryCore'
import { COLLECTIONS_DIR } from '../disk/collectionFile'
import { errnoOf } from '../disk/fsUtil'
import { isIgnoredName } from '../disk/scan'
import { HOLDING_DIR } from '../disk/sidecar'
import { isArrivingName } from '../disk/syncNames'
import { SETTLE_MS } from './arrival'
import { isConflictCopy, isMediaConflictCopy } from './conflicts'
import { FolderPoller, POLL_MS } from './FolderPoller'
import { type FolderWatch, watchFolderTree } from './folderWatch'
import type { LibraryReconciler } from './reconcile'

/**
 * The library folder: attaching one (a folder the index was not built for empties the index
 * first), telling its state (missing, read-only, a file, fine), watching it for changes
 * (sync/folderWatch.ts, debounced into a reconcile of the paths it reported; polled too on a
 * network share, and polled instead when the watch fails: FolderPoller.ts) and retrying a folder
 * that is gone (an unplugged drive) every few seconds.
 */
export class LibraryFolder {
  private watcher: FolderWatch | null = null
  /** Why the folder is polled (a network share, a watch that failed), for the Sync panel. */
  private pollReason: string | null = null
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

  /** Deletes older than 30 days leave the library's trash (on a usable, writable folder). */
  async sweepTrash(): Promise<void> {
    const core = this.core
    if (core.root && core.state === 'ok')
      await core.holding.sweep(core.root).catch((e) => core.log(String(e)))
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
      await this.sweepTrash()
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
    const watchFolder = core.options.watchFolder ?? watchFolderTree
    try {
      this.watcher = watchFolder(
        root,
        (rel) => {
          if (this.note(rel)) this.kick()
        },
        (e) => this.watchFailed(root, e),
      )
    } catch (e) {
      this.watchFailed(root, e as Error)
    }
  }

  /**
   * The watch could not start or failed while running (the OS's limit on watches, ENOSPC on
   * inotify; the folder gone): the folder is polled from now on, and read whole once, as changes
   * may have been missed. A folder that is gone is retried instead.
   */
  private watchFailed(root: string, error: Error): void {
    const core = this.core
    this.watcher?.close()
    this.watcher = null
    if (core.closed || core.root !== root) return
    const code = (error as NodeJS.ErrnoException).code
    const why =
      code === 'ENOSPC'
        ? "the system's limit on watched folders is reached (raise fs.inotify.max_user_watches)"
        : error.message
    void core
      .serial(async () => {
        await this.check(false)
        if (!core.usable) {
          this.scheduleRetry()
        } else if (core.root === root) {
          core.log(`Cannot watch ${root}: ${why}; polling it instead.`)
          await this.startPolling(root, `Watching the folder failed: ${why}.`)
          await this.reconcile.all()
        }
        core.emitStatus()
      })
      .catch((e) => core.log(`Reconcile failed: ${(e as Error).message}`))
  }

  /** How changes in the folder are noticed, for the Sync panel. */
  get watchState(): LibraryWatchState {
    const polling = this.poller?.polling ?? false
    return {
      watching: this.watcher !== null,
      pollEverySec: polling ? Math.round((this.core.options.pollMs ?? POLL_MS) / 100) / 10 : null,
      reason: polling ? this.pollReason : null,
    }
  }

  /**
   * Follows a changed path, as the watcher or the poller reported it (null: something changed,
   * unknown where). True when a reconcile is due; a transfer starting or a collection definition
   * changing is handled here.
   */
  private note(rel: string | null): boolean {
    const core = this.core
    if (rel === null) {
      this.fullPending = true
      return true
    }
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
    if (isConflictCopy(rel) || isMediaConflictCopy(rel)) {
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
      await this.startPolling(
        root,
        'The folder is on a network share, where changes made by other machines raise no events.',
      )
    }
  }

  get polling(): boolean {
    return this.poller?.polling ?? false
  }

  private async startPolling(root: string, reason: string): Promise<void> {
    const core = this.core
    if (this.poller || core.closed) return
    this.pollReason = reason
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
   * settle (sync/arrival.ts, SETTLE_MS); or conflict copies kept for now, after `afterMs`.
   */
  recheck(relPaths: string[], afterMs = SETTLE_MS + 100): void {
    const timer = setTimeout(() => {
      if (this.core.closed) return
      let due = false
      for (const rel of relPaths) due = this.note(rel) || due
      if (due) this.kick()
    }, afterMs)
    timer.unref?.()
  }

  stopWatching(): void {
    this.watcher?.close()
    this.watcher = null
    this.poller?.stop()
    this.poller = null
    this.pollReason = null
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

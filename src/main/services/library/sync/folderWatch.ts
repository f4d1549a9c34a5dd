import { type FSWatcher, promises as fs, watch } from 'node:fs'
import { join, sep } from 'node:path'

/** A changed path relative to the watched root ('/'-separated), or null: something, unknown where. */
export type WatchListener = (relPath: string | null) => void

/** A running watch of a folder tree. */
export interface FolderWatch {
  close(): void
}

/**
 * Starts watching `root` and everything under it (the adapter LibraryFolder is given; the
 * default is `watchFolderTree`). It throws when the watch cannot start, and calls `onError` once
 * when it stops being trustworthy (the OS's watch limit reached: ENOSPC on inotify, the root
 * gone): the library then polls the folder instead (sync/FolderPoller.ts).
 */
export type WatchFolder = (
  root: string,
  onChange: WatchListener,
  onError: (error: Error) => void,
) => FolderWatch

/**
 * The default watch. Linux: one inotify watch per folder (`DirectoryTree`). Elsewhere Node's
 * recursive fs.watch, which is native there (FSEvents, ReadDirectoryChangesW).
 *
 * Not Node's recursive mode on Linux: it is written in JavaScript there and, for every event in
 * a folder, lists that whole folder synchronously and watches every file on its own
 * (lib/internal/fs/recursive_watch.js, `#watchFolder`, `#watchFile`, Node 20 and 22). A sync
 * engine delivering 1,000 results into one date folder made ~10,000 events, each listing 2,000
 * entries on main's thread: bench/sync.ts measured B's index 68–90 s behind the engine, all of it
 * timers and reconciles starved by those listings; and 100k files need 100k inotify watches
 * (ENOSPC on default limits).
 */
export const watchFolderTree: WatchFolder = (root, onChange, onError) => {
  if (process.platform !== 'linux') return watchRecursive(root, onChange, onError)
  return new DirectoryTree(root, onChange, onError)
}

function watchRecursive(
  root: string,
  onChange: WatchListener,
  onError: (error: Error) => void,
): FolderWatch {
  const w = watch(root, { recursive: true }, (_event, name) =>
    onChange(name === null || name === undefined ? null : String(name).split(sep).join('/')),
  )
  w.once('error', (e) => {
    w.close()
    onError(e)
  })
  return w
}

const joinRel = (dir: string, name: string): string => (dir ? `${dir}/${name}` : name)

/**
 * A folder tree watched folder by folder: each event names the folder it happened in and the
 * entry's name, and a new folder gets a watch of its own (and is reported once watched, so files
 * that landed in it before the watch started are read by the reconcile of that folder).
 */
class DirectoryTree implements FolderWatch {
  /** Watched folders, relative to the root ('' is the root). */
  private readonly watchers = new Map<string, FSWatcher>()
  private closed = false

  constructor(
    private readonly root: string,
    private readonly onChange: WatchListener,
    private readonly onError: (error: Error) => void,
  ) {
    this.watchDir('', true)
    void this.addBelow('')
  }

  close(): void {
    this.closed = true
    for (const w of this.watchers.values()) w.close()
    this.watchers.clear()
  }

  private fail(error: Error): void {
    if (this.closed) return
    this.close()
    this.onError(error)
  }

  /** Watches one folder; the root's failure to start is thrown to the caller. */
  private watchDir(rel: string, isRoot = false): void {
    if (this.closed || this.watchers.has(rel)) return
    let w: FSWatcher
    try {
      w = watch(join(this.root, rel), (event, name) => this.changed(rel, event, name))
    } catch (e) {
      if (isRoot) throw e
      // A folder gone again before it was watched is nothing; anything else (the OS's limit on
      // watches) means changes could be missed.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.fail(e as Error)
      return
    }
    w.on('error', (e) => {
      w.close()
      this.watchers.delete(rel)
      if (isRoot) this.fail(e)
      else void this.lostDir(rel, e)
    })
    this.watchers.set(rel, w)
  }

  /** A sub-folder's watch failed: fine when the folder is gone, a failure when it is still there. */
  private async lostDir(rel: string, error: Error): Promise<void> {
    const st = await fs.lstat(join(this.root, rel)).catch(() => null)
    if (st?.isDirectory()) this.fail(error)
    else this.drop(rel)
  }

  private changed(dir: string, event: string, name: string | Buffer | null): void {
    if (this.closed) return
    if (name === null) {
      this.onChange(dir || null)
      return
    }
    const rel = joinRel(dir, String(name))
    this.onChange(rel)
    // A rename event is an entry created, moved or removed: a folder may need a watch (or lose one).
    if (event === 'rename') void this.follow(rel)
  }

  private async follow(rel: string): Promise<void> {
    const st = await fs.lstat(join(this.root, rel)).catch(() => null)
    if (this.closed) return
    if (!st) return this.drop(rel)
    if (!st.isDirectory() || this.watchers.has(rel)) return
    this.watchDir(rel)
    await this.addBelow(rel)
    this.onChange(rel)
  }

  /** Watches every folder under `rel` (links are not followed). */
  private async addBelow(rel: string): Promise<void> {
    const entries = await fs.readdir(join(this.root, rel), { withFileTypes: true }).catch(() => [])
    for (const e of entries) {
      if (this.closed) return
      if (!e.isDirectory()) continue
      const child = joinRel(rel, e.name)
      if (this.watchers.has(child)) continue
      this.watchDir(child)
      await this.addBelow(child)
    }
  }

  /** Stops the watches of a folder that is gone, and of everything under it. */
  private drop(rel: string): void {
    if (!this.watchers.has(rel)) return
    for (const [dir, w] of this.watchers)
      if (dir && (dir === rel || dir.startsWith(`${rel}/`))) {
        w.close()
        this.watchers.delete(dir)
      }
  }
}

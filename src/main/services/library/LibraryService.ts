import { createHash, randomUUID } from 'node:crypto'
import { constants as fsc, type FSWatcher, promises as fs, watch } from 'node:fs'
import { basename, join, relative, sep } from 'node:path'

import { isPng, readPngChunks, readPngText, writePngText } from '@shared/library/pngChunks'
import {
  type EmbeddedSettings,
  type ParsedSettings,
  pngTextFor,
  settingsFromPngText,
} from '@shared/library/settings'
import {
  type DeleteReceipt,
  type ImportReport,
  type LibraryChange,
  type LibraryCursor,
  type LibraryFilter,
  type LibraryItem,
  type LibraryKind,
  type LibraryMonth,
  type LibraryPage,
  type LibrarySidecar,
  type LibraryStatus,
  type LibraryTile,
  MEDIA_TYPES,
  type MediaExt,
  mediaExtOf,
  UNDO_WINDOW_MS,
} from '@shared/library/types'
import { fail, isAppFailure } from '@shared/result'

import type { SqliteOpener } from '../../adapters/sqlite/openDatabase'
import { Thumbnailer } from '../../adapters/thumbnails/Thumbnailer'
import type { Trash } from '../../adapters/trash/Trash'
import type { MainEvents } from '../../events'
import { DeleteHolding } from './DeleteHolding'
import { writeZip, type ZipEntry } from './exportZip'
import { errnoOf, moveFile, storageFailure, tempNameFor, writeSynced } from './fsUtil'
import { type IndexRow, LibraryIndex } from './LibraryIndex'
import { extMatches, probeMedia, sniffExt } from './mediaProbe'
import type { MediaSource } from './mediaSource'
import { rowFromDisk } from './rowFromDisk'
import { type DiskStamp, hashFile, isIgnoredName, mapLimit, scanFolder, stampChanged } from './scan'
import { HOLDING_DIR, readSidecar, sidecarPathOf, writeSidecar } from './sidecar'

/** The file to store: a temp file we may move (a finished download), bytes, or a user's file we copy. */
export type SaveFile =
  | { tempPath: string; ext: string }
  | { bytes: Uint8Array; ext: string }
  | { copyFrom: string; ext: string }

/** What the task engine (or an import) hands to `save`. */
export interface SaveInput {
  kind: LibraryKind
  model: string
  prompt: string
  negativePrompt?: string
  /** Every request parameter as sent; stored in the sidecar and (for PNGs) in the file. */
  params: Record<string, unknown>
  seed?: number | null
  costEstimate?: number | null
  sourceTaskId?: string | null
  demo?: boolean
  /** When the output was created (ms); defaults to now. Decides the date folder. */
  createdAt?: number
  file: SaveFile
  /** Write our settings into PNG text chunks (default true). Imports keep files byte-identical. */
  embedSettings?: boolean
  originalName?: string
}

export interface LibraryServiceOptions {
  /** Where the current library folder comes from (SettingsService). */
  settings: { settings(): Promise<{ libraryDir: string }> }
  events: MainEvents
  /** SQLite index file, in userData (never inside the library folder). */
  indexPath: string
  /** Thumbnail cache folder, outside the library (userData/cache/thumbs). */
  thumbDir: string
  trash: Trash
  now?: () => number
  undoWindowMs?: number
  /** Watch the folder for files appearing or vanishing (default true). */
  watch?: boolean
  watchDebounceMs?: number
  /** Where to report background problems (watcher, trash); defaults to console.warn. */
  log?: (message: string) => void
  /** Opens the index database (the container's, with the process's native binding). */
  openDatabase?: SqliteOpener
}

const MAX_PAGE = 500
const MAX_SETTINGS_FILE = 64 * 1024 * 1024

const pad = (n: number, w = 2) => String(n).padStart(w, '0')

/** `YYYY/MM/DD` of a local date: the library's folder layout. */
export function dateFolder(ms: number): string {
  const d = new Date(ms)
  return `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())}`
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)

/**
 * The local library. Files live in the user's library folder by date (YYYY/MM/DD) with a JSON
 * sidecar each (the source of truth); a SQLite index in userData is reconciled from the sidecars
 * at start, on folder changes (fs.watch, debounced) and on demand. All mutations run one at a
 * time. Nothing of the user's is ever unlinked: delete goes through an undo holding area to the
 * OS trash (see DeleteHolding). No Electron import: the trash and dialogs are injected.
 */
export class LibraryService {
  private index: LibraryIndex | null = null
  private root: string | null = null
  private opening: Promise<void> | null = null
  private queue: Promise<unknown> = Promise.resolve()
  private watcher: FSWatcher | null = null
  private pending = new Set<string>()
  private fullPending = false
  private debounce: ReturnType<typeof setTimeout> | null = null
  private retry: ReturnType<typeof setInterval> | null = null
  private unsubscribe: (() => void) | null = null
  private closed = false
  private state: LibraryStatus['state'] = 'ok'
  private stateMessage: string | null = null
  private reconciled = false
  private scanProblems: Array<{ relPath: string; message: string }> = []
  readonly thumbs: Thumbnailer
  private readonly holding: DeleteHolding
  private readonly now: () => number
  private readonly log: (message: string) => void
  /** The `gen-media://` handler; index.ts passes it to `protocol.handle`. */
  /** What the gen-media: protocol serves (wired in container.ts). */
  readonly mediaSource: MediaSource

  constructor(private readonly options: LibraryServiceOptions) {
    this.now = options.now ?? Date.now
    this.log = options.log ?? ((m) => console.warn(`[library] ${m}`))
    this.thumbs = new Thumbnailer(options.thumbDir)
    this.holding = new DeleteHolding(
      options.trash,
      options.undoWindowMs ?? UNDO_WINDOW_MS,
      this.now,
      this.log,
    )
    this.mediaSource = {
      libraryDir: () => this.root ?? '',
      thumbDir: () => this.thumbs.dir,
      thumbPath: (id) => this.thumbPath(id),
    }
  }

  // ───────────────────────────── lifecycle ─────────────────────────────

  /** Opens the index and attaches the library folder (once); the first reconcile runs in the background. */
  open(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The library is closed.'))
    this.opening ??= (async () => {
      this.index = new LibraryIndex(this.options.indexPath, this.options.openDatabase)
      this.unsubscribe = this.options.events.forward((event, payload) => {
        if (event !== 'settings:changed') return
        const dir = (payload as { libraryDir?: string }).libraryDir
        if (dir && dir !== this.root)
          void this.serial(() => this.attach(dir)).catch((e) => this.log(String(e)))
      })
      const { libraryDir } = await this.options.settings.settings()
      await this.serial(() => this.attach(libraryDir))
    })()
    return this.opening
  }

  /** Resolves when the first reconcile with the current folder has finished (tests, benches). */
  async whenReconciled(): Promise<void> {
    await this.open()
    await this.serial(async () => {})
  }

  private idx(): LibraryIndex {
    if (!this.index) throw new Error('The library index is not open.')
    return this.index
  }

  private dir(): string {
    if (!this.root) throw new Error('The library folder is not attached.')
    return this.root
  }

  /** Runs mutations one at a time, in call order. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work)
    this.queue = next.catch(() => {})
    return next
  }

  private emit(change: LibraryChange): void {
    this.options.events.emit('library:changed', change)
  }

  private emitStatus(): void {
    if (this.index) this.options.events.emit('library:status', this.statusNow())
  }

  /** Switches to a folder: a different folder than the index was built for empties the index first. */
  private async attach(dir: string): Promise<void> {
    this.stopWatching()
    const index = this.idx()
    if (index.getMeta('root') !== dir) {
      index.clear()
      index.setMeta('root', dir)
      this.emit({ reason: 'reset', ids: [] })
    }
    this.root = dir
    this.reconciled = false
    await this.checkFolder(true)
    if (this.state === 'ok' || this.state === 'readonly') {
      if (this.state === 'ok') await this.holding.sweep(dir).catch((e) => this.log(String(e)))
      await this.reconcileAll()
      this.startWatching()
    } else {
      this.scheduleRetry()
    }
    this.emitStatus()
  }

  /**
   * Looks at the folder: missing (kept as is: the index still shows what was there, e.g. on an
   * unplugged drive), read-only, or fine. A missing folder is created only when the library is
   * empty (first start with the default folder).
   */
  private async checkFolder(createIfEmpty: boolean): Promise<void> {
    const dir = this.dir()
    try {
      const st = await fs.stat(dir)
      if (!st.isDirectory()) {
        this.setState(
          'error',
          `The library location ${dir} is a file, not a folder. Choose another folder in Settings.`,
        )
        return
      }
    } catch (e) {
      if (errnoOf(e) === 'ENOENT' && createIfEmpty && this.idx().count() === 0) {
        try {
          await fs.mkdir(dir, { recursive: true })
        } catch (e2) {
          this.setState(
            'missing',
            `The library folder ${dir} does not exist and cannot be created (${(e2 as Error).message}).`,
          )
          return
        }
      } else {
        this.setState(
          'missing',
          `The library folder ${dir} is missing. Reconnect its drive or choose another folder in Settings; what was indexed stays visible.`,
        )
        return
      }
    }
    try {
      await fs.access(dir, fsc.W_OK)
      this.setState('ok', null)
    } catch {
      this.setState(
        'readonly',
        `The library folder ${dir} is read-only: you can browse it, but new results cannot be saved there.`,
      )
    }
  }

  private setState(state: LibraryStatus['state'], message: string | null): void {
    this.state = state
    this.stateMessage = message
  }

  private scheduleRetry(): void {
    if (this.retry || this.closed) return
    this.retry = setInterval(() => {
      void this.serial(async () => {
        if (!this.root) return
        await this.checkFolder(false)
        if (this.state === 'ok' || this.state === 'readonly') {
          clearInterval(this.retry!)
          this.retry = null
          await this.reconcileAll()
          this.startWatching()
          this.emitStatus()
          this.emit({ reason: 'reset', ids: [] })
        }
      })
    }, 5000)
    this.retry.unref?.()
  }

  /** Stops watching, sends held deletes to the OS trash, closes the index. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.stopWatching()
    if (this.retry) clearInterval(this.retry)
    this.unsubscribe?.()
    await this.opening?.catch(() => {})
    await this.queue
    await this.holding.releaseAll().catch((e) => this.log(String(e)))
    this.index?.close()
  }

  // ───────────────────────────── reconcile ─────────────────────────────

  private async rowsFor(root: string, entries: Array<[string, DiskStamp]>): Promise<IndexRow[]> {
    const rows = await mapLimit(entries, 24, async ([rel, stamp]) => {
      try {
        return await rowFromDisk(root, rel, stamp)
      } catch (e) {
        this.scanProblems.push({ relPath: rel, message: (e as Error).message })
        return null
      }
    })
    const out = rows.filter((r): r is IndexRow => r !== null)
    for (const r of out)
      if (r.media === 'video' && r.sidecar.sha256)
        r.poster = await this.thumbs.has(r.sidecar.sha256)
    return out
  }

  /**
   * Brings the index in line with the whole folder: rows of vanished files go, new or changed
   * files (by mtime and size of the file and its sidecar) are re-read. Unchanged files cost one
   * stat each.
   */
  private async reconcileAll(): Promise<void> {
    const root = this.dir()
    let scan: Awaited<ReturnType<typeof scanFolder>>
    try {
      scan = await scanFolder(root)
    } catch (e) {
      await this.checkFolder(false)
      if (this.state === 'ok')
        this.setState('error', `The library folder cannot be read (${(e as Error).message}).`)
      this.scheduleRetry()
      return
    }
    this.scanProblems = [...scan.errors]
    const index = this.idx()
    const stamps = index.stamps()
    const gone = [...stamps.keys()].filter((rel) => !scan.files.has(rel))
    const changed = [...scan.files].filter(([rel, s]) => stampChanged(stamps.get(rel), s))
    const removed = gone.length ? index.removePaths(gone) : []
    const ids: string[] = []
    for (let i = 0; i < changed.length; i += 2000) {
      const rows = await this.rowsFor(root, changed.slice(i, i + 2000))
      index.upsert(rows)
      ids.push(...rows.map((r) => r.sidecar.id))
    }
    this.reconciled = true
    if (removed.length || ids.length)
      this.emit({
        reason: removed.length && !ids.length ? 'removed' : 'reset',
        ids: [...removed, ...ids].slice(0, 1000),
      })
    this.emitStatus()
  }

  /** Re-reads only the given paths (from the watcher); folders are scanned, vanished paths removed. */
  private async reconcilePaths(relPaths: string[]): Promise<void> {
    const root = this.dir()
    const index = this.idx()
    const stamps = index.stamps()
    const removed: string[] = []
    // A folder and a file inside it can both be reported: one entry per path, or two passes race.
    const changed = new Map<string, DiskStamp>()
    for (const rel of new Set(relPaths)) {
      let st
      try {
        st = await fs.stat(join(root, rel))
      } catch {
        removed.push(rel)
        continue
      }
      if (st.isDirectory()) {
        const scan = await scanFolder(root, rel).catch(() => null)
        if (!scan) continue
        const under = [...stamps.keys()].filter(
          (k) => k.startsWith(`${rel}/`) && !scan.files.has(k),
        )
        removed.push(...under)
        for (const [k, v] of scan.files) changed.set(k, v)
        continue
      }
      if (!mediaExtOf(rel)) continue
      let sidecarMtime = -1
      try {
        sidecarMtime = Math.round((await fs.stat(sidecarPathOf(join(root, rel)))).mtimeMs)
      } catch {
        // No sidecar.
      }
      changed.set(rel, { fileMtime: Math.round(st.mtimeMs), fileSize: st.size, sidecarMtime })
    }
    const fresh = [...changed].filter(([rel, s]) => stampChanged(stamps.get(rel), s))
    const removedIds = removed.length ? index.removePaths(removed) : []
    const rows = await this.rowsFor(root, fresh)
    index.upsert(rows)
    if (removedIds.length) this.emit({ reason: 'removed', ids: removedIds })
    if (rows.length) this.emit({ reason: 'added', ids: rows.map((r) => r.sidecar.id) })
    if (removedIds.length || rows.length) this.emitStatus()
  }

  /** Re-reads the whole folder now (the "Rescan" button; also after a drive comes back). */
  async reconcile(): Promise<LibraryStatus> {
    await this.open()
    await this.serial(async () => {
      await this.checkFolder(false)
      if (this.state === 'ok' || this.state === 'readonly') {
        await this.reconcileAll()
        if (!this.watcher) this.startWatching()
      }
    })
    return this.status()
  }

  private startWatching(): void {
    if (this.options.watch === false || this.watcher || this.closed || !this.root) return
    const root = this.root
    try {
      this.watcher = watch(root, { recursive: true }, (_event, filename) => {
        if (filename === null || filename === undefined) {
          this.fullPending = true
        } else {
          const rel = String(filename).split(sep).join('/')
          const parts = rel.split('/')
          if (parts.some((p) => isIgnoredName(p) && !p.endsWith('.json'))) return
          if (parts[0] === HOLDING_DIR) return
          this.pending.add(rel.endsWith('.json') ? rel.slice(0, -5) : rel)
        }
        this.kick()
      })
      this.watcher.on('error', () => {
        this.stopWatching()
        void this.serial(async () => {
          await this.checkFolder(false)
          if (this.state !== 'ok' && this.state !== 'readonly') this.scheduleRetry()
          this.emitStatus()
        })
      })
    } catch (e) {
      this.log(`Cannot watch ${root}: ${(e as Error).message}. Use Rescan to pick up changes.`)
    }
  }

  private kick(): void {
    if (this.debounce) clearTimeout(this.debounce)
    this.debounce = setTimeout(() => {
      this.debounce = null
      const full = this.fullPending
      const paths = [...this.pending]
      this.fullPending = false
      this.pending.clear()
      void this.serial(async () => {
        if (this.closed || !this.root) return
        if (full) await this.reconcileAll()
        else if (paths.length) await this.reconcilePaths(paths)
      }).catch((e) => this.log(`Reconcile failed: ${(e as Error).message}`))
    }, this.options.watchDebounceMs ?? 400)
    this.debounce.unref?.()
  }

  private stopWatching(): void {
    this.watcher?.close()
    this.watcher = null
    if (this.debounce) clearTimeout(this.debounce)
    this.debounce = null
  }

  // ───────────────────────────── queries ─────────────────────────────

  private statusNow(): LibraryStatus {
    const index = this.idx()
    return {
      dir: this.root ?? '',
      ready: this.reconciled,
      itemCount: index.count(),
      state: this.state,
      message: this.stateMessage,
      problems: [...this.scanProblems, ...index.problems()].slice(0, 100),
    }
  }

  async status(): Promise<LibraryStatus> {
    await this.open()
    return this.statusNow()
  }

  /** A page of tiles, newest first, after `after`; see LibraryIndex.page for `skip`. */
  async query(
    filter: LibraryFilter,
    after: LibraryCursor | null,
    limit = 200,
    skip = 0,
  ): Promise<LibraryPage> {
    await this.open()
    return this.idx().page(filter, after, Math.min(Math.max(limit, 1), MAX_PAGE), skip)
  }

  async months(filter: LibraryFilter): Promise<LibraryMonth[]> {
    await this.open()
    return this.idx().months(filter)
  }

  async models(): Promise<Array<{ model: string; count: number }>> {
    await this.open()
    return this.idx().models()
  }

  async get(id: string): Promise<LibraryItem> {
    await this.open()
    const item = this.idx().get(id)
    if (!item)
      return fail('not_found', 'This item is no longer in the library.', {
        action: 'It may have been deleted or moved.',
      })
    return item
  }

  /** Items saved for one task (the task engine checks this before saving again after a restart). */
  async findBySourceTask(sourceTaskId: string): Promise<LibraryItem[]> {
    await this.open()
    const ids = this.idx()
      .db.prepare('SELECT id FROM items WHERE source_task = ? ORDER BY rowid')
      .pluck()
      .all(sourceTaskId) as string[]
    return ids.map((id) => this.idx().get(id)!).filter(Boolean)
  }

  /** IDs in grid order for a filter (Select all), capped at `cap`. */
  async ids(filter: LibraryFilter, cap = 100_000): Promise<string[]> {
    await this.open()
    return this.idx().ids(filter, cap)
  }

  /** Absolute path of an item's file, checked to exist. */
  async absolutePath(id: string): Promise<string> {
    const item = await this.get(id)
    const abs = join(this.dir(), item.relPath)
    try {
      await fs.access(abs)
    } catch {
      return fail('not_found', `The file ${item.fileName} is missing from the library folder.`, {
        action: 'It may have been moved or deleted outside Gen Studio; Rescan updates the library.',
      })
    }
    return abs
  }

  // ───────────────────────────── save & import ─────────────────────────────

  /**
   * Stores one output: verifies its bytes are the type claimed, embeds the settings in PNGs,
   * writes it into the date folder (atomically: temp + rename), then its sidecar, then indexes
   * it. If anything fails, nothing half-written stays under a final name and a temp file given
   * to us is left where it was. Returns the new item.
   */
  save(input: SaveInput): Promise<LibraryItem> {
    return this.open().then(() => this.serial(() => this.saveNow(input)))
  }

  private async saveNow(input: SaveInput): Promise<LibraryItem> {
    const root = this.dir()
    if (this.state === 'missing' || this.state === 'error') {
      return fail('storage', this.stateMessage ?? 'The library folder is not available.', {
        action: 'Reconnect the drive or choose another library folder in Settings.',
      })
    }
    const claimed = mediaExtOf(`x.${input.file.ext.replace(/^\./, '')}`)
    if (!claimed) return fail('validation', `The library cannot store .${input.file.ext} files.`)
    const { file } = input
    let bytes: Uint8Array | null = 'bytes' in file ? file.bytes : null
    const srcPath = 'tempPath' in file ? file.tempPath : 'copyFrom' in file ? file.copyFrom : null
    let head: Uint8Array
    try {
      head = bytes ? bytes.subarray(0, 64) : await readHead(srcPath!)
    } catch (e) {
      return fail('not_found', `The file to save cannot be read (${(e as Error).message}).`)
    }
    const sniffed = sniffExt(head)
    if (!sniffed || !extMatches(claimed, sniffed)) {
      return fail(
        'bad_response',
        `The downloaded file is not a valid ${claimed.toUpperCase()} (its content does not match).`,
        {
          action: 'The result was not saved; retry the download.',
        },
      )
    }
    const ext: MediaExt = sniffed === 'jpg' && claimed === 'jpeg' ? 'jpeg' : sniffed
    const createdAt = input.createdAt ?? this.now()
    const id = randomUUID()
    const name = `${fileStamp(createdAt)}-${slug(input.model) || input.kind}-${id.slice(0, 8)}.${ext}`
    const relPath = `${dateFolder(createdAt)}/${name}`
    const abs = join(root, relPath)
    const embedded: EmbeddedSettings = {
      format: 'gen-studio',
      version: 1,
      kind: input.kind,
      model: input.model,
      prompt: input.prompt,
      negativePrompt: input.negativePrompt ?? '',
      params: input.params,
      seed: input.seed ?? null,
      sourceTaskId: input.sourceTaskId ?? null,
      created: new Date(createdAt).toISOString(),
    }
    if (ext === 'png') {
      try {
        bytes ??= new Uint8Array(await fs.readFile(srcPath!))
        bytes =
          input.embedSettings === false
            ? (readPngChunks(bytes), bytes)
            : writePngText(bytes, pngTextFor(embedded))
      } catch (e) {
        if (isAppFailure(e)) throw e
        return fail('bad_response', `The PNG is damaged (${(e as Error).message}).`, {
          action: 'The result was not saved; retry the download.',
        })
      }
    }
    // Order matters for crash safety: stage the complete file under a hidden temp name, write its
    // sidecar under the final name, and only then give the file its final name. A crash at any
    // point leaves either nothing the scan indexes, or the file together with its sidecar (and so
    // its task link) — never an orphan that a rescan would adopt as a new item.
    let staged: string
    let ownStaged = true
    try {
      await fs.mkdir(join(root, dateFolder(createdAt)), { recursive: true })
      if (bytes) {
        staged = tempNameFor(abs)
        await writeSynced(staged, bytes)
      } else if ('tempPath' in file) {
        staged = file.tempPath
        ownStaged = false
      } else {
        staged = tempNameFor(abs)
        await fs.copyFile(srcPath!, staged)
      }
    } catch (e) {
      return storageFailure('The result could not be saved', e, root)
    }
    let sidecarWritten = false
    let placed = false
    try {
      const info = await probeMedia(staged)
      const st = await fs.stat(staged)
      const sidecar: LibrarySidecar = {
        format: 'gen-studio-library',
        version: 1,
        id,
        kind: input.kind,
        model: input.model,
        prompt: input.prompt,
        negativePrompt: input.negativePrompt ?? '',
        params: input.params,
        seed: input.seed ?? null,
        costEstimate: input.costEstimate ?? null,
        sourceTaskId: input.sourceTaskId ?? null,
        width: info.width,
        height: info.height,
        durationSec: info.durationSec ?? numberParam(input.params, 'duration'),
        bytes: st.size,
        sha256: bytes ? createHash('sha256').update(bytes).digest('hex') : await hashFile(staged),
        created: new Date(createdAt).toISOString(),
        favourite: false,
        demo: input.demo ?? false,
        ...(input.originalName ? { originalName: input.originalName } : {}),
      }
      await writeSidecar(sidecarPathOf(abs), sidecar)
      sidecarWritten = true
      if (ownStaged) await fs.rename(staged, abs)
      else await moveFile(staged, abs)
      placed = true
      const fst = await fs.stat(abs)
      const sst = await fs.stat(sidecarPathOf(abs))
      this.idx().upsert([
        {
          sidecar,
          relPath,
          media: info.media,
          ext,
          fileMtime: Math.round(fst.mtimeMs),
          fileSize: fst.size,
          sidecarMtime: Math.round(sst.mtimeMs),
          problem: null,
        },
      ])
    } catch (e) {
      // Undo the half-save: give a moved temp file back, drop what we wrote ourselves.
      if (sidecarWritten) await fs.rm(sidecarPathOf(abs), { force: true }).catch(() => {})
      const current = placed ? abs : staged
      if (!ownStaged) {
        if (placed) await moveFile(abs, staged).catch(() => {})
      } else await fs.rm(current, { force: true }).catch(() => {})
      if (isAppFailure(e)) throw e
      if (errnoOf(e)) return storageFailure('The result could not be saved', e, root)
      return fail(
        'bad_response',
        `The file cannot be read as ${ext.toUpperCase()} (${(e as Error).message}).`,
      )
    }
    const item = this.idx().get(id)!
    this.emit({ reason: 'added', ids: [item.id] })
    this.emitStatus()
    return item
  }

  /**
   * Copies files the user dropped into the library (never touching the originals). Each is
   * checked, hashed (a file already in the library is reported as a duplicate, not copied again),
   * dated by its modification time, and any settings embedded in a PNG are read into its sidecar.
   */
  async import(paths: string[]): Promise<ImportReport> {
    await this.open()
    const report: ImportReport = { imported: [], duplicates: [], failed: [] }
    for (const path of paths) {
      try {
        const st = await fs.stat(path)
        if (!st.isFile()) {
          report.failed.push({ path, message: 'Only files can be imported, not folders.' })
          continue
        }
        const info = await probeMedia(path)
        let settings: ParsedSettings = { source: 'none', params: {} }
        if (info.ext === 'png') {
          const data = await fs.readFile(path)
          try {
            readPngChunks(data)
          } catch (e) {
            report.failed.push({ path, message: (e as Error).message })
            continue
          }
          settings = settingsFromPngText(await readPngText(data).catch(() => ({})))
        }
        const sha = await hashFile(path)
        const existing = this.idx().findBySha(sha)
        if (existing) {
          report.duplicates.push({ path, id: existing })
          continue
        }
        const item = await this.serial(() =>
          this.saveNow({
            kind: settings.source === 'gen-studio' && settings.kind ? settings.kind : 'imported',
            model: settings.model ?? settings.foreignModel ?? '',
            prompt: settings.prompt ?? '',
            negativePrompt: settings.negativePrompt ?? '',
            params: settings.params,
            seed: settings.seed ?? null,
            createdAt: Math.round(st.mtimeMs),
            file: { copyFrom: path, ext: info.ext },
            embedSettings: false,
            originalName: basename(path),
          }),
        )
        report.imported.push(item)
      } catch (e) {
        report.failed.push({
          path,
          message: isAppFailure(e) ? e.error.message : (e as Error).message,
        })
      }
    }
    return report
  }

  // ───────────────────────────── changes ─────────────────────────────

  /** Marks or unmarks a favourite; written to the sidecar (the source of truth) first. */
  setFavourite(id: string, favourite: boolean): Promise<LibraryTile> {
    return this.open().then(() =>
      this.serial(async () => {
        const item = await this.get(id)
        const abs = join(this.dir(), item.relPath)
        const path = sidecarPathOf(abs)
        let sidecar: LibrarySidecar
        try {
          sidecar = await readSidecar(path)
        } catch (e) {
          if (errnoOf(e) !== 'ENOENT') {
            return fail(
              'storage',
              `The settings file of ${item.fileName} cannot be read, so it was not changed.`,
              {
                action: `Fix or remove ${basename(path)}; the picture itself is fine.`,
              },
            )
          }
          sidecar = sidecarFromItem(item)
        }
        sidecar.favourite = favourite
        try {
          await writeSidecar(path, sidecar)
        } catch (e) {
          return storageFailure('The favourite could not be saved', e, this.dir())
        }
        const mtime = Math.round((await fs.stat(path)).mtimeMs)
        this.idx().setFavourite(id, favourite, mtime)
        this.emit({ reason: 'updated', ids: [id] })
        return { ...item, favourite }
      }),
    )
  }

  /** Deletes items with undo (see DeleteHolding); returns the token for `undoDelete`. */
  delete(ids: string[]): Promise<DeleteReceipt> {
    return this.open().then(() =>
      this.serial(async () => {
        const root = this.dir()
        const items = ids
          .map((id) => this.idx().get(id))
          .filter((i): i is LibraryItem => i !== null)
        if (!items.length)
          return fail('not_found', 'Nothing to delete: these items are no longer in the library.')
        const present: string[] = []
        for (const item of items) {
          if (await exists(join(root, item.relPath))) present.push(item.relPath)
        }
        let receipt = { token: '', undoUntil: this.now() }
        if (present.length) {
          try {
            receipt = await this.holding.hold(root, present)
          } catch (e) {
            return storageFailure('The files could not be deleted', e, root)
          }
        }
        const removed = this.idx().removePaths(items.map((i) => i.relPath))
        this.emit({ reason: 'removed', ids: removed })
        this.emitStatus()
        return { token: receipt.token, count: items.length, undoUntil: receipt.undoUntil }
      }),
    )
  }

  /** Restores a delete while its undo window is open. */
  undoDelete(token: string): Promise<LibraryTile[]> {
    return this.open().then(() =>
      this.serial(async () => {
        let restored: Awaited<ReturnType<DeleteHolding['undo']>>
        try {
          restored = await this.holding.undo(token)
        } catch (e) {
          return storageFailure('The files could not be restored', e, this.dir())
        }
        if (!restored) {
          return fail('not_found', 'This delete can no longer be undone.', {
            action: 'The files are in the system trash; restore them from there.',
          })
        }
        const stamps: Array<[string, DiskStamp]> = []
        for (const rel of restored.relPaths) {
          const abs = join(restored.root, rel)
          const st = await fs.stat(abs)
          const sc = await fs.stat(sidecarPathOf(abs)).catch(() => null)
          stamps.push([
            rel,
            {
              fileMtime: Math.round(st.mtimeMs),
              fileSize: st.size,
              sidecarMtime: sc ? Math.round(sc.mtimeMs) : -1,
            },
          ])
        }
        if (restored.root !== this.root) return []
        const rows = await this.rowsFor(restored.root, stamps)
        this.idx().upsert(rows)
        const tiles = rows
          .map((r) => this.idx().get(r.sidecar.id))
          .filter((t): t is LibraryItem => t !== null)
        this.emit({ reason: 'added', ids: tiles.map((t) => t.id) })
        this.emitStatus()
        return tiles
      }),
    )
  }

  // ───────────────────────────── files out ─────────────────────────────

  /** Writes the items (and their sidecars) into a ZIP at `dest`, by date folder. */
  async exportZip(ids: string[], dest: string): Promise<{ path: string; count: number }> {
    await this.open()
    const root = this.dir()
    const entries: ZipEntry[] = []
    const used = new Set<string>()
    for (const id of ids) {
      const item = this.idx().get(id)
      if (!item) continue
      const abs = join(root, item.relPath)
      if (!(await exists(abs))) continue
      let name = item.relPath
      for (let n = 2; used.has(name); n++) name = item.relPath.replace(/(\.[^.]+)$/, ` (${n})$1`)
      used.add(name)
      entries.push({ path: abs, name, compress: false })
      if (await exists(sidecarPathOf(abs)))
        entries.push({ path: sidecarPathOf(abs), name: `${name}.json`, compress: true })
    }
    const count = entries.filter((e) => !e.name.endsWith('.json')).length
    if (!count)
      return fail('not_found', 'None of the selected files are in the library folder any more.')
    try {
      await writeZip(entries, dest)
    } catch (e) {
      return storageFailure('The ZIP could not be written', e, dest)
    }
    return { path: dest, count }
  }

  /** The cached thumbnail of an item (made now for images); null for a video without poster. */
  async thumbPath(id: string): Promise<string | null> {
    await this.open()
    const row = this.idx()
      .db.prepare('SELECT rel_path, sha256, media FROM items WHERE id = ?')
      .get(id) as { rel_path: string; sha256: string; media: string } | undefined
    if (!row || !row.sha256) return null
    if (await this.thumbs.has(row.sha256)) return this.thumbs.pathFor(row.sha256)
    if (row.media !== 'image') return null
    return this.thumbs.fromImage(join(this.dir(), row.rel_path), row.sha256)
  }

  /** Stores the poster frame the renderer grabbed from a video; `replace` swaps an existing one. */
  async setPoster(id: string, bytes: Uint8Array, replace = false): Promise<LibraryTile> {
    const item = await this.get(id)
    if (item.media !== 'video') return fail('validation', 'Only videos take a poster frame.')
    try {
      await this.thumbs.fromPoster(bytes, item.sha256, replace)
      this.idx().markPoster(id)
    } catch (e) {
      if (errnoOf(e)) return storageFailure('The poster could not be stored', e, this.thumbs.dir)
      return fail(
        'validation',
        `The poster frame is not a readable image (${(e as Error).message}).`,
      )
    }
    this.emit({ reason: 'updated', ids: [id] })
    return { ...item, hasThumb: true }
  }

  /** The files and the drag image for dragging items out to the OS. */
  async dragPayload(ids: string[]): Promise<{ files: string[]; icon: string }> {
    const files: string[] = []
    let sha: string | null = null
    for (const id of ids.slice(0, 500)) {
      const item = this.idx().get(id)
      if (!item) continue
      const abs = join(this.dir(), item.relPath)
      if (!(await exists(abs))) continue
      files.push(abs)
      if (!sha) {
        sha = item.sha256
        if (item.media === 'image') await this.thumbPath(id).catch(() => null)
      }
    }
    if (!files.length)
      return fail('not_found', 'None of the selected files are in the library folder.')
    return { files, icon: await this.thumbs.dragIcon(sha) }
  }

  /**
   * Settings embedded in any PNG on disk (a file the user dropped on a form): ours, NovelAI's or
   * A1111's. Other images answer `source: 'none'`.
   */
  async readSettings(path: string): Promise<ParsedSettings> {
    let st
    try {
      st = await fs.stat(path)
    } catch {
      return fail('not_found', `${basename(path)} cannot be read.`)
    }
    if (!st.isFile()) return fail('validation', 'Drop an image file.')
    if (st.size > MAX_SETTINGS_FILE) return { source: 'none', params: {} }
    const data = new Uint8Array(await fs.readFile(path))
    if (!isPng(data)) {
      if (sniffExt(data.subarray(0, 64))) return { source: 'none', params: {} }
      return fail('validation', `${basename(path)} is not an image the app can read.`)
    }
    try {
      return settingsFromPngText(await readPngText(data))
    } catch (e) {
      return fail('validation', `${basename(path)} is a damaged PNG (${(e as Error).message}).`)
    }
  }

  /** Where a path is inside the library, or null (used to refuse importing the library into itself). */
  relativeInside(path: string): string | null {
    if (!this.root) return null
    const rel = relative(this.root, path)
    return rel && !rel.startsWith('..') && !rel.startsWith(sep) ? rel.split(sep).join('/') : null
  }

  /** MIME type of a media extension (for callers that stream files). */
  static mimeOf(ext: MediaExt): string {
    return MEDIA_TYPES[ext].mime
  }
}

function fileStamp(ms: number): string {
  const d = new Date(ms)
  return `${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`
}

function numberParam(params: Record<string, unknown>, key: string): number | null {
  const v = params[key]
  return typeof v === 'number' && Number.isFinite(v) ? v : null
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await fs.open(path, 'r')
  try {
    const buf = Buffer.alloc(64)
    const { bytesRead } = await handle.read(buf, 0, 64, 0)
    return buf.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await fs.access(path)
    return true
  } catch {
    return false
  }
}

function sidecarFromItem(item: LibraryItem): LibrarySidecar {
  return {
    format: 'gen-studio-library',
    version: 1,
    id: item.id,
    kind: item.kind,
    model: item.model,
    prompt: item.prompt,
    negativePrompt: item.negativePrompt,
    params: item.params,
    seed: item.seed,
    costEstimate: item.costEstimate,
    sourceTaskId: item.sourceTaskId,
    width: item.width,
    height: item.height,
    durationSec: item.durationSec,
    bytes: item.bytes,
    sha256: item.sha256,
    created: new Date(item.createdAt).toISOString(),
    favourite: item.favourite,
    demo: item.demo,
    ...(item.originalName ? { originalName: item.originalName } : {}),
  }
}

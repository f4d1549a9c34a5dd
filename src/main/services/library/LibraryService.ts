import { promises as fs } from 'node:fs'
import { join, relative, sep } from 'node:path'

import type {
  ExportFormat,
  ExportMetadata,
  ExportResult,
  MetadataPrefs,
} from '@shared/library/exportOptions'
import type { LineageView } from '@shared/library/lineage'
import type { OrganisePatch, OrganiseReceipt, TagCount } from '@shared/library/organise'
import type { TermCount } from '@shared/library/promptTerms'
import type { ParsedSettings } from '@shared/library/settings'
import type { DuplicatesView, SimilarView } from '@shared/library/similar'
import type { LibrarySyncStatus } from '@shared/library/syncStatus'
import type { TrashEntry } from '@shared/library/trash'
import {
  type DeleteReceipt,
  type ImportReport,
  type LibraryCursor,
  type LibraryFilter,
  type LibraryItem,
  type LibraryMonth,
  type LibraryPage,
  type LibraryStatus,
  type LibraryTile,
  MEDIA_TYPES,
  type MediaExt,
  UNDO_WINDOW_MS,
} from '@shared/library/types'
import { fail } from '@shared/result'

import type { Thumbnailer } from '../../adapters/thumbnails/Thumbnailer'
import { t } from '../../i18n'
import { LibraryCore, type LibraryServiceOptions } from './core/LibraryCore'
import { LibraryDeletes } from './files/deletes'
import { LibraryFilesOut } from './files/filesOut'
import { importFiles, type SaveInput, saveNow } from './files/ingest'
import type { MediaSource } from './files/mediaSource'
import { DeleteHolding } from './holding/DeleteHolding'
import { LibraryCollections } from './organise/collections'
import { LibraryFavourites } from './organise/favourite'
import { LibraryOrganiser } from './organise/organise'
import { LibrarySimilar } from './similar/LibrarySimilar'
import { LibraryFolder } from './sync/LibraryFolder'
import { LibraryReconciler } from './sync/reconcile'
import { syncStatusOf } from './sync/syncStatus'
import { openIndex } from './sync/writerSync'
import { PromptVocab } from './vocabulary/promptVocab'

export type { LibraryServiceOptions } from './core/LibraryCore'
export { dateFolder, type SaveFile, type SaveInput } from './files/ingest'

const MAX_PAGE = 500
/** How often the library's trash is checked for deletes older than 30 days. */
const PURGE_EVERY_MS = 6 * 60 * 60 * 1000

/**
 * The local library. Files live in the user's library folder by date (YYYY/MM/DD) with a JSON
 * sidecar each (the source of truth); a SQLite index in userData is reconciled from the sidecars
 * at start, on folder changes (fs.watch, debounced) and on demand. All mutations run one at a
 * time. Nothing of the user's is ever unlinked: delete goes to the library's trash for 30 days
 * (restorable on every machine that syncs the folder), then to the OS trash (see DeleteHolding). No Electron import: the trash and dialogs are injected.
 *
 * This is the front; the work is in its parts, one folder each (see README.md): sync/
 * (LibraryFolder: attach, state, watch, retry; LibraryReconciler: index ← folder), files/
 * (ingest.ts: save results, import files; LibraryDeletes: delete with undo; LibraryFilesOut:
 * export, thumbnails, posters, drag, settings), organise/ (LibraryOrganiser, LibraryCollections,
 * LibraryFavourites: ratings, tags, collections, favourites), similar/ (LibrarySimilar) and
 * vocabulary/ (PromptVocab), over the shared core/ (LibraryCore) and index/ (LibraryIndex).
 */
export class LibraryService {
  private readonly core: LibraryCore
  private readonly folder: LibraryFolder
  private readonly reconciler: LibraryReconciler
  private readonly deletes: LibraryDeletes
  private readonly favourites: LibraryFavourites
  private readonly out: LibraryFilesOut
  private readonly organiser: LibraryOrganiser
  /** Collections: list, create, rename, delete, restore, add and remove items. */
  readonly collections: LibraryCollections
  private readonly similarPart: LibrarySimilar
  private opening: Promise<void> | null = null
  private purge: ReturnType<typeof setInterval> | null = null
  private unsubscribe: (() => void) | null = null
  private vocab: PromptVocab | null = null
  readonly thumbs: Thumbnailer
  /** What the gen-media: protocol serves (wired in container.ts). */
  readonly mediaSource: MediaSource

  constructor(private readonly options: LibraryServiceOptions) {
    const now = options.now ?? Date.now
    const log = options.log ?? ((m: string) => console.warn(`[library] ${m}`))
    this.thumbs = options.thumbs
    const holding = new DeleteHolding(
      options.trash,
      options.undoWindowMs ?? UNDO_WINDOW_MS,
      now,
      log,
    )
    this.core = new LibraryCore(options, this.thumbs, holding, now, log)
    this.reconciler = new LibraryReconciler(
      this.core,
      (e) => this.folder.unreadable(e),
      (paths, afterMs) => this.folder.recheck(paths, afterMs),
    )
    this.folder = new LibraryFolder(this.core, this.reconciler)
    const get = (id: string) => this.get(id)
    this.deletes = new LibraryDeletes(this.core, this.reconciler)
    this.favourites = new LibraryFavourites(this.core, get)
    this.out = new LibraryFilesOut(this.core, get)
    this.organiser = new LibraryOrganiser(this.core)
    this.collections = new LibraryCollections(this.core, this.organiser, () => this.open())
    this.similarPart = new LibrarySimilar(this.core, options.similar)
    this.mediaSource = {
      libraryDir: () => this.core.root ?? '',
      thumbDir: () => this.thumbs.dir,
      thumbPath: (id) => this.thumbPath(id),
    }
  }

  // ───────────────────────────── lifecycle ─────────────────────────────

  /** Opens the index and attaches the library folder (once); the first reconcile runs in the background. */
  open(): Promise<void> {
    const core = this.core
    if (core.closed) return Promise.reject(new Error('The library is closed.'))
    this.opening ??= (async () => {
      core.index = await openIndex(core)
      this.unsubscribe = this.options.events.forward((event, payload) => {
        if (event !== 'settings:changed') return
        const dir = (payload as { libraryDir?: string }).libraryDir
        if (dir && dir !== core.root)
          void core.serial(() => this.folder.attach(dir)).catch((e) => core.log(String(e)))
      })
      const { libraryDir } = await this.options.settings.settings()
      await core.serial(() => this.folder.attach(libraryDir))
      // Deletes older than 30 days leave the library's trash while the app runs for weeks too.
      this.purge = setInterval(
        () => void core.serial(() => this.folder.sweepTrash()),
        PURGE_EVERY_MS,
      )
      this.purge.unref?.()
    })()
    return this.opening
  }

  /** Resolves when the first reconcile with the current folder has finished (tests, benches). */
  async whenReconciled(): Promise<void> {
    await this.open()
    await this.core.serial(async () => {})
  }

  /** Stops watching and purging, closes the index (deletes stay in the library's trash). */
  async close(): Promise<void> {
    const core = this.core
    if (core.closed) return
    core.closed = true
    this.folder.stop()
    this.unsubscribe?.()
    // A build in the writer would hold the queue for minutes: stopped, it resumes next start.
    await core.options.writer?.close()
    await this.opening?.catch(() => {})
    await core.drained()
    if (this.purge) clearInterval(this.purge)
    await this.similarPart.stop()
    core.index?.close()
  }

  /** Re-reads the whole folder now (the "Rescan" button; also after a drive comes back). */
  async reconcile(): Promise<LibraryStatus> {
    await this.open()
    await this.core.serial(async () => {
      await this.folder.check(false)
      if (this.core.usable) {
        await this.reconciler.all()
        if (!this.folder.watching) await this.folder.follow()
      }
    })
    return this.status()
  }

  // ───────────────────────────── queries ─────────────────────────────

  async status(): Promise<LibraryStatus> {
    await this.open()
    return this.core.statusNow()
  }

  /** A page of tiles in the filter's order (newest first by default) after `after`; see IndexQueries.page. */
  async query(
    filter: LibraryFilter,
    after: LibraryCursor | null,
    limit = 200,
    skip = 0,
  ): Promise<LibraryPage> {
    await this.open()
    return this.core.idx().page(filter, after, Math.min(Math.max(limit, 1), MAX_PAGE), skip)
  }

  async months(filter: LibraryFilter): Promise<LibraryMonth[]> {
    await this.open()
    return this.core.idx().months(filter)
  }

  async models(): Promise<Array<{ model: string; count: number }>> {
    await this.open()
    return this.core.idx().models()
  }

  async get(id: string): Promise<LibraryItem> {
    await this.open()
    const item = this.core.idx().get(id)
    if (!item)
      return fail('not_found', t('libItemGone'), {
        action: t('libItemGoneAction'),
      })
    return item
  }

  /** Where an item came from and what was made from it (issue #31, index/indexLineage.ts). */
  async lineage(id: string): Promise<LineageView> {
    await this.get(id)
    return this.core.idx().lineage.view(id)
  }

  /** Prompt autocomplete: the most used tags and words starting with `prefix` (vocabulary/). */
  async promptTokens(prefix: string, limit = 12): Promise<TermCount[]> {
    await this.open()
    this.vocab ??= new PromptVocab(this.core.idx().db, this.core.now)
    return this.vocab.suggest(prefix, limit)
  }

  /** Images that look like one item, nearest first (see LibrarySimilar). */
  async similar(id: string, maxDistance?: number, limit?: number): Promise<SimilarView> {
    await this.open()
    return this.similarPart.similar(id, maxDistance, limit)
  }

  /** Groups of near-identical images, for the duplicates view (see LibrarySimilar). */
  async duplicates(maxDistance?: number): Promise<DuplicatesView> {
    await this.open()
    return this.similarPart.duplicates(maxDistance)
  }

  /** Items saved for one task (the task engine checks this before saving again after a restart). */
  async findBySourceTask(sourceTaskId: string): Promise<LibraryItem[]> {
    await this.open()
    const ids = this.core
      .idx()
      .db.prepare('SELECT id FROM items WHERE source_task = ? ORDER BY rowid')
      .pluck()
      .all(sourceTaskId) as string[]
    return ids.map((id) => this.core.idx().get(id)!).filter(Boolean)
  }

  /** IDs in grid order for a filter (Select all), capped at `cap`. */
  async ids(filter: LibraryFilter, cap = 100_000): Promise<string[]> {
    await this.open()
    return this.core.idx().ids(filter, cap)
  }

  /** Absolute path of an item's file, checked to exist. */
  async absolutePath(id: string): Promise<string> {
    const item = await this.get(id)
    const abs = join(this.core.dir(), item.relPath)
    try {
      await fs.access(abs)
    } catch {
      return fail('not_found', t('libFileMissing', { name: item.fileName }), {
        action: t('libFileMissingAction'),
      })
    }
    return abs
  }

  // ───────────────────────────── changes ─────────────────────────────

  /** Stores one output (see files/ingest.ts saveNow): the new item. */
  save(input: SaveInput): Promise<LibraryItem> {
    return this.open().then(() => this.core.serial(() => saveNow(this.core, input)))
  }

  /** Copies files the user dropped into the library (see files/ingest.ts importFiles). */
  async import(paths: string[]): Promise<ImportReport> {
    await this.open()
    return importFiles(this.core, paths)
  }

  /** Marks or unmarks a favourite; written to the sidecar (the source of truth) first. */
  async setFavourite(id: string, favourite: boolean): Promise<LibraryTile> {
    await this.open()
    return this.favourites.setFavourite(id, favourite)
  }

  /** Deletes items with undo (see DeleteHolding); returns the token for `undoDelete`. */
  async delete(ids: string[]): Promise<DeleteReceipt> {
    await this.open()
    return this.deletes.delete(ids)
  }

  /** Restores a delete from the library's trash (its Undo, or the Sync panel's Restore). */
  async undoDelete(token: string): Promise<LibraryTile[]> {
    await this.open()
    return this.deletes.undoDelete(token)
  }

  /** The deletes in the library's trash (made here or on another machine), newest first. */
  async trash(): Promise<TrashEntry[]> {
    await this.open()
    return this.core.root ? this.core.holding.list(this.core.root) : []
  }

  /** What the library has seen of a sync engine in its folder (the Sync panel). */
  async syncStatus(): Promise<LibrarySyncStatus> {
    await this.open()
    return syncStatusOf(this.core, await this.trash(), this.folder.watchState)
  }

  // ──────────── organise: ratings, tags, collections (organise/) ────────────

  /** Sets the stars of items; the receipt undoes it through `setOrganise`. */
  setRating(ids: string[], rating: number): Promise<OrganiseReceipt> {
    return this.open().then(() => this.organiser.setRating(ids, rating))
  }

  /** Adds and removes tags on items. */
  setTags(ids: string[], add?: string[], remove?: string[]): Promise<OrganiseReceipt> {
    return this.open().then(() => this.organiser.setTags(ids, add, remove))
  }

  /** Sets organising fields to exact values (undo, redo, favourites of a selection). */
  setOrganise(patches: OrganisePatch[]): Promise<OrganiseReceipt> {
    return this.open().then(() => this.organiser.setOrganise(patches))
  }

  /** Tags starting with a prefix, most used first. */
  tagSuggestions(prefix: string, limit = 10): Promise<TagCount[]> {
    return this.open().then(() => this.organiser.tagSuggestions(prefix, limit))
  }

  // ───────────────────────────── files out ─────────────────────────────

  /** Any export of a selection: ZIP, copies, contact sheet, animation (files/filesOut.ts). */
  async exportAs(
    ids: string[],
    dest: string,
    format: ExportFormat,
    metadata: ExportMetadata,
  ): Promise<ExportResult> {
    await this.open()
    return this.out.exportAs(ids, dest, format, metadata)
  }

  /** Whether files saved to this library carry the prompt (files/metadataPrefs.ts). */
  metadataPrefs(): Promise<MetadataPrefs> {
    return this.open().then(() => this.out.metadataPrefs())
  }

  setMetadataPrefs(prefs: MetadataPrefs): Promise<MetadataPrefs> {
    return this.open().then(() => this.out.setMetadataPrefs(prefs))
  }

  /** The cached thumbnail of an item (made now for images); null for a video without poster. */
  async thumbPath(id: string): Promise<string | null> {
    await this.open()
    return this.out.thumbPath(id)
  }

  /** Stores the poster frame the renderer grabbed from a video; `replace` swaps an existing one. */
  setPoster(id: string, bytes: Uint8Array, replace = false): Promise<LibraryTile> {
    return this.out.setPoster(id, bytes, replace)
  }

  /** The files and the drag image for dragging items out to the OS. */
  dragPayload(ids: string[]): Promise<{ files: string[]; icon: string }> {
    return this.out.dragPayload(ids)
  }

  /** Settings embedded in any PNG on disk: ours, NovelAI's or A1111's. */
  readSettings(path: string): Promise<ParsedSettings> {
    return this.out.readSettings(path)
  }

  /** Where a path is inside the library, or null (used to refuse importing the library into itself). */
  relativeInside(path: string): string | null {
    const root = this.core.root
    if (!root) return null
    const rel = relative(root, path)
    return rel && !rel.startsWith('..') && !rel.startsWith(sep) ? rel.split(sep).join('/') : null
  }

  /** MIME type of a media extension (for callers that stream files). */
  static mimeOf(ext: MediaExt): string {
    return MEDIA_TYPES[ext].mime
  }
}

import { promises as fs } from 'node:fs'
import { basename, join } from 'node:path'

import type {
  ExportFormat,
  ExportMetadata,
  ExportResult,
  MetadataPrefs,
} from '@shared/library/exportOptions'
import type { ParsedSettings } from '@shared/library/settings'
import type { LibraryItem, LibraryTile } from '@shared/library/types'
import { fail } from '@shared/result'

import { exists } from '../../../adapters/fs/exists'
import { t } from '../../../i18n'
import type { LibraryCore } from '../core/LibraryCore'
import { errnoOf, storageFailure, tempNameFor } from '../disk/fsUtil'
import { hashFile } from '../disk/scan'
import { sidecarPathOf } from '../disk/sidecar'
import type { LibraryIndex } from '../index/LibraryIndex'
import { writeWhenFree } from '../index/writeWhenFree'
import { exportAnimation, exportContactSheet, exportCopies } from './exportAs'
import { preparedFile } from './exportPrepared'
import { writeZip, type ZipEntry } from './exportZip'
import { readMetadataPrefs, writeMetadataPrefs } from './metadataPrefs'
import { type FileSettings, readFileSettings } from './readFileSettings'

/**
 * What leaves the library: a ZIP export, thumbnails and video posters for the media protocol,
 * files for an OS drag, and the settings embedded in any PNG the user drops on a form.
 */
export class LibraryFilesOut {
  constructor(
    private readonly core: LibraryCore,
    /** LibraryService.get: the item, or a not_found failure. */
    private readonly get: (id: string) => Promise<LibraryItem>,
  ) {}

  /** Any export of a selection (exportAs.ts); `dest` is a folder for copies, a file otherwise. */
  async exportAs(
    ids: string[],
    dest: string,
    format: ExportFormat,
    metadata: ExportMetadata,
  ): Promise<ExportResult> {
    if (format === 'zip') return { ...(await this.exportZip(ids, dest, metadata)), skipped: 0 }
    if (format === 'png' || format === 'jpeg' || format === 'webp')
      return exportCopies(this.core, ids, dest, format, metadata)
    if (format === 'sheet-png' || format === 'sheet-pdf')
      return exportContactSheet(this.core, ids, dest, format, metadata)
    return exportAnimation(this.core, ids, dest, format, metadata)
  }

  /** Whether files saved to this library carry the prompt (kept in the folder: metadataPrefs.ts). */
  metadataPrefs(): Promise<MetadataPrefs> {
    return readMetadataPrefs(this.core.dir())
  }

  async setMetadataPrefs(prefs: MetadataPrefs): Promise<MetadataPrefs> {
    try {
      await writeMetadataPrefs(this.core.dir(), prefs)
    } catch (e) {
      return storageFailure('setting', e, this.core.dir())
    }
    return prefs
  }

  /**
   * Writes the items into a ZIP at `dest`, by date folder: with their sidecars and files as they
   * are (`all`), or with the files rewritten without prompts or without any metadata, and then
   * without the sidecars (which hold the prompts).
   */
  async exportZip(
    ids: string[],
    dest: string,
    metadata: ExportMetadata = 'all',
  ): Promise<{ path: string; count: number }> {
    const root = this.core.dir()
    const entries: ZipEntry[] = []
    const used = new Set<string>()
    const temps: string[] = []
    try {
      for (const id of ids) {
        const item = this.core.idx().get(id)
        if (!item) continue
        const abs = join(root, item.relPath)
        if (!(await exists(abs))) continue
        let name = item.relPath
        for (let n = 2; used.has(name); n++) name = item.relPath.replace(/(\.[^.]+)$/, ` (${n})$1`)
        used.add(name)
        const temp = tempNameFor(`${dest}-${temps.length}`)
        let file: Awaited<ReturnType<typeof preparedFile>>
        try {
          file = await preparedFile(item, abs, metadata, temp)
        } catch (e) {
          if (errnoOf(e)) return storageFailure('export', e, dest)
          return fail(
            'validation',
            t('exportRewriteFailed', {
              name: basename(item.relPath),
              detail: (e as Error).message,
            }),
            { action: t('exportRewriteFailedAction') },
          )
        }
        if ('temp' in file) temps.push(file.temp)
        entries.push({
          path: 'path' in file ? file.path : 'temp' in file ? file.temp : abs,
          ...('bytes' in file ? { bytes: file.bytes } : {}),
          name,
          compress: false,
        })
        if (metadata === 'all' && (await exists(sidecarPathOf(abs))))
          entries.push({ path: sidecarPathOf(abs), name: `${name}.json`, compress: true })
      }
      const count = entries.filter((e) => !e.name.endsWith('.json')).length
      if (!count) return fail('not_found', t('exportNoneLeft'))
      try {
        await writeZip(entries, dest)
      } catch (e) {
        return storageFailure('zip', e, dest)
      }
      return { path: dest, count }
    } finally {
      for (const t of temps) await fs.rm(t, { force: true }).catch(() => {})
    }
  }

  /** The cached thumbnail of an item (made now for images); null for a video without poster. */
  async thumbPath(id: string): Promise<string | null> {
    const row = this.core
      .idx()
      .db.prepare('SELECT rel_path, sha256, media FROM items WHERE id = ?')
      .get(id) as { rel_path: string; sha256: string; media: string } | undefined
    if (!row) return null
    const file = join(this.core.dir(), row.rel_path)
    let sha256 = row.sha256
    if (!sha256) {
      // A sidecar written elsewhere (an earlier install, another tool) may lack the content hash
      // the thumbnail cache is keyed by: an image's is taken from its file once and kept in the
      // index (a video's poster comes with its hash from the renderer).
      if (row.media !== 'image') return null
      sha256 = await hashFile(file)
      this.indexSoon((index) => index.setSha(id, sha256))
    }
    const cached = await this.core.thumbs.usedPath(sha256)
    if (cached) return cached
    if (row.media !== 'image') return null
    return this.core.thumbs.fromImage(file, sha256)
  }

  /**
   * A cache row written outside the library's queue, as soon as the index writer's lock allows
   * (writeWhenFree.ts): never a wait for it on main's thread.
   */
  private indexSoon(work: (index: LibraryIndex) => void): void {
    writeWhenFree(() => (this.core.closed ? null : this.core.index), work, this.core.log)
  }

  /** Stores the poster frame the renderer grabbed from a video; `replace` swaps an existing one. */
  async setPoster(id: string, bytes: Uint8Array, replace = false): Promise<LibraryTile> {
    const item = await this.get(id)
    if (item.media !== 'video') return fail('validation', t('posterOnlyVideos'))
    try {
      await this.core.thumbs.fromPoster(bytes, item.sha256, replace)
      this.indexSoon((index) => index.markPoster(id))
    } catch (e) {
      if (errnoOf(e)) return storageFailure('poster', e, this.core.thumbs.dir)
      return fail('validation', t('posterUnreadable', { detail: (e as Error).message }))
    }
    this.core.emit({ reason: 'updated', ids: [id] })
    return { ...item, hasThumb: true }
  }

  /** The files and the drag image for dragging items out to the OS. */
  async dragPayload(ids: string[]): Promise<{ files: string[]; icon: string }> {
    const files: string[] = []
    let sha: string | null = null
    for (const id of ids.slice(0, 500)) {
      const item = this.core.idx().get(id)
      if (!item) continue
      const abs = join(this.core.dir(), item.relPath)
      if (!(await exists(abs))) continue
      files.push(abs)
      if (!sha) {
        sha = item.sha256
        if (item.media === 'image') await this.thumbPath(id).catch(() => null)
      }
    }
    if (!files.length) return fail('not_found', t('dragNone'))
    return { files, icon: await this.core.thumbs.dragIcon(sha) }
  }

  /**
   * Settings embedded in any image or video on disk (a file the user dropped on a form): ours,
   * NovelAI's, ComfyUI's, InvokeAI's, A1111's, EXIF or XMP. Files without any answer
   * `source: 'none'`; metadata that is there but unreadable is a validation failure saying so.
   */
  async readSettings(path: string): Promise<ParsedSettings> {
    const name = basename(path)
    let st
    try {
      st = await fs.stat(path)
    } catch {
      return fail('not_found', t('fileUnreadableName', { name }))
    }
    if (!st.isFile()) return fail('validation', t('dropMediaFile'))
    let read: FileSettings
    try {
      read = await readFileSettings(path)
    } catch (e) {
      if (errnoOf(e)) return fail('not_found', t('fileUnreadableName', { name }))
      throw e
    }
    if ('settings' in read) return read.settings
    if ('problem' in read)
      return fail('validation', t('settingsProblem', { name, problem: read.problem }), {
        action: t('settingsProblemAction'),
      })
    if ('damaged' in read)
      return fail('validation', t('settingsDamaged', { name, detail: read.damaged }))
    if (read.unsupported) return { source: 'none', params: {} }
    return fail('validation', t('notReadableImage', { name }))
  }
}

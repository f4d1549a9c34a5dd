import { promises as fs } from 'node:fs'
import { basename, join } from 'node:path'

import { isPng, readPngText } from '@shared/library/pngChunks'
import { type ParsedSettings, settingsFromPngText } from '@shared/library/settings'
import type { LibraryItem, LibraryTile } from '@shared/library/types'
import { fail } from '@shared/result'

import { exists } from '../../../adapters/fs/exists'
import type { LibraryCore } from '../core/LibraryCore'
import { errnoOf, storageFailure } from '../disk/fsUtil'
import { sniffExt } from '../disk/mediaProbe'
import { hashFile } from '../disk/scan'
import { sidecarPathOf } from '../disk/sidecar'
import { writeZip, type ZipEntry } from './exportZip'

const MAX_SETTINGS_FILE = 64 * 1024 * 1024

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

  /** Writes the items (and their sidecars) into a ZIP at `dest`, by date folder. */
  async exportZip(ids: string[], dest: string): Promise<{ path: string; count: number }> {
    const root = this.core.dir()
    const entries: ZipEntry[] = []
    const used = new Set<string>()
    for (const id of ids) {
      const item = this.core.idx().get(id)
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
      this.core.idx().setSha(id, sha256)
    }
    const cached = await this.core.thumbs.usedPath(sha256)
    if (cached) return cached
    if (row.media !== 'image') return null
    return this.core.thumbs.fromImage(file, sha256)
  }

  /** Stores the poster frame the renderer grabbed from a video; `replace` swaps an existing one. */
  async setPoster(id: string, bytes: Uint8Array, replace = false): Promise<LibraryTile> {
    const item = await this.get(id)
    if (item.media !== 'video') return fail('validation', 'Only videos take a poster frame.')
    try {
      await this.core.thumbs.fromPoster(bytes, item.sha256, replace)
      this.core.idx().markPoster(id)
    } catch (e) {
      if (errnoOf(e))
        return storageFailure('The poster could not be stored', e, this.core.thumbs.dir)
      return fail(
        'validation',
        `The poster frame is not a readable image (${(e as Error).message}).`,
      )
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
    if (!files.length)
      return fail('not_found', 'None of the selected files are in the library folder.')
    return { files, icon: await this.core.thumbs.dragIcon(sha) }
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
}

import { createHash, randomUUID } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { basename, join } from 'node:path'

import { settingsFromImageBytes } from '@shared/library/meta/readAny'
import type { LibrarySidecar } from '@shared/library/types'

import { t } from '../../../i18n'
import { probeMedia } from '../disk/mediaProbe'
import { type DiskStamp, hashFile } from '../disk/scan'
import { parseSidecar, SidecarError, sidecarPathOf, writeSidecar } from '../disk/sidecar'
import type { IndexRow } from '../index/LibraryIndex'
import { rowFromSidecar } from '../reader/sidecarRow'

/** A stable ID for a file whose sidecar we could not write or read: derived from its path. */
export const pathId = (relPath: string): string =>
  `f-${createHash('sha1').update(relPath).digest('hex').slice(0, 24)}`

/** Largest picture we read whole to look for embedded settings. */
const MAX_SETTINGS_READ = 64 * 1024 * 1024

/**
 * A sidecar for a file that arrived without one (copied into the folder by hand, or a crash
 * between writing the file and its sidecar, or a picture another machine's tool made): measured,
 * hashed, and with any settings embedded in a PNG, JPEG or WebP recovered by the same reader as a
 * drop (ours, NovelAI, A1111, ComfyUI, InvokeAI, EXIF, XMP: shared/library/meta/readAny.ts).
 */
export async function sidecarForOrphan(
  absPath: string,
  id: string,
  mtime: number,
): Promise<LibrarySidecar> {
  const info = await probeMedia(absPath)
  const st = await fs.stat(absPath)
  const sha256 = await hashFile(absPath)
  const sidecar: LibrarySidecar = {
    format: 'gen-studio-library',
    version: 1,
    id,
    kind: 'imported',
    model: '',
    prompt: '',
    negativePrompt: '',
    params: {},
    seed: null,
    costEstimate: null,
    sourceTaskId: null,
    width: info.width,
    height: info.height,
    durationSec: info.durationSec,
    bytes: st.size,
    sha256,
    created: new Date(mtime).toISOString(),
    favourite: false,
    demo: false,
    originalName: basename(absPath),
  }
  const picture = info.media === 'image' && info.ext !== 'gif'
  if (picture && st.size <= MAX_SETTINGS_READ) {
    try {
      const read = await settingsFromImageBytes(await fs.readFile(absPath))
      const settings = 'settings' in read ? read.settings : null
      if (settings && settings.source !== 'none') {
        if (settings.kind)
          sidecar.kind = settings.source === 'gen-studio' ? settings.kind : 'imported'
        sidecar.model = settings.model ?? settings.foreignModel ?? ''
        sidecar.prompt = settings.prompt ?? ''
        sidecar.negativePrompt = settings.negativePrompt ?? ''
        sidecar.params = settings.params
        sidecar.seed = settings.seed ?? null
      }
    } catch {
      // A picture whose metadata cannot be read is still a picture.
    }
  }
  return sidecar
}

/**
 * Reads one file's index row from disk. The sidecar wins when it parses; a missing sidecar is
 * recreated from the file; a broken one is left untouched and the row carries the problem so the
 * user sees it, while the picture stays browsable.
 */
export async function rowFromDisk(
  root: string,
  relPath: string,
  stamp: DiskStamp,
  /**
   * Whether a missing sidecar is written. Not in a folder a sync engine keeps (syncStatus.ts,
   * syncEngineOf): the file's own sidecar may still be on its way, and one written here would
   * fight it (a second ID, no prompt). The row then has the path-derived ID and no sidecar,
   * until the real one arrives or an edit writes one (organise/sidecarFromItem.ts).
   */
  writeMissing = true,
): Promise<IndexRow> {
  const abs = join(root, relPath)
  const base = { relPath, fileMtime: stamp.fileMtime, fileSize: stamp.fileSize }
  if (stamp.sidecarMtime >= 0) {
    try {
      const sidecar = parseSidecar(await fs.readFile(sidecarPathOf(abs), 'utf8'))
      let sidecarMtime = stamp.sidecarMtime
      if (sidecar.bytes !== stamp.fileSize) {
        // The file changed after its sidecar was written (edited, or still being copied then):
        // re-measure it, keep everything the user or the app stored about it.
        const info = await probeMedia(abs)
        Object.assign(sidecar, {
          width: info.width,
          height: info.height,
          durationSec: info.durationSec ?? sidecar.durationSec,
          bytes: stamp.fileSize,
          sha256: await hashFile(abs),
        })
        try {
          await writeSidecar(sidecarPathOf(abs), sidecar)
          sidecarMtime = Math.round((await fs.stat(sidecarPathOf(abs))).mtimeMs)
        } catch {
          // Read-only: the index has the new figures, the sidecar keeps the old ones.
        }
      }
      return rowFromSidecar(relPath, { ...stamp, sidecarMtime }, sidecar)
    } catch (e) {
      const message =
        e instanceof SidecarError
          ? e.message
          : t('sidecarReadFailed', { detail: (e as Error).message })
      const sidecar = await sidecarForOrphan(abs, pathId(relPath), stamp.fileMtime)
      const info = await probeMedia(abs)
      return {
        ...base,
        sidecar,
        media: info.media,
        ext: info.ext,
        sidecarMtime: stamp.sidecarMtime,
        problem: message,
      }
    }
  }
  const info = await probeMedia(abs)
  const sidecar = await sidecarForOrphan(abs, randomUUID(), stamp.fileMtime)
  let sidecarMtime = -1
  if (!writeMissing) {
    sidecar.id = pathId(relPath)
    return { ...base, sidecar, media: info.media, ext: info.ext, sidecarMtime, problem: null }
  }
  try {
    await writeSidecar(sidecarPathOf(abs), sidecar)
    sidecarMtime = Math.round((await fs.stat(sidecarPathOf(abs))).mtimeMs)
  } catch {
    // Read-only folder: index it anyway under a path-derived ID; nothing is written.
    sidecar.id = pathId(relPath)
  }
  return { ...base, sidecar, media: info.media, ext: info.ext, sidecarMtime, problem: null }
}

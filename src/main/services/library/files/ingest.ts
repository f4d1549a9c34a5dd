/**
 * files/: what enters and leaves the library folder: saving results and importing files (this
 * file), exports, thumbnails, posters and drag-out (filesOut.ts, exportZip.ts), the batch grid
 * image (composeGrid.ts), deletes with undo (deletes.ts) and what the media protocol serves
 * (mediaSource.ts). It never leaves a partial file under a final name, never unlinks a user's
 * file (deletes go through holding/), and imports no organise/ or similar/ code.
 */
import { createHash, randomUUID } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { basename, join } from 'node:path'

import type { BatchCell } from '@shared/batch/types'
import { type Lineage, lineageFromJson, withLineage } from '@shared/library/lineage'
import { embeddedSettings, mp4MetaFor } from '@shared/library/meta/embed'
import { readPngChunks } from '@shared/library/pngChunks'
import type { ParsedSettings } from '@shared/library/settings'
import {
  type ImportReport,
  type LibraryItem,
  type LibraryKind,
  type LibrarySidecar,
  type MediaExt,
  mediaExtOf,
} from '@shared/library/types'
import { fail, isAppFailure } from '@shared/result'

import { t } from '../../../i18n'
import type { LibraryCore } from '../core/LibraryCore'
import { errnoOf, moveFile, storageFailure, tempNameFor, writeSynced } from '../disk/fsUtil'
import { extMatches, probeMedia, sniffExt } from '../disk/mediaProbe'
import { hashFile } from '../disk/scan'
import { parseBatchCell, sidecarPathOf, withBatch, writeSidecar } from '../disk/sidecar'
import { embedInImage } from './embedMetadata'
import { DEFAULT_METADATA_PREFS, readMetadataPrefs } from './metadataPrefs'
import { writeMp4WithMetadata } from './mp4File'
import { readFileSettings } from './readFileSettings'

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
  /** The batch cell of a batch result: kept in the sidecar (and so across index rebuilds). */
  batch?: BatchCell | null
  /** The library item this one was made from (crop, upscale, expand…), kept in the sidecar. */
  derivedFrom?: Lineage | null
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0')

/** `YYYY/MM/DD` of a local date: the library's folder layout. */
export function dateFolder(ms: number): string {
  const d = new Date(ms)
  return `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())}`
}

const slug = (s: string) => {
  const dashed = s.toLowerCase().replace(/[^a-z0-9.]+/g, '-')
  // Stryker disable next-line Regex: equivalent, `dashed` has at most one dash at either end (runs became one)
  return dashed.replace(/^-+|-+$/g, '').slice(0, 40)
}

/**
 * Stores one output: verifies its bytes are the type claimed, embeds the settings in PNGs,
 * writes it into the date folder (atomically: temp + rename), then its sidecar, then indexes
 * it. If anything fails, nothing half-written stays under a final name and a temp file given
 * to us is left where it was. Runs inside the core's queue. Returns the new item.
 */
export async function saveNow(core: LibraryCore, input: SaveInput): Promise<LibraryItem> {
  const root = core.dir()
  if (core.state === 'missing' || core.state === 'error') {
    // Stryker disable next-line StringLiteral: equivalent, the folder's state becomes missing or error only with its message (LibraryFolder.check, unreadable)
    return fail('storage', core.stateMessage ?? t('libNotAvailable'), {
      action: t('libNotAvailableAction'),
    })
  }
  const bare = input.file.ext.replace(/^\./, '')
  const claimed = mediaExtOf(`x.${bare}`)
  if (!claimed) return fail('validation', t('libCannotStoreExt', { ext: bare }))
  const { file } = input
  let bytes: Uint8Array | null = 'bytes' in file ? file.bytes : null
  const srcPath = 'tempPath' in file ? file.tempPath : 'copyFrom' in file ? file.copyFrom : null
  let head: Uint8Array
  try {
    head = bytes ? bytes.subarray(0, 64) : await readHead(srcPath!)
  } catch (e) {
    return fail('not_found', t('saveSourceUnreadable', { detail: (e as Error).message }))
  }
  const sniffed = sniffExt(head)
  if (!sniffed || !extMatches(claimed, sniffed)) {
    return fail('bad_response', t('downloadNotValid', { format: claimed.toUpperCase() }), {
      action: t('resultNotSavedAction'),
    })
  }
  // A JPEG keeps the spelling it was claimed with (extMatches let only a JPEG through as "jpeg").
  const ext: MediaExt = claimed === 'jpeg' ? 'jpeg' : sniffed
  const createdAt = input.createdAt ?? core.now()
  const id = randomUUID()
  const name = `${fileStamp(createdAt)}-${slug(input.model) || input.kind}-${id.slice(0, 8)}.${ext}`
  const relPath = `${dateFolder(createdAt)}/${name}`
  const abs = join(root, relPath)
  const embedded = embeddedSettings(
    { ...input, negativePrompt: input.negativePrompt ?? '' },
    createdAt,
  )

  const embed = input.embedSettings !== false
  const { embedPrompts } = embed ? await readMetadataPrefs(root) : DEFAULT_METADATA_PREFS
  if (ext === 'png') {
    try {
      bytes ??= new Uint8Array(await fs.readFile(srcPath!))
      bytes = embed
        ? embedInImage(ext, bytes, embedded, embedPrompts)
        : (readPngChunks(bytes), bytes)
    } catch (e) {
      if (isAppFailure(e)) throw e
      return fail('bad_response', t('pngDamaged', { detail: (e as Error).message }), {
        action: t('resultNotSavedAction'),
      })
    }
  } else if (embed && (ext === 'jpg' || ext === 'jpeg' || ext === 'webp')) {
    try {
      bytes ??= new Uint8Array(await fs.readFile(srcPath!))
      bytes = embedInImage(ext, bytes, embedded, embedPrompts)
    } catch (e) {
      if (errnoOf(e)) return storageFailure('result', e, root)
      // A header our writer cannot follow: the paid result is kept as it came, without metadata.
      core.log(`metadata not embedded in a ${ext}: ${(e as Error).message}`)
    }
  }
  // Order matters for crash safety: stage the complete file under a hidden temp name, write its
  // sidecar under the final name, and only then give the file its final name. A crash at any
  // point leaves either nothing the scan indexes, or the file together with its sidecar (and so
  // its task link) — never an orphan that a rescan would adopt as a new item.
  let staged: string
  let ownStaged = true
  /** A download we copied (with metadata) instead of moving: removed once the copy is placed. */
  let consumed: string | null = null
  try {
    await fs.mkdir(join(root, dateFolder(createdAt)), { recursive: true })
    if (bytes) {
      staged = tempNameFor(abs)
      await writeSynced(staged, bytes)
    } else if (embed && (ext === 'mp4' || ext === 'mov') && srcPath) {
      staged = tempNameFor(abs)
      try {
        await writeMp4WithMetadata(srcPath, staged, mp4MetaFor(embedded, embedPrompts))
        consumed = 'tempPath' in file ? file.tempPath : null
      } catch (e) {
        if (errnoOf(e)) throw e
        // A video whose index we cannot rewrite is kept as it came, without metadata.
        core.log(`metadata not embedded in a video: ${(e as Error).message}`)
        if ('tempPath' in file) {
          staged = file.tempPath
          ownStaged = false
        } else await fs.copyFile(srcPath, staged)
      }
    } else if ('tempPath' in file) {
      staged = file.tempPath
      ownStaged = false
    } else {
      staged = tempNameFor(abs)
      await fs.copyFile(srcPath!, staged)
    }
  } catch (e) {
    return storageFailure('result', e, root)
  }
  // Stryker disable next-line BooleanLiteral: equivalent, before writeSidecar no sidecar of `abs` exists (its name holds a fresh UUID), so removing it does nothing
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
      // Large bytes (an upscale's PNG) are hashed from the staged file, in chunks between ticks.
      sha256:
        // Stryker disable next-line ConditionalExpression,EqualityOperator: the staged file holds exactly `bytes` (writeSynced), so both ways give the same hash; the test only decides where the hashing happens
        bytes && bytes.length <= HASH_IN_MEMORY_BYTES
          ? createHash('sha256').update(bytes).digest('hex')
          : await hashFile(staged),
      created: new Date(createdAt).toISOString(),
      favourite: false,
      demo: input.demo ?? false,
      ...(input.originalName ? { originalName: input.originalName } : {}),
      ...withBatch(parseBatchCell(input.batch)),
      ...withLineage(lineageFromJson(input.derivedFrom)),
    }
    await writeSidecar(sidecarPathOf(abs), sidecar)
    sidecarWritten = true
    if (ownStaged) await fs.rename(staged, abs)
    else await moveFile(staged, abs)
    placed = true
    // Stryker disable next-line ConditionalExpression,ObjectLiteral,BooleanLiteral: equivalent, rm(null) and rm of a missing file reject, and the catch swallows both
    if (consumed) await fs.rm(consumed, { force: true }).catch(() => {})
    const fst = await fs.stat(abs)
    const sst = await fs.stat(sidecarPathOf(abs))
    core.idx().upsert([
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
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent, without `force` only a missing file fails, and the catch swallows it
    if (sidecarWritten) await fs.rm(sidecarPathOf(abs), { force: true }).catch(() => {})
    const current = placed ? abs : staged
    if (!ownStaged) {
      if (placed) await moveFile(abs, staged).catch(() => {})
    } else {
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent, without `force` only a missing file fails, and the catch swallows it
      await fs.rm(current, { force: true }).catch(() => {})
    }
    if (isAppFailure(e)) throw e
    if (errnoOf(e)) return storageFailure('result', e, root)
    return fail(
      'bad_response',
      t('cannotReadAs', { format: ext.toUpperCase(), detail: (e as Error).message }),
    )
  }
  const item = core.idx().get(id)!
  core.emit({ reason: 'added', ids: [item.id] })
  core.emitStatus()
  return item
}

/** Bytes hashed at once on main's thread when saving; larger files are hashed in chunks. */
const HASH_IN_MEMORY_BYTES = 4 * 2 ** 20

/** Largest image an import copies in (read whole for its settings and hash). */
export const MAX_IMPORT_IMAGE_BYTES = 256 * 2 ** 20
/** Largest video an import copies in (streamed; a 4K hour is well under). */
export const MAX_IMPORT_VIDEO_BYTES = 8 * 2 ** 30

/**
 * Copies files the user dropped into the library (never touching the originals). Each is
 * checked, hashed (a file already in the library is reported as a duplicate, not copied again),
 * dated by its modification time, and any settings embedded in a PNG are read into its sidecar.
 */
export async function importFiles(core: LibraryCore, paths: string[]): Promise<ImportReport> {
  const report: ImportReport = { imported: [], duplicates: [], failed: [] }
  for (const path of paths) {
    try {
      const st = await fs.stat(path)
      if (!st.isFile()) {
        report.failed.push({ path, message: t('importOnlyFiles') })
        continue
      }
      const info = await probeMedia(path)
      const cap = info.media === 'video' ? MAX_IMPORT_VIDEO_BYTES : MAX_IMPORT_IMAGE_BYTES
      if (st.size > cap) {
        report.failed.push({
          path,
          message: t('importTooLarge', {
            media: info.media,
            size: Math.round(st.size / 2 ** 20),
            max: cap / 2 ** 20,
          }),
        })
        continue
      }
      // Stryker disable next-line StringLiteral: equivalent, an import asks its settings' source only whether it is 'gen-studio'
      let settings: ParsedSettings = { source: 'none', params: {} }
      if (info.ext === 'png') {
        try {
          readPngChunks(await fs.readFile(path))
        } catch (e) {
          report.failed.push({ path, message: (e as Error).message })
          continue
        }
      }
      // Settings another tool wrote travel into the sidecar; unreadable ones are left behind.
      const read = await readFileSettings(path)
      if ('settings' in read) settings = read.settings
      const sha = await hashFile(path)
      const existing = core.idx().findBySha(sha)
      if (existing) {
        report.duplicates.push({ path, id: existing })
        continue
      }
      const item = await core.serial(() =>
        saveNow(core, {
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

function fileStamp(ms: number): string {
  const d = new Date(ms)
  return `${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`
}

function numberParam(params: Record<string, unknown>, key: string): number | null {
  const v = params[key]
  // Number.isFinite is false for anything but a finite number.
  return Number.isFinite(v) ? (v as number) : null
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

/**
 * disk/: the library folder's file format and plain file helpers: sidecars (this file), folder
 * walks and stamps (scan.ts), atomic writes and storage failures (fsUtil.ts), the type and size
 * of media files (mediaProbe.ts). Stateless functions over paths: nothing here imports another
 * part of the library, and only mediaProbe.ts may load native code (the reader thread uses the
 * rest).
 */
import { promises as fs } from 'node:fs'

import type { BatchCell } from '@shared/batch/types'
import { lineageFromJson, withLineage } from '@shared/library/lineage'
import { organiseFromJson } from '@shared/library/organise'
import { stampsFromJson } from '@shared/library/stamps'
import { LIBRARY_KINDS, type LibraryKind, type LibrarySidecar } from '@shared/library/types'

import { t } from '../../../i18n'
import { writeAtomic } from './fsUtil'

/** The sidecar of `a/b/name.png` is `a/b/name.png.json`: unambiguous even for `x.png` and `x.jpg`. */
export const sidecarPathOf = (mediaPath: string): string => `${mediaPath}.json`

/** Folder (inside the library) where deleted files wait for the undo window to close. */
export const HOLDING_DIR = '.trash'

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
const numOrNull = (v: unknown): number | null =>
  // Stryker disable next-line LogicalOperator,ConditionalExpression: Number.isFinite is false for anything but a number, so the typeof test (there for the type) decides nothing
  typeof v === 'number' && Number.isFinite(v) ? v : null
const strOr = (v: unknown, d: string): string => (typeof v === 'string' ? v : d)

export class SidecarError extends Error {}

const isCount = (v: unknown, min: number): v is number =>
  // Stryker disable next-line ConditionalExpression: Number.isSafeInteger is false for anything but a number, so the typeof test (there for the type) decides nothing
  typeof v === 'number' && Number.isSafeInteger(v) && v >= min
const labelOrNull = (v: unknown): string | null | undefined =>
  v === undefined || v === null ? null : typeof v === 'string' && v.length <= 500 ? v : undefined

/**
 * A sidecar's `batch` field, or null when it is absent or malformed. Lenient on purpose: a
 * damaged batch field loses only the batch link, never the item (the sidecar is the user's).
 * Also used to sanitise what a save is given, so only a well-formed cell is ever written.
 */
export function parseBatchCell(v: unknown): BatchCell | null {
  if (!isRecord(v)) return null
  const { batchId, index, repeat, picks } = v
  if (typeof batchId !== 'string' || batchId.length < 1 || batchId.length > 160) return null
  if (!isCount(index, 0)) return null
  const x = labelOrNull(v.x)
  const y = labelOrNull(v.y)
  if (x === undefined || y === undefined) return null
  const rep = repeat === undefined ? 1 : repeat
  if (!isCount(rep, 1)) return null
  const list = picks === undefined ? [] : picks
  if (!Array.isArray(list) || list.length > 100 || !list.every((p) => typeof p === 'string'))
    return null
  return { batchId, index, x, y, repeat: rep, picks: [...(list as string[])] }
}

/**
 * Parses a sidecar leniently: missing optional fields get defaults so an older or hand-edited
 * sidecar still indexes, but a file that is not JSON or has no ID is an error (reported, never
 * overwritten, so the user loses nothing).
 */
export function parseSidecar(text: string): LibrarySidecar {
  let v: unknown
  try {
    v = JSON.parse(text)
  } catch (e) {
    throw new SidecarError(t('sidecarNotJson', { detail: (e as Error).message }))
  }
  if (!isRecord(v)) throw new SidecarError(t('sidecarNotObject'))
  if (typeof v.id !== 'string' || !/^[\w.~-]{1,128}$/.test(v.id))
    throw new SidecarError(t('sidecarNoId'))
  const created = strOr(v.created, '')
  if (!created || Number.isNaN(Date.parse(created))) throw new SidecarError(t('sidecarNoCreated'))
  return {
    format: 'gen-studio-library',
    version: 1,
    id: v.id,
    kind: LIBRARY_KINDS.includes(v.kind as LibraryKind) ? (v.kind as LibraryKind) : 'imported',
    model: strOr(v.model, ''),
    prompt: strOr(v.prompt, ''),
    negativePrompt: strOr(v.negativePrompt, ''),
    params: isRecord(v.params) ? v.params : {},
    seed: numOrNull(v.seed),
    costEstimate: numOrNull(v.costEstimate),
    sourceTaskId: typeof v.sourceTaskId === 'string' ? v.sourceTaskId : null,
    width: numOrNull(v.width),
    height: numOrNull(v.height),
    durationSec: numOrNull(v.durationSec),
    bytes: numOrNull(v.bytes) ?? 0,
    sha256: typeof v.sha256 === 'string' && /^[0-9a-f]{64}$/.test(v.sha256) ? v.sha256 : '',
    created: new Date(created).toISOString(),
    favourite: v.favourite === true,
    demo: v.demo === true,
    ...(typeof v.originalName === 'string' ? { originalName: v.originalName } : {}),
    ...withBatch(parseBatchCell(v.batch)),
    ...organiseFromJson(v),
    ...stampsFromJson(v.stamps),
    ...withLineage(lineageFromJson(v.derivedFrom)),
  }
}

/** `{ batch }` to spread into a sidecar when there is one: the field is absent otherwise. */
export const withBatch = (batch: BatchCell | null | undefined): { batch?: BatchCell } =>
  batch ? { batch } : {}

export async function readSidecar(path: string): Promise<LibrarySidecar> {
  return parseSidecar(await fs.readFile(path, 'utf8'))
}

/** Atomic replace, pretty-printed so a user can read it in any editor. */
export function writeSidecar(path: string, sidecar: LibrarySidecar): Promise<void> {
  return writeAtomic(path, `${JSON.stringify(sidecar, null, 2)}\n`)
}

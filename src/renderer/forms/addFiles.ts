import type { Result } from '@shared/result'

import { pathForFile } from '../api/files'
import { stageFile } from '../api/generate'
import { translate } from '../i18n/translate'
import { formatBytes, newRefId, type RefItem, sniffFile, STAGE_MAX_BYTES } from './references'

/** Writes bytes the OS gave no path for into main's upload area; answers the path main will read. */
export type Stager = (name: string, bytes: Uint8Array) => Promise<Result<{ path: string }>>

/** The app's Stager: main's upload area (the name is only for the caller's messages). */
export const stageBytes: Stager = (_name, bytes) => stageFile(bytes)

/**
 * Turns files the user dropped, pasted or picked into reference items. The type and dimensions
 * come from the first bytes; the OS path from `pathForFile`. Only when there is no path (a pasted
 * screenshot) are the bytes read, one file at a time and at most STAGE_MAX_BYTES, and handed to
 * main once, so memory stays bounded however many files arrive.
 */
export async function refsFromFiles(
  files: readonly File[],
  origin: RefItem['origin'],
  stage: Stager,
  onItem: (item: RefItem) => void,
  onUpdate: (id: string, patch: Partial<RefItem>) => void,
): Promise<void> {
  for (const file of files) {
    const id = newRefId()
    const name = file.name || `pasted-${new Date().toISOString().replace(/[:.]/g, '-')}.png`
    const sniffed = await sniffFile(file).catch(() => null)
    const path = await pathForFile(file)
    const item: RefItem = {
      id,
      name,
      bytes: file.size,
      type: sniffed?.type ?? null,
      width: sniffed?.width ?? null,
      height: sniffed?.height ?? null,
      path: path || null,
      thumb: sniffed?.type ? URL.createObjectURL(file) : null,
      origin,
      problem: sniffed ? null : translate('common', 'refUnreadable'),
    }
    onItem(item)
    if (path || !sniffed?.type) continue
    if (file.size > STAGE_MAX_BYTES) {
      onUpdate(id, {
        problem: translate('common', 'refTooLargeToCopy', { max: formatBytes(STAGE_MAX_BYTES) }),
      })
      continue
    }
    const bytes = new Uint8Array(await file.arrayBuffer())
    const staged = await stage(name, bytes)
    onUpdate(
      id,
      staged.ok
        ? { path: staged.value.path }
        : { problem: translate('common', 'refNotPrepared', { message: staged.error.message }) },
    )
  }
}

/** Files on a DataTransfer (drop or paste), images only by declared kind; the bytes decide later. */
export function filesOf(data: DataTransfer | null): File[] {
  if (!data) return []
  const out: File[] = []
  if (data.files && data.files.length > 0) {
    for (const f of Array.from(data.files)) out.push(f)
    return out
  }
  for (const item of Array.from(data.items ?? [])) {
    if (item.kind === 'file') {
      const f = item.getAsFile()
      if (f) out.push(f)
    }
  }
  return out
}

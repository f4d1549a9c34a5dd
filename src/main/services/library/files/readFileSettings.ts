import { promises as fs } from 'node:fs'

import {
  settingsFromImageBytes,
  settingsFromTexts,
  type SettingsRead,
} from '@shared/library/meta/readAny'
import type { MediaExt } from '@shared/library/types'

import { t } from '../../../i18n'
import { sniffExt } from '../disk/mediaProbe'
import { readMp4Texts } from './mp4File'

/** Largest image read whole for its settings (a 50 MB crafted workflow chunk still fits). */
export const MAX_SETTINGS_FILE = 64 * 1024 * 1024

/** Files up to this size are read in one call. */
const ONE_READ_BYTES = 8 * 1024 * 1024

/** What reading a file's settings found: settings, a problem with them, or not a readable file. */
export type FileSettings = SettingsRead | { damaged: string } | { unsupported: MediaExt | null }

/**
 * Settings embedded in a file on disk, whatever wrote them (see shared/library/meta/readAny.ts):
 * images are read whole (bounded), videos by their moov box only.
 */
export async function readFileSettings(path: string): Promise<FileSettings> {
  const handle = await fs.open(path, 'r')
  let bytes: Uint8Array
  let size: number
  try {
    size = (await handle.stat()).size
    // A typical picture is read in one go (as few trips to the thread pool as a bare readFile);
    // a large file first by its head, to learn what it is.
    const first = size <= ONE_READ_BYTES ? size : 64
    bytes = new Uint8Array(first)
    const { bytesRead } = await handle.read(bytes, 0, first, 0)
    bytes = bytes.subarray(0, bytesRead)
    const ext = sniffExt(bytes.subarray(0, 64))
    const image = ext === 'png' || ext === 'jpg' || ext === 'jpeg' || ext === 'webp'
    if (image && first < size && size <= MAX_SETTINGS_FILE) {
      bytes = new Uint8Array(size)
      bytes = bytes.subarray(0, (await handle.read(bytes, 0, size, 0)).bytesRead)
    }
  } finally {
    await handle.close()
  }
  const ext = sniffExt(bytes.subarray(0, 64))
  if (ext === 'mp4' || ext === 'mov') {
    try {
      return settingsFromTexts(await readMp4Texts(path))
    } catch (e) {
      return { damaged: (e as Error).message }
    }
  }
  if (ext !== 'png' && ext !== 'jpg' && ext !== 'jpeg' && ext !== 'webp')
    return { unsupported: ext }
  if (size > MAX_SETTINGS_FILE) return { problem: t('settingsFileTooLarge') }
  try {
    return await settingsFromImageBytes(bytes)
  } catch (e) {
    return { damaged: (e as Error).message }
  }
}

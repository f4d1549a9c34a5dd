import { promises as fs } from 'node:fs'

import {
  settingsFromImageBytes,
  settingsFromTexts,
  type SettingsRead,
} from '@shared/library/meta/readAny'
import type { MediaExt } from '@shared/library/types'

import { sniffExt } from '../disk/mediaProbe'
import { readMp4Texts } from './mp4File'

/** Largest image read whole for its settings (a 50 MB crafted workflow chunk still fits). */
export const MAX_SETTINGS_FILE = 64 * 1024 * 1024

/** What reading a file's settings found: settings, a problem with them, or not a readable file. */
export type FileSettings = SettingsRead | { damaged: string } | { unsupported: MediaExt | null }

/**
 * Settings embedded in a file on disk, whatever wrote them (see shared/library/meta/readAny.ts):
 * images are read whole (bounded), videos by their moov box only.
 */
export async function readFileSettings(path: string): Promise<FileSettings> {
  const handle = await fs.open(path, 'r')
  let head: Uint8Array
  let size: number
  try {
    size = (await handle.stat()).size
    head = new Uint8Array(64)
    const { bytesRead } = await handle.read(head, 0, 64, 0)
    head = head.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
  const ext = sniffExt(head)
  if (ext === 'mp4' || ext === 'mov') {
    try {
      return settingsFromTexts(await readMp4Texts(path))
    } catch (e) {
      return { damaged: (e as Error).message }
    }
  }
  if (ext !== 'png' && ext !== 'jpg' && ext !== 'jpeg' && ext !== 'webp')
    return { unsupported: ext }
  if (size > MAX_SETTINGS_FILE)
    return { problem: 'Could not read the settings: the file is too large.' }
  const bytes = new Uint8Array(await fs.readFile(path))
  try {
    return await settingsFromImageBytes(bytes)
  } catch (e) {
    return { damaged: (e as Error).message }
  }
}

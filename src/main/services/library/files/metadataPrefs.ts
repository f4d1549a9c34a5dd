import { promises as fs } from 'node:fs'
import { join } from 'node:path'

import type { MetadataPrefs } from '@shared/library/exportOptions'

import { writeAtomic } from '../disk/fsUtil'

/**
 * The library's metadata choices, kept in the library folder itself (a hidden file the scan
 * ignores) so they travel with the library to another machine: whether saved files carry the
 * prompt. On by default; a missing or damaged file means the default.
 */
export type { MetadataPrefs }

export const DEFAULT_METADATA_PREFS: MetadataPrefs = { embedPrompts: true }
const FILE = '.gen-studio-metadata.json'

export async function readMetadataPrefs(root: string): Promise<MetadataPrefs> {
  try {
    const v: unknown = JSON.parse(await fs.readFile(join(root, FILE), 'utf8'))
    const embed = (v as { embedPrompts?: unknown } | null)?.embedPrompts
    return { embedPrompts: typeof embed === 'boolean' ? embed : true }
  } catch {
    return { ...DEFAULT_METADATA_PREFS }
  }
}

export async function writeMetadataPrefs(root: string, prefs: MetadataPrefs): Promise<void> {
  await writeAtomic(join(root, FILE), JSON.stringify(prefs, null, 2))
}

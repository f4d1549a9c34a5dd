/**
 * A library file as an export should carry it: with all our metadata, without prompts, or with
 * none. Images are rewritten in memory; videos (large) go through a temp file beside the output.
 */
import { promises as fs } from 'node:fs'

import type { ExportMetadata } from '@shared/library/exportOptions'
import { embeddedSettings, mp4MetaFor } from '@shared/library/meta/embed'
import type { EmbeddedSettings } from '@shared/library/settings'
import type { LibraryItem, MediaExt } from '@shared/library/types'

import { embedInImage, stripImage } from './embedMetadata'
import { writeMp4WithMetadata } from './mp4File'

/** Our settings of a library item, as embedded in its files. */
export const embeddedOf = (item: LibraryItem): EmbeddedSettings =>
  embeddedSettings(item, item.createdAt)

/** Images rewritten in memory (a GIF only loses what it came with: we write nothing into one). */
const IMAGE_EXTS = new Set<MediaExt>(['png', 'jpg', 'jpeg', 'webp', 'gif'])

/** Whether we write metadata about this item (not for files imported from elsewhere). */
const ours = (item: LibraryItem) => item.kind !== 'imported'

/** Image bytes with the chosen metadata. */
export function imageWithMetadata(
  item: LibraryItem,
  ext: MediaExt,
  bytes: Uint8Array,
  metadata: ExportMetadata,
): Uint8Array {
  if (metadata === 'all' && !ours(item)) return bytes
  const bare = stripImage(ext, bytes)
  if (metadata === 'none' || !ours(item)) return bare
  return embedInImage(ext, bare, embeddedOf(item), metadata === 'all')
}

/**
 * The file to put in an export: `{path}` when it can go as it is, `{bytes}` for an image
 * rewritten, `{temp}` for a video copy written to `tempPath` (the caller removes it).
 */
export async function preparedFile(
  item: LibraryItem,
  abs: string,
  metadata: ExportMetadata,
  tempPath: string,
): Promise<{ path: string } | { bytes: Uint8Array } | { temp: string }> {
  if (metadata === 'all') return { path: abs }
  if (IMAGE_EXTS.has(item.ext)) {
    return {
      bytes: imageWithMetadata(item, item.ext, new Uint8Array(await fs.readFile(abs)), metadata),
    }
  }
  if (item.ext === 'mp4' || item.ext === 'mov') {
    const meta = metadata === 'none' || !ours(item) ? null : mp4MetaFor(embeddedOf(item), false)
    await writeMp4WithMetadata(abs, tempPath, meta)
    return { temp: tempPath }
  }
  // WebM carries no metadata of ours, and its tags are not taken out: it goes as it is.
  return { path: abs }
}

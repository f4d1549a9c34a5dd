import { createWriteStream, promises as fs } from 'node:fs'
import { pipeline } from 'node:stream/promises'

import { ZipFile } from 'yazl'

import { tempNameFor } from '../disk/fsUtil'

export interface ZipEntry {
  /** Absolute path of the file to add (or `bytes`: an image rewritten for the export). */
  path: string
  bytes?: Uint8Array
  /** Name inside the archive (`/`-separated). */
  name: string
  /** Deflate only what shrinks (sidecars); images and videos are stored as they are. */
  compress: boolean
}

/**
 * Writes a ZIP of library files to `dest`: streamed (constant memory), to a temp file first, so
 * the destination is either the whole archive or untouched.
 */
export async function writeZip(entries: ZipEntry[], dest: string): Promise<void> {
  const zip = new ZipFile()
  for (const e of entries) {
    if (e.bytes) zip.addBuffer(Buffer.from(e.bytes), e.name, { compress: e.compress })
    else zip.addFile(e.path, e.name, { compress: e.compress })
  }
  zip.end()
  const tmp = tempNameFor(dest)
  try {
    await pipeline(zip.outputStream, createWriteStream(tmp))
    await fs.rename(tmp, dest)
  } catch (e) {
    await fs.rm(tmp, { force: true })
    throw e
  }
}

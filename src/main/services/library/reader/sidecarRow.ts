import type { LibrarySidecar } from '@shared/library/types'

import type { DiskStamp } from '../disk/scan'
import type { IndexRow } from '../index/LibraryIndex'

const VIDEO_EXTS = new Set(['mp4', 'webm', 'mov'])

/**
 * The index row of a file whose sidecar parsed and still describes it (same size): everything
 * comes from the sidecar and the stamp, nothing from the media file. Kept apart from
 * sync/rowFromDisk.ts (which measures and hashes files without one) so the library reader thread
 * can use it without loading anything native (readLibrary.ts).
 */
export function rowFromSidecar(
  relPath: string,
  stamp: DiskStamp,
  sidecar: LibrarySidecar,
): IndexRow {
  const ext = relPath.slice(relPath.lastIndexOf('.') + 1).toLowerCase()
  return {
    relPath,
    fileMtime: stamp.fileMtime,
    fileSize: stamp.fileSize,
    sidecar,
    media: VIDEO_EXTS.has(ext) ? 'video' : 'image',
    ext: ext as IndexRow['ext'],
    sidecarMtime: stamp.sidecarMtime,
    problem: null,
  }
}

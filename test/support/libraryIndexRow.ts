import type { IndexRow } from '@main/services/library/index/LibraryIndex'
import type { LibrarySidecar } from '@shared/library/types'

/**
 * A row for LibraryIndex.upsert: item `i`, an 8×8 image at `f/<i>.png` created at 2025-01-01,
 * with whatever sidecar fields and row fields the test sets. Tests that seed an index describe
 * only what they vary.
 */
export function libraryIndexRow(
  i: number,
  sidecar: Partial<LibrarySidecar> = {},
  row: Partial<Omit<IndexRow, 'sidecar'>> = {},
): IndexRow {
  return {
    relPath: `f/${i}.png`,
    media: 'image',
    ext: 'png',
    fileMtime: 1,
    fileSize: 1,
    sidecarMtime: 1,
    problem: null,
    ...row,
    sidecar: {
      format: 'gen-studio-library',
      version: 1,
      id: `id-${i}`,
      kind: 'image',
      model: 'm',
      prompt: `item ${i}`,
      negativePrompt: '',
      params: {},
      seed: i,
      costEstimate: 0.01,
      sourceTaskId: null,
      width: 8,
      height: 8,
      durationSec: null,
      bytes: 1,
      sha256: i.toString(16).padStart(64, '0'),
      created: new Date(2025, 0, 1).toISOString(),
      favourite: false,
      demo: false,
      ...sidecar,
    },
  }
}

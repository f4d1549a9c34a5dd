import type { Lineage } from '@shared/library/lineage'
import type { LibraryItem } from '@shared/library/types'

import type { LibraryService } from '../library/LibraryService'

/** The part of the library a picture operation needs (LibraryService, or a fake in tests). */
export type PictureLibrary = Pick<LibraryService, 'get' | 'absolutePath' | 'save' | 'lineage'>

/** Largest derived PNG whose settings are also embedded in the file (see saveDerived). */
export const EMBED_SETTINGS_MAX_BYTES = 16 * 2 ** 20

/**
 * Saves a derived picture as a new item: the parent's settings (kind, model, prompt, params,
 * seed) are kept so Reuse on the derived item fills the form as the parent would, but not its
 * task or cost (nothing was paid for the derived file).
 */
export function saveDerived(
  library: PictureLibrary,
  parent: LibraryItem,
  bytes: Uint8Array,
  derivedFrom: Lineage,
): Promise<LibraryItem> {
  return library.save({
    kind: parent.kind,
    model: parent.model,
    prompt: parent.prompt,
    negativePrompt: parent.negativePrompt,
    params: parent.params,
    seed: parent.seed,
    costEstimate: null,
    sourceTaskId: null,
    demo: parent.demo,
    file: { bytes, ext: 'png' },
    // Settings go into the PNG too, but not into a huge one (an upscale's 100 MB): writing the
    // chunks copies the whole file on main's thread. Its sidecar holds them either way.
    embedSettings: bytes.length <= EMBED_SETTINGS_MAX_BYTES,
    derivedFrom,
  })
}

/**
 * services/picture (issue #31): finishing a picture already in the library, on this machine:
 * crop, rotate, flip, resize (this class). Each result is a NEW library item whose sidecar names
 * its parent, the operation and its parameters (lineage); the original file and sidecar are never
 * written. Nothing here is sent to the service or charged.
 */
import type { Lineage, LineageView } from '@shared/library/lineage'
import { editProblem, type PictureEdit } from '@shared/library/pictureEdits'
import type { LibraryItem } from '@shared/library/types'
import { fail } from '@shared/result'

import type { LibraryService } from '../library/LibraryService'
import { applyEdit, LANCZOS_MODEL } from './applyEdit'
import { checkPictureItem, readPicture } from './readPicture'

const PAST: Record<PictureEdit['op'], string> = {
  crop: 'cropped',
  rotate: 'rotated',
  flip: 'flipped',
  resize: 'resized',
}

/** The part of the library a picture operation needs (LibraryService, or a fake in tests). */
export type PictureLibrary = Pick<LibraryService, 'get' | 'absolutePath' | 'save' | 'lineage'>

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
    derivedFrom,
  })
}

export class PictureService {
  constructor(private readonly library: PictureLibrary) {}

  /** Applies one edit to an item and stores the result as a new item (the answer). */
  async edit(id: string, edit: PictureEdit): Promise<LibraryItem> {
    const parent = await this.library.get(id)
    const what = PAST[edit.op]
    checkPictureItem(parent, what)
    const path = await this.library.absolutePath(id)
    const pic = await readPicture(path, what)
    const problem = editProblem(edit, pic.width, pic.height)
    if (problem) fail('validation', problem, { action: 'Nothing was changed.' })
    const bytes = await applyEdit(pic, edit)
    const { op, ...params } = edit
    return saveDerived(this.library, parent, bytes, {
      parentId: parent.id,
      operation: op,
      params: op === 'resize' ? { ...params, kernel: 'lanczos3' } : params,
      model: op === 'resize' ? LANCZOS_MODEL : 'sharp',
    })
  }

  /** "Made from" and "derived" links of one item, for the viewer. */
  lineage(id: string): Promise<LineageView> {
    return this.library.lineage(id)
  }
}

/**
 * services/picture (issue #31): finishing a picture already in the library, on this machine:
 * crop, rotate, flip, resize (this class). Each result is a NEW library item whose sidecar names
 * its parent, the operation and its parameters (lineage); the original file and sidecar are never
 * written. Nothing here is sent to the service or charged.
 */
import type { LineageView } from '@shared/library/lineage'
import { editProblem, type PictureEdit } from '@shared/library/pictureEdits'
import type { LibraryItem } from '@shared/library/types'
import { fail } from '@shared/result'

import { t } from '../../i18n'
import { applyEdit, LANCZOS_MODEL } from './applyEdit'
import { type PictureLibrary, saveDerived } from './derived'
import { ExpandCanvas, type ExpandOptions } from './expand/ExpandCanvas'
import { checkPictureItem, readPicture } from './readPicture'
import { UpscaleJobs, type UpscaleOptions } from './upscale/UpscaleJobs'

export { noUpscaler } from './upscale/UpscaleJobs'

export class PictureService {
  /** Local ×2/×4 upscales (upscale/UpscaleJobs.ts). */
  readonly upscale: UpscaleJobs
  /** Expand the canvas: image and mask for the art model's infill (expand/ExpandCanvas.ts). */
  readonly expand: ExpandCanvas

  constructor(
    private readonly library: PictureLibrary,
    upscale: Omit<UpscaleOptions, 'library'>,
    expand: Omit<ExpandOptions, 'library'>,
  ) {
    this.upscale = new UpscaleJobs({ ...upscale, library })
    this.expand = new ExpandCanvas({ ...expand, library })
  }

  /** Applies one edit to an item and stores the result as a new item (the answer). */
  async edit(id: string, edit: PictureEdit): Promise<LibraryItem> {
    const parent = await this.library.get(id)
    const what = edit.op
    checkPictureItem(parent, what)
    const path = await this.library.absolutePath(id)
    const pic = await readPicture(path, what)
    const problem = editProblem(edit, pic.width, pic.height)
    if (problem) fail('validation', problem, { action: t('nothingChanged') })
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

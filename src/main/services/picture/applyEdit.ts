import type { PictureEdit } from '@shared/library/pictureEdits'
import type SharpModule from 'sharp'

import { loadSharp } from '../../adapters/thumbnails/loadSharp'
import type { RawPicture } from './readPicture'

/** What resampled the pixels, recorded as the lineage's model. */
export const LANCZOS_MODEL = 'sharp-lanczos3'

/**
 * Applies one edit to decoded pixels and encodes the result as PNG (lossless, so a crop of a
 * crop loses nothing). Resizing uses Lanczos (3 lobes), sharp's sharpest kernel for photographs.
 */
export async function applyEdit(
  pic: RawPicture,
  edit: PictureEdit,
  sharp: typeof SharpModule = loadSharp(),
): Promise<Buffer> {
  const img = sharp(pic.data, {
    raw: { width: pic.width, height: pic.height, channels: pic.channels },
  })
  switch (edit.op) {
    case 'crop':
      img.extract({ left: edit.x, top: edit.y, width: edit.width, height: edit.height })
      break
    case 'rotate':
      img.rotate(edit.degrees)
      break
    case 'flip':
      if (edit.axis === 'vertical') img.flip()
      else img.flop()
      break
    case 'resize':
      img.resize(edit.width, edit.height, { fit: 'fill', kernel: 'lanczos3' })
      break
  }
  return img.png().toBuffer()
}

/**
 * The one way a local picture operation (edit, upscale, expand) reads its source: the item must
 * be an image, within the size a local operation takes, and decodable to the last byte. Every
 * refusal is a clear `validation` message before any work starts; nothing is written.
 */
import { MAX_EDIT_INPUT_PIXELS } from '@shared/library/pictureEdits'
import type { LibraryItem } from '@shared/library/types'
import { fail } from '@shared/result'
import type SharpModule from 'sharp'
import type { Metadata } from 'sharp'

import { loadSharp } from '../../adapters/thumbnails/loadSharp'

/** An image decoded to raw RGBA pixels, EXIF orientation applied (what the viewer shows). */
export interface RawPicture {
  data: Buffer
  width: number
  height: number
  channels: 4
}

/** Refuses what a local operation cannot take, from the index row alone (no decoding). */
export function checkPictureItem(item: LibraryItem, what: string): void {
  if (item.media !== 'image')
    fail('validation', `A video cannot be ${what}: only pictures can.`, {
      action: 'Choose a picture in the library.',
    })
  if (item.ext === 'gif')
    fail('validation', `An animated GIF cannot be ${what} here.`, {
      action: 'Choose a PNG, JPEG or WebP picture.',
    })
}

/** `what` decides the words of the messages ("cropped", "upscaled"...). */
export async function readPicture(
  path: string,
  what: string,
  sharp: typeof SharpModule = loadSharp(),
): Promise<RawPicture> {
  let meta: Metadata
  try {
    meta = await sharp(path, { limitInputPixels: false }).metadata()
  } catch (e) {
    return fail('validation', `The picture cannot be read (${(e as Error).message}).`, {
      action: 'The file may be damaged; nothing was changed.',
    })
  }
  const w = meta.autoOrient?.width ?? meta.width ?? 0
  const h = meta.autoOrient?.height ?? meta.height ?? 0
  if (w * h > MAX_EDIT_INPUT_PIXELS)
    fail(
      'validation',
      `This picture is ${w} × ${h} (${Math.round((w * h) / 1e6)} MP): too large to be ${what} on this machine (at most ${MAX_EDIT_INPUT_PIXELS / 1e6} MP).`,
      { action: 'Nothing was changed.' },
    )
  try {
    const { data, info } = await sharp(path, {
      failOn: 'truncated',
      limitInputPixels: MAX_EDIT_INPUT_PIXELS,
    })
      .rotate()
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height, channels: 4 }
  } catch (e) {
    return fail(
      'validation',
      `The picture is damaged or truncated and cannot be ${what} (${(e as Error).message}).`,
      { action: 'Nothing was changed.' },
    )
  }
}

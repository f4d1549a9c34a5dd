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
import { t } from '../../i18n'

/** An image decoded to raw RGBA (or RGB) pixels, EXIF orientation applied (what the viewer shows). */
export interface RawPicture {
  data: Buffer
  width: number
  height: number
  channels: 3 | 4
}

/** Width and height as shown (EXIF orientation applied), from the header alone. */
export async function pictureSize(
  path: string,
  sharp: typeof SharpModule = loadSharp(),
): Promise<{ width: number; height: number }> {
  let meta: Metadata
  try {
    meta = await sharp(path, { limitInputPixels: false }).metadata()
  } catch (e) {
    return fail('validation', t('picUnreadable', { detail: (e as Error).message }), {
      action: t('picUnreadableAction'),
    })
  }
  return {
    width: meta.autoOrient?.width ?? meta.width ?? 0,
    height: meta.autoOrient?.height ?? meta.height ?? 0,
  }
}

/** Refuses what a local operation cannot take, from the index row alone (no decoding). */
export function checkPictureItem(item: LibraryItem, op: PictureOp): void {
  if (item.media !== 'image')
    fail('validation', t('picVideoRefused', { op }), { action: t('picVideoRefusedAction') })
  if (item.ext === 'gif')
    fail('validation', t('picGifRefused', { op }), { action: t('picGifRefusedAction') })
}

/** The local operations on a picture: the messages name the one that was refused. */
export type PictureOp = 'crop' | 'rotate' | 'flip' | 'resize' | 'upscale' | 'expand'

/**
 * Decodes a picture for a local operation; `op` decides the words of the messages ("cropped",
 * "upscaled"...). `alpha: false` drops the alpha channel (the upscaling model takes RGB).
 */
export async function readPicture(
  path: string,
  op: PictureOp,
  { alpha = true }: { alpha?: boolean } = {},
  sharp: typeof SharpModule = loadSharp(),
): Promise<RawPicture> {
  const { width: w, height: h } = await pictureSize(path, sharp)
  if (w * h > MAX_EDIT_INPUT_PIXELS)
    fail(
      'validation',
      t('picTooLarge', {
        width: w,
        height: h,
        mp: Math.round((w * h) / 1e6),
        op,
        max: MAX_EDIT_INPUT_PIXELS / 1e6,
      }),
      { action: t('nothingChanged') },
    )
  try {
    const img = sharp(path, {
      failOn: 'truncated',
      limitInputPixels: MAX_EDIT_INPUT_PIXELS,
    }).rotate()
    if (alpha) img.ensureAlpha()
    else img.removeAlpha()
    const { data, info } = await img.raw().toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height, channels: alpha ? 4 : 3 }
  } catch (e) {
    return fail('validation', t('picDamaged', { op, detail: (e as Error).message }), {
      action: t('nothingChanged'),
    })
  }
}

/**
 * A picture's alpha channel scaled to `width` × `height` (Lanczos), or null when it has none: an
 * upscale works on colour only, and this puts the transparency back on its result.
 */
export async function alphaAt(
  path: string,
  width: number,
  height: number,
  sharp: typeof SharpModule = loadSharp(),
): Promise<Buffer | null> {
  const open = () => sharp(path, { limitInputPixels: MAX_EDIT_INPUT_PIXELS })
  if (!(await open().metadata()).hasAlpha) return null
  return open()
    .rotate()
    .extractChannel('alpha')
    .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
    .raw()
    .toBuffer()
}

/**
 * Local picture edits (issue #31): crop, rotate, flip and resize, each making a new library item
 * from an image already in the library (the original is never changed). Shared so the renderer
 * can draw and check a crop box exactly as main will apply it.
 */
import { CATALOG, VIDEO_ASPECT_RATIOS } from '../catalog/models'
import { msg } from '../i18n/message'

export type PictureEdit =
  | { op: 'crop'; x: number; y: number; width: number; height: number; ratio?: string | null }
  | { op: 'rotate'; degrees: 90 | 180 | 270 }
  | { op: 'flip'; axis: 'horizontal' | 'vertical' }
  | { op: 'resize'; width: number; height: number }

/** Largest side a local edit writes (a ×4 of a 4K picture is 15,360). */
export const MAX_EDIT_SIDE = 16_384
/** Largest picture a local edit reads: 30,000 × 30,000 (900 MP) is refused before decoding. */
export const MAX_EDIT_INPUT_PIXELS = 120_000_000

/** `W:H` → [w, h], or null for `smart` and anything that is not two positive integers. */
export function parseRatio(ratio: string): [number, number] | null {
  const m = /^(\d{1,3}):(\d{1,3})$/.exec(ratio)
  if (!m) return null
  const w = Number(m[1])
  const h = Number(m[2])
  return w > 0 && h > 0 ? [w, h] : null
}

/**
 * Every fixed aspect ratio a model of the service accepts (images and video, from the catalog),
 * widest first: the crop's fixed-ratio choices, so a crop can be made to feed any model as is.
 */
export const CROP_RATIOS: readonly string[] = (() => {
  const all = new Set<string>()
  for (const m of CATALOG) {
    const list = 'aspectRatios' in m ? m.aspectRatios : null
    for (const r of list ?? []) if (parseRatio(r)) all.add(r)
  }
  for (const r of VIDEO_ASPECT_RATIOS) if (parseRatio(r)) all.add(r)
  const value = (r: string) => {
    const [w, h] = parseRatio(r)!
    return w / h
  }
  return [...all].sort((a, b) => value(b) - value(a))
})()

/**
 * The largest box of ratio `w:h` centred in an image, in whole pixels: the starting crop for a
 * fixed ratio (the user then moves it).
 */
export function centredRatioBox(
  imgW: number,
  imgH: number,
  ratio: [number, number],
): { x: number; y: number; width: number; height: number } {
  const [rw, rh] = ratio
  let width = imgW
  let height = Math.round((imgW * rh) / rw)
  if (height > imgH) {
    height = imgH
    width = Math.round((imgH * rw) / rh)
  }
  width = Math.max(1, Math.min(imgW, width))
  height = Math.max(1, Math.min(imgH, height))
  return {
    x: Math.floor((imgW - width) / 2),
    y: Math.floor((imgH - height) / 2),
    width,
    height,
  }
}

/** What is wrong with an edit for an image of this size, or null when it can be applied. */
export function editProblem(edit: PictureEdit, imgW: number, imgH: number): string | null {
  const int = (n: number) => Number.isSafeInteger(n)
  switch (edit.op) {
    case 'crop': {
      const { x, y, width, height } = edit
      if (![x, y, width, height].every(int)) return msg('cropWhole')
      if (width < 1 || height < 1) return msg('cropEmpty')
      if (x < 0 || y < 0 || x + width > imgW || y + height > imgH)
        return msg('cropOutside', { width, height, x, y, imgW, imgH })
      if (x === 0 && y === 0 && width === imgW && height === imgH) return msg('cropEverything')
      if (edit.ratio && !CROP_RATIOS.includes(edit.ratio))
        return msg('ratioUnknown', { ratio: edit.ratio })
      return null
    }
    case 'resize': {
      const { width, height } = edit
      if (!int(width) || !int(height) || width < 1 || height < 1) return msg('resizeWhole')
      if (width > MAX_EDIT_SIDE || height > MAX_EDIT_SIDE)
        return msg('resizeTooLarge', { max: MAX_EDIT_SIDE })
      if (width === imgW && height === imgH) return msg('resizeSame')
      return null
    }
    case 'rotate':
    case 'flip':
      return null
  }
}

/** The size of the picture an edit makes. */
export function editedSize(edit: PictureEdit, imgW: number, imgH: number): [number, number] {
  switch (edit.op) {
    case 'crop':
    case 'resize':
      return [edit.width, edit.height]
    case 'rotate':
      return edit.degrees === 180 ? [imgW, imgH] : [imgH, imgW]
    case 'flip':
      return [imgW, imgH]
  }
}

import sharp from 'sharp'

/** Peak signal-to-noise ratio (dB) of two same-sized 8-bit buffers: higher is closer. */
export function psnr(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`PSNR of ${a.length} and ${b.length} bytes`)
  let se = 0
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!
    se += d * d
  }
  const mse = se / a.length
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse)
}

/** An image file as RGB bytes, cropped to even sides (so ÷2 then ×2 gives its size back). */
export async function evenRgb(path: string, multiple = 2) {
  const meta = await sharp(path).metadata()
  const width = Math.floor(meta.width! / multiple) * multiple
  const height = Math.floor(meta.height! / multiple) * multiple
  const data = await sharp(path)
    .removeAlpha()
    .toColourspace('srgb')
    .extract({ left: 0, top: 0, width, height })
    .raw()
    .toBuffer()
  return { data: new Uint8Array(data), width, height }
}

/** RGB bytes resized with sharp's Lanczos (3 lobes): the baseline every upscaler must beat. */
export async function lanczosRgb(rgb: Uint8Array, w: number, h: number, toW: number, toH: number) {
  return new Uint8Array(
    await sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
      .resize(toW, toH, { kernel: 'lanczos3', fit: 'fill' })
      .raw()
      .toBuffer(),
  )
}

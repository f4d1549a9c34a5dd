import { join } from 'node:path'

import { loadEsrgan, type TilePredict } from '@main/services/picture/upscale/esrganModel'
import { probeThroughput, upscaleTiled } from '@main/services/picture/upscale/runUpscale'
import { evenRgb, lanczosRgb, psnr } from '@test/support/imageQuality'
import { PHOTOS, SKIMAGE_PACKAGE, skimageDataDir } from '@test/support/skimagePhotos'
import { beforeAll, describe, expect, it } from 'vitest'

const photos = skimageDataDir()
let x2: TilePredict
beforeAll(async () => {
  x2 = await loadEsrgan(2)
}, 60_000)

describe('the ESRGAN-slim model on the wasm backend (issue #31)', () => {
  it.skipIf(!photos)(
    `beats Lanczos on real photographs: ÷2 then ×2, PSNR against the original (needs Debian ${SKIMAGE_PACKAGE})`,
    async () => {
      for (const name of PHOTOS) {
        const orig = await evenRgb(join(photos!, name))
        const w = orig.width / 2
        const h = orig.height / 2
        const small = await lanczosRgb(orig.data, orig.width, orig.height, w, h)
        const model = await upscaleTiled(small, w, h, 2, x2, () => {})
        const lanczos = await lanczosRgb(small, w, h, orig.width, orig.height)
        const gain = psnr(model, orig.data) - psnr(lanczos, orig.data)
        console.log(
          `${name}: model ${psnr(model, orig.data).toFixed(2)} dB, Lanczos ${psnr(lanczos, orig.data).toFixed(2)} dB`,
        )
        expect(gain, name).toBeGreaterThan(0.3)
      }
    },
    120_000,
  )

  it('gives ×2 the size, and tiles without seams: tiled equals one pass over the whole picture', async () => {
    const w = 420
    const h = 400
    // Texture with edges in every direction, across tile borders (x = 384, y = 384).
    const rgb = new Uint8Array(w * h * 3)
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const v = 128 + 100 * Math.sin(x / 5 + y / 9) * Math.cos((x - y) / 13)
        rgb.set([v, (x * 3) & 255, (y * 5 + x) & 255], (y * w + x) * 3)
      }
    const calls: Array<[number, number]> = []
    const tiled = await upscaleTiled(rgb, w, h, 2, x2, (d, t) => calls.push([d, t]))
    expect(tiled.length).toBe(w * 2 * h * 2 * 3)
    expect(calls.at(-1)).toEqual([4, 4])
    const whole = await x2(rgb, w, h)
    let max = 0
    let sum = 0
    for (let i = 0; i < whole.length; i++) {
      const d = Math.abs(whole[i]! - tiled[i]!)
      max = Math.max(max, d)
      sum += d
    }
    expect(max).toBeLessThanOrEqual(2)
    expect(sum / whole.length).toBeLessThan(0.05)
    // …and it is not a plain resample: it differs from Lanczos at the same size.
    const lanczos = await lanczosRgb(rgb, w, h, w * 2, h * 2)
    expect(psnr(tiled, lanczos)).toBeLessThan(45)
  }, 60_000)

  it('measures its own throughput on a probe tile', async () => {
    const pxs = await probeThroughput(x2)
    expect(pxs).toBeGreaterThan(500)
    expect(pxs).toBeLessThan(1e8)
  }, 30_000)
})

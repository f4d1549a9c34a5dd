/**
 * The upscaler's work loop and its thread protocol (issue #31). Runs on the upscaler's worker
 * thread (workers/upscaler.ts), never on main's: a tile takes ~0.1–0.5 s of CPU.
 */
import type { TilePredict, UpscaleScale } from './esrganModel'
import { planTiles, readRegion, TILE_MARGIN, writeCore } from './tiles'

/** main → upscaler thread. */
export type UpscaleRequest =
  | { type: 'probe'; scale: UpscaleScale }
  | { type: 'run'; scale: UpscaleScale; width: number; height: number; data: Uint8Array }

/** upscaler thread → main. */
export type UpscaleMessage =
  | { type: 'probed'; pxPerSec: number }
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; width: number; height: number; data: Uint8Array }
  | { type: 'error'; message: string }

/** Core side of the tile a probe times (plus its margins). */
export const PROBE_TILE = 64

/**
 * Input pixels the model reads per second on this machine: one tile to warm up (wasm compile,
 * first-use allocations), then one timed. What the estimate before a large input divides by.
 */
export async function probeThroughput(
  predict: TilePredict,
  now = () => performance.now(),
): Promise<number> {
  const side = PROBE_TILE + 2 * TILE_MARGIN
  const rgb = new Uint8Array(side * side * 3)
  for (let i = 0; i < rgb.length; i++) rgb[i] = (i * 37) & 255
  await predict(rgb, side, side)
  const t0 = now()
  await predict(rgb, side, side)
  return (side * side) / Math.max(1e-3, (now() - t0) / 1000)
}

/**
 * Upscales an RGB picture tile by tile into a new RGB buffer of `scale`× its size, reporting
 * after each tile. Memory: the input, the output and one tile's tensors.
 */
export async function upscaleTiled(
  data: Uint8Array,
  width: number,
  height: number,
  scale: UpscaleScale,
  predict: TilePredict,
  onTile: (done: number, total: number) => void,
): Promise<Uint8Array> {
  const tiles = planTiles(width, height)
  const outW = width * scale
  const out = new Uint8Array(outW * height * scale * 3)
  for (let i = 0; i < tiles.length; i++) {
    const t = tiles[i]!
    const up = await predict(readRegion(data, width, t), t.rw, t.rh)
    if (up.length !== t.rw * scale * t.rh * scale * 3)
      throw new Error(
        `The model answered ${up.length} bytes for a ${t.rw}×${t.rh} tile at ×${scale}.`,
      )
    writeCore(out, outW, up, t, scale)
    onTile(i + 1, tiles.length)
  }
  return out
}

/**
 * The super-resolution model: ESRGAN-slim (an RDN) from the npm package @upscalerjs/esrgan-slim,
 * whose weights ship inside the package (models/x2, models/x4), run by TensorFlow.js on its
 * WebAssembly backend, whose .wasm binaries also ship in its npm package. Nothing is fetched at
 * run time: the model is read from disk and handed to tfjs from memory. Plain Node and wasm, no
 * native code, so it may run on a worker thread (workers/upscaler.ts; Electron's multithreading
 * guide warns only about native modules in workers: https://electronjs.org/docs/tutorial/multithreading,
 * and worker threads read inside app.asar since https://github.com/electron/electron/pull/33216).
 */
import { promises as fs } from 'node:fs'
import { dirname, join } from 'node:path'

import type * as TfWasm from '@tensorflow/tfjs-backend-wasm'
import type * as TfCore from '@tensorflow/tfjs-core'
import type * as TfLayers from '@tensorflow/tfjs-layers'

/** What the lineage records as the model. */
export const ESRGAN_MODEL = 'esrgan-slim (@upscalerjs/esrgan-slim 1.0.0, tfjs wasm)'

export type UpscaleScale = 2 | 4

/** Upscales one RGB region; answers `scale`× its size in RGB. */
export type TilePredict = (rgb: Uint8Array, w: number, h: number) => Promise<Uint8Array>

interface ModelJson {
  modelTopology: object
  weightsManifest: Array<{ paths: string[]; weights: unknown[] }>
}

/** The package's folder, found from its entry point (its `exports` hide package.json). */
async function packageDir(entry: string, marker: string): Promise<string> {
  let dir = dirname(entry)
  for (let i = 0; i < 8; i++) {
    if (
      await fs.stat(join(dir, marker)).then(
        () => true,
        () => false,
      )
    )
      return dir
    dir = dirname(dir)
  }
  throw new Error(`${marker} is missing from the installed model package.`)
}

/**
 * Loads tfjs, selects its wasm backend and builds the model for `scale`. The first call takes
 * ~0.3 s (wasm compile, weights); keep the answer for every tile.
 */
export async function loadEsrgan(scale: UpscaleScale): Promise<TilePredict> {
  // Required here, not imported at the top: the modules are large and only the upscaler needs them.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const tf = require('@tensorflow/tfjs-core') as typeof TfCore
  const layers = require('@tensorflow/tfjs-layers') as typeof TfLayers
  const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof TfWasm
  /* eslint-enable @typescript-eslint/no-require-imports */
  wasm.setWasmPaths(`${dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`)
  if (tf.getBackend() !== 'wasm') {
    if (!(await tf.setBackend('wasm'))) throw new Error('The WebAssembly backend did not start.')
  }
  await tf.ready()
  const root = await packageDir(require.resolve('@upscalerjs/esrgan-slim'), 'models/x2/model.json')
  const dir = join(root, 'models', `x${scale}`)
  const json = JSON.parse(await fs.readFile(join(dir, 'model.json'), 'utf8')) as ModelJson
  const parts = await Promise.all(
    json.weightsManifest.flatMap((g) => g.paths.map((p) => fs.readFile(join(dir, p)))),
  )
  const all = Buffer.concat(parts)
  const model = await layers.loadLayersModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((g) => g.weights) as never,
      weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
    }),
  )
  return async (rgb, w, h) => {
    // The model takes and gives 0–255 floats (its definition's inputRange / outputRange).
    const out = tf.tidy(() => {
      const x = tf.tensor4d(Float32Array.from(rgb), [1, h, w, 3])
      const y = model.predict(x) as TfCore.Tensor
      return tf.cast(tf.round(tf.clipByValue(y, 0, 255)), 'int32')
    })
    try {
      return Uint8Array.from(await out.data())
    } finally {
      out.dispose()
    }
  }
}

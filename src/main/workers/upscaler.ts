/**
 * The local upscaler's thread (issue #31): loads the ESRGAN model on TensorFlow.js's wasm
 * backend and answers one request (a throughput probe or a whole picture), posting progress
 * after each tile. Main cancels by terminating the thread; nothing here writes any file.
 */
import { parentPort } from 'node:worker_threads'

import { loadEsrgan } from '../services/picture/upscale/esrganModel'
import {
  probeThroughput,
  type UpscaleMessage,
  type UpscaleRequest,
  upscaleTiled,
} from '../services/picture/upscale/runUpscale'

const port = parentPort
if (!port) throw new Error('upscaler.ts runs on a worker thread only.')
const post = (m: UpscaleMessage, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer)

port.once('message', (req: UpscaleRequest) => {
  void (async () => {
    try {
      const predict = await loadEsrgan(req.scale)
      if (req.type === 'probe') {
        post({ type: 'probed', pxPerSec: await probeThroughput(predict) })
        return
      }
      const out = await upscaleTiled(
        req.data,
        req.width,
        req.height,
        req.scale,
        predict,
        (done, total) => post({ type: 'progress', done, total }),
      )
      post(
        { type: 'done', width: req.width * req.scale, height: req.height * req.scale, data: out },
        [out.buffer as ArrayBuffer],
      )
    } catch (e) {
      post({ type: 'error', message: (e as Error).message })
    }
  })()
})

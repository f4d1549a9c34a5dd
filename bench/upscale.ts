/**
 * upscale (issue #31): the app's local ×2 upscale against controls run in the same process.
 *
 * - Speed: the app's ×2 of a 1024² picture (picture:upscale → UpscaleJobs → the upscaler thread →
 *   tiles → PNG → library save, timed to the job's `done`) against the same ESRGAN-slim model run
 *   by a bare script on the same tfjs wasm backend (a worker thread that loads the model and
 *   predicts the whole picture in one call), alternated ROUNDS times, medians: `vs_bare_model`
 *   (goal ≤ 1.15). Also sharp's Lanczos ×2 of the same picture (the fast option) as a throughput
 *   control: px/s of each and `model_vs_lanczos_speed`.
 * - Main's event loop while the app upscales (perf_hooks.monitorEventLoopDelay, 10 ms
 *   resolution): `max_main_block_ms` (goal ≤ 50); the same monitor while main only waits for
 *   the bare script is the machine's own noise: `control_main_block_ms`.
 * - Memory: the app's ×2 of a 4096² picture (UPSCALE_BIG=0 skips it, UPSCALE_BIG=2048 makes it
 *   smaller), RSS sampled every 100 ms from the job's start to its end: `peak_rss_growth_mib`
 *   (goal ≤ 1536). Slow: ~19 M pixels through the model (minutes on 2 shared cores).
 * - Quality on real photographs (Debian python3-skimage's astronaut, chelsea and coffee; or
 *   SKIMAGE_DATA_DIR): ÷2 with Lanczos, ×2 back with the model and with Lanczos, PSNR against
 *   the original: `psnr_gain_vs_lanczos_db` (goal > 0), mean over the photographs.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'

import { buildSync } from 'esbuild'
import sharp from 'sharp'

import { Thumbnailer } from '../src/main/adapters/thumbnails/Thumbnailer'
import { MainEvents } from '../src/main/events'
import { LibraryService } from '../src/main/services/library/LibraryService'
import { loadEsrgan } from '../src/main/services/picture/upscale/esrganModel'
import { upscaleTiled } from '../src/main/services/picture/upscale/runUpscale'
import { UpscaleJobs } from '../src/main/services/picture/upscale/UpscaleJobs'
import type { UpscaleJobView } from '../src/shared/library/upscale'
import { evenRgb, lanczosRgb, psnr } from '../test/support/imageQuality'
import { PHOTOS, skimageDataDir } from '../test/support/skimagePhotos'
import { median, MIB, runBench } from './support/stats'

const SIZE = Number(process.env.UPSCALE_SIZE ?? 1024)
const BIG = Number(process.env.UPSCALE_BIG ?? 4096)
const ROUNDS = Number(process.env.UPSCALE_ROUNDS ?? 2)
const ROOT = join(__dirname, '..')

/**
 * The upscaler thread bundled as the app's build bundles it (tfjs and the model package stay
 * external, required from node_modules): the bench times the thread the user runs, not tsx
 * compiling TypeScript when it starts. Written under node_modules/.cache so they resolve.
 */
function bundledUpscaler(): string {
  const outfile = join(ROOT, 'node_modules', '.cache', 'bench-upscale', 'upscaler.js')
  buildSync({
    entryPoints: [join(ROOT, 'src/main/workers/upscaler.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile,
    external: ['@tensorflow/*', '@upscalerjs/*'],
    alias: { '@shared': join(ROOT, 'src', 'shared') },
    logLevel: 'error',
  })
  return outfile
}
const UPSCALER = bundledUpscaler()

/** The bare script: tfjs + the package's model on the wasm backend, one predict of the whole picture. */
const BARE = `
const { parentPort, workerData } = require('node:worker_threads')
const fs = require('node:fs'), path = require('node:path')
const tf = require('@tensorflow/tfjs-core'), layers = require('@tensorflow/tfjs-layers')
const wasm = require('@tensorflow/tfjs-backend-wasm')
;(async () => {
  wasm.setWasmPaths(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + '/')
  await tf.setBackend('wasm')
  const dir = path.join(workerData.root, 'node_modules/@upscalerjs/esrgan-slim/models/x2')
  const json = JSON.parse(fs.readFileSync(path.join(dir, 'model.json'), 'utf8'))
  const bin = Buffer.concat(json.weightsManifest.flatMap((g) => g.paths.map((p) => fs.readFileSync(path.join(dir, p)))))
  const model = await layers.loadLayersModel(tf.io.fromMemory({
    modelTopology: json.modelTopology,
    weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
    weightData: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
  }))
  const { w, h, data } = workerData
  const y = model.predict(tf.tensor4d(Float32Array.from(data), [1, h, w, 3]))
  const out = await tf.cast(tf.round(tf.clipByValue(y, 0, 255)), 'int32').data()
  parentPort.postMessage(out.length)
})()
`

async function picture(size: number): Promise<Uint8Array> {
  const dir = skimageDataDir()
  const base = dir
    ? sharp(join(dir, 'astronaut.png')).removeAlpha()
    : sharp(Buffer.from(Array.from({ length: 64 * 64 * 3 }, (_, i) => (i * 37) & 255)), {
        raw: { width: 64, height: 64, channels: 3 },
      })
  return new Uint8Array(
    await base.resize(size, size, { kernel: 'lanczos3', fit: 'fill' }).raw().toBuffer(),
  )
}

/** The bare script's ms, and main's worst stall meanwhile (the machine's own noise: main idles). */
async function bare(rgb: Uint8Array, size: number): Promise<{ ms: number; blockMs: number }> {
  const loop = monitorEventLoopDelay({ resolution: 10 })
  loop.enable()
  const ms = await bareRun(rgb, size)
  loop.disable()
  return { ms, blockMs: loop.max / 1e6 }
}

function bareRun(rgb: Uint8Array, size: number): Promise<number> {
  const t = performance.now()
  return new Promise((resolve, reject) => {
    const w = new Worker(BARE, {
      eval: true,
      workerData: { root: ROOT, w: size, h: size, data: rgb },
    })
    w.once('message', () => {
      resolve(performance.now() - t)
      void w.terminate()
    })
    w.once('error', reject)
  })
}

/** The app's ×2 of `rgb` from request to saved item: ms, main's worst stall, peak RSS growth. */
async function appRun(rgb: Uint8Array, size: number) {
  const dir = mkdtempSync(join(tmpdir(), 'gen-upscale-bench-'))
  const library = new LibraryService({
    settings: { settings: async () => ({ libraryDir: join(dir, 'Library') }) } as never,
    events: new MainEvents(),
    indexPath: join(dir, 'index.sqlite'),
    thumbs: new Thumbnailer(join(dir, 'thumbs')),
    trash: { trashItem: async () => {} },
    watch: false,
  })
  let finished: (j: UpscaleJobView) => void = () => {}
  const done = new Promise<UpscaleJobView>((resolve) => (finished = resolve))
  const jobs = new UpscaleJobs({
    library,
    spawn: () => new Worker(UPSCALER),
    emit: (j) => (j.state === 'done' || j.state === 'failed') && finished(j),
  })
  try {
    const png = await sharp(rgb, { raw: { width: size, height: size, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer()
    const item = await library.save({
      kind: 'image',
      model: 'bench',
      prompt: 'bench',
      params: {},
      file: { bytes: png, ext: 'png' },
    })
    // The first read of the folder runs on main's thread here (the app reads it on its reader
    // threads at start): over before the measured upscale begins.
    await library.whenReconciled()
    const rss0 = process.memoryUsage().rss
    let peak = rss0
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100)
    const loop = monitorEventLoopDelay({ resolution: 10 })
    loop.enable()
    const t = performance.now()
    await jobs.start(item.id, 2, 'model')
    const job = await done
    const ms = performance.now() - t
    loop.disable()
    clearInterval(sampler)
    if (job.state !== 'done') throw new Error(`the app's upscale failed: ${job.message}`)
    return { ms, blockMs: loop.max / 1e6, growthMiB: (peak - rss0) / MIB }
  } finally {
    await jobs.dispose()
    await library.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function lanczosMs(rgb: Uint8Array, size: number): Promise<number> {
  const t = performance.now()
  await lanczosRgb(rgb, size, size, size * 2, size * 2)
  return performance.now() - t
}

async function quality(): Promise<number | null> {
  const dir = skimageDataDir()
  if (!dir) {
    console.log(
      'quality: skipped (Debian python3-skimage photographs not found; set SKIMAGE_DATA_DIR)',
    )
    return null
  }
  const x2 = await loadEsrgan(2)
  const gains: number[] = []
  for (const name of PHOTOS) {
    const orig = await evenRgb(join(dir, name))
    const [w, h] = [orig.width / 2, orig.height / 2]
    const small = await lanczosRgb(orig.data, orig.width, orig.height, w, h)
    const model = psnr(await upscaleTiled(small, w, h, 2, x2, () => {}), orig.data)
    const lanczos = psnr(await lanczosRgb(small, w, h, orig.width, orig.height), orig.data)
    console.log(
      `quality ${name}: model ${model.toFixed(2)} dB, Lanczos ${lanczos.toFixed(2)} dB, gain ${(model - lanczos).toFixed(2)} dB`,
    )
    gains.push(model - lanczos)
  }
  return gains.reduce((a, b) => a + b, 0) / gains.length
}

runBench(async () => {
  const gain = await quality()
  const rgb = await picture(SIZE)
  const app: number[] = []
  const bareMs: number[] = []
  const lanczos: number[] = []
  let block = 0
  let controlBlock = 0
  for (let r = 0; r < ROUNDS; r++) {
    const b = await bare(rgb, SIZE)
    bareMs.push(b.ms)
    controlBlock = Math.max(controlBlock, b.blockMs)
    const a = await appRun(rgb, SIZE)
    app.push(a.ms)
    block = Math.max(block, a.blockMs)
    lanczos.push(await lanczosMs(rgb, SIZE))
    console.log(
      `round ${r + 1}: bare ${(bareMs[r]! / 1000).toFixed(1)} s, app ${(a.ms / 1000).toFixed(1)} s, Lanczos ${lanczos[r]!.toFixed(0)} ms, main's worst stall ${a.blockMs.toFixed(1)} ms`,
    )
  }
  const px = SIZE * SIZE
  const appPxS = px / (median(app) / 1000)
  const lanczosPxS = px / (median(lanczos) / 1000)
  let growth: number | null = null
  if (BIG > 0) {
    const big = await appRun(await picture(BIG), BIG)
    growth = big.growthMiB
    block = Math.max(block, big.blockMs)
    console.log(
      `${BIG}² ×2: ${(big.ms / 1000).toFixed(0)} s, peak RSS growth ${growth.toFixed(0)} MiB, main's worst stall ${big.blockMs.toFixed(1)} ms`,
    )
  }
  console.log(
    `${SIZE}² ×2: app ${(median(app) / 1000).toFixed(1)} s vs bare model ${(median(bareMs) / 1000).toFixed(1)} s; model ${Math.round(appPxS)} px/s vs Lanczos ${Math.round(lanczosPxS)} px/s (input pixels)`,
  )
  const round = (n: number | null, d = 2) => (n === null ? null : Number(n.toFixed(d)))
  console.log(
    JSON.stringify({
      bench: 'upscale',
      size: SIZE,
      rounds: ROUNDS,
      app_ms: round(median(app), 0),
      bare_model_ms: round(median(bareMs), 0),
      vs_bare_model: round(median(app) / median(bareMs)),
      max_main_block_ms: round(block, 1),
      control_main_block_ms: round(controlBlock, 1),
      peak_rss_growth_mib: round(growth, 0),
      big_size: BIG,
      model_px_per_s: Math.round(appPxS),
      lanczos_px_per_s: Math.round(lanczosPxS),
      model_vs_lanczos_speed: round(appPxS / lanczosPxS, 5),
      psnr_gain_vs_lanczos_db: round(gain),
    }),
  )
})

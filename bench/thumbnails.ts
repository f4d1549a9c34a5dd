/**
 * thumbnails: 1024×1024 PNGs → WebP grid thumbnails with the app's Thumbnailer (sharp), as many at
 * once as the app makes them (THUMB_JOBS), on this 2-core machine. Control in the same run and at
 * the same concurrency: sharp decoding the same PNGs to raw pixels only (the floor any thumbnailer
 * pays). Both run once as a warm-up (page cache, libvips start-up), then alternate for ROUNDS
 * rounds; the medians are reported. Goals (issue #17): ≥ 150 thumbnails/s, ≥ 0.9× the decode floor.
 *
 * Two more controls show where the floor goes: decode + resize to raw pixels (what resizing
 * alone leaves of it: 0.92–0.97 on this machine), and decode + resize + the app's WebP encode in
 * memory, one pipeline, no file and no pHash: the floor of any WebP thumbnail (0.76–0.84 here).
 * The app's thumbnails also write the file and take the pHash from the same decode, which costs a
 * second small pipeline (raw out, WebP in; `vs_encode_floor` ≈ 0.9).
 *
 * A last control writes the file too: the app's own pipeline (its options, orientation and WebP
 * settings) into a file, as a thumbnail that is never hashed would be; by CPU, ours against it
 * shows what the pHash and its split pipeline cost.
 *
 * `THUMB_JOBS_SWEEP=1` also prints both at 1–4 jobs at once, to show where the cores run out.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'

import sharp from 'sharp'

import {
  THUMB_JOBS,
  THUMB_SIZE,
  Thumbnailer,
  WEBP,
} from '../src/main/adapters/thumbnails/Thumbnailer'
import { mapLimit } from '../src/main/services/library/disk/scan'
import { median, runBench } from './support/stats'

const COUNT = Number(process.env.THUMB_COUNT ?? 300)
const DISTINCT = 20
const ROUNDS = 3

type Job = { path: string; sha: string }

/**
 * How far a control goes: decoding only; also shrinking to the thumbnail size (raw pixels out),
 * the floor of any thumbnailer that resizes; also encoding the app's WebP in memory (one
 * pipeline, no file, no pHash), the floor of any WebP thumbnailer.
 */
type ControlStage = 'decode' | 'resize' | 'encode' | 'file'

/**
 * Milliseconds for a control over `jobs`, `jobsAtOnce` at a time, up to `stage`; `file` is the
 * app's own pipeline (options, orientation) writing the WebP into `out`, one pipeline, no pHash.
 */
async function decodeOnly(
  jobs: Job[],
  jobsAtOnce: number,
  stage: ControlStage = 'decode',
  out = '',
): Promise<number> {
  const t = process.hrtime.bigint()
  await mapLimit(jobs, jobsAtOnce, (j): Promise<unknown> => {
    if (stage === 'file')
      return sharp(j.path, { failOn: 'error' })
        .rotate()
        .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
        .webp(WEBP)
        .toFile(join(out, `${j.sha}.webp`))
    const image = sharp(j.path)
    if (stage === 'decode') return image.raw().toBuffer()
    const resized = image.resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside' })
    return stage === 'resize' ? resized.raw().toBuffer() : resized.webp(WEBP).toBuffer()
  })
  return Number(process.hrtime.bigint() - t) / 1e6
}

/** Milliseconds for the app's Thumbnailer over `jobs` into a fresh cache, and the thumbnailer. */
async function thumbnails(jobs: Job[], cache: string, jobsAtOnce: number) {
  rmSync(cache, { recursive: true, force: true })
  const thumbs = new Thumbnailer(cache, { concurrency: jobsAtOnce })
  const t = process.hrtime.bigint()
  await Promise.all(jobs.map((j) => thumbs.fromImage(j.path, j.sha)))
  return { ms: Number(process.hrtime.bigint() - t) / 1e6, thumbs }
}

const perSecond = (ms: number) => Math.round((COUNT / ms) * 1000)

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-thumbs-'))
  try {
    // Distinct, realistic-ish images (gradients + noise), written as real PNG files.
    const sources: string[] = []
    const sizes: number[] = []
    for (let i = 0; i < DISTINCT; i++) {
      // Smooth structure with some grain: compresses like a generated picture (~1-2 MB), unlike raw noise.
      const raw = await sharp({
        create: {
          width: 1024,
          height: 1024,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 110 + i * 3, sigma: 60 },
        },
      })
        .blur(4 + (i % 4))
        .raw()
        .toBuffer()
      const noise = await sharp(raw, { raw: { width: 1024, height: 1024, channels: 3 } })
        .png()
        .toBuffer()
      const path = join(dir, `src-${i}.png`)
      await writeFile(path, noise)
      sizes.push(noise.length)
      sources.push(path)
    }
    const jobs = Array.from({ length: COUNT }, (_, i) => ({
      path: sources[i % DISTINCT]!,
      sha: i.toString(16).padStart(64, '0'),
    }))

    const cache = join(dir, 'cache')
    await decodeOnly(jobs.slice(0, DISTINCT), THUMB_JOBS)
    await thumbnails(jobs.slice(0, DISTINCT), cache, THUMB_JOBS)
    // CPU of the whole process (main, libuv's pool, libvips) per round: on this shared machine
    // the wall clock also counts the time other processes had the cores; CPU per picture does not.
    const cpuOf = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
      const c = process.cpuUsage()
      const out = await run()
      const used = process.cpuUsage(c)
      return [out, (used.user + used.system) / 1000]
    }
    const encodeCpu: number[] = []
    const fileCpu: number[] = []
    const oursCpu: number[] = []
    const controlRounds: number[] = []
    const resizeRounds: number[] = []
    const encodeRounds: number[] = []
    const rounds: number[] = []
    let thumbs!: Thumbnailer
    for (let r = 0; r < ROUNDS; r++) {
      controlRounds.push(await decodeOnly(jobs, THUMB_JOBS))
      resizeRounds.push(await decodeOnly(jobs, THUMB_JOBS, 'resize'))
      const [encodeMs, encodeCpuMs] = await cpuOf(() => decodeOnly(jobs, THUMB_JOBS, 'encode'))
      encodeRounds.push(encodeMs)
      encodeCpu.push(encodeCpuMs)
      const files = join(dir, `files-${r}`)
      mkdirSync(files)
      fileCpu.push((await cpuOf(() => decodeOnly(jobs, THUMB_JOBS, 'file', files)))[1])
      rmSync(files, { recursive: true })
      const [run, runCpuMs] = await cpuOf(() => thumbnails(jobs, cache, THUMB_JOBS))
      oursCpu.push(runCpuMs)
      rounds.push(run.ms)
      thumbs = run.thumbs
    }
    const ms = median(rounds)
    const controlMs = median(controlRounds)
    const resizeMs = median(resizeRounds)
    const encodeMs = median(encodeRounds)
    const meta = await sharp(thumbs.pathFor(jobs[0]!.sha)).metadata()
    if (meta.format !== 'webp' || meta.width !== 320)
      throw new Error(`unexpected thumbnail ${meta.format} ${meta.width}`)

    const t1 = process.hrtime.bigint()
    await Promise.all(jobs.map((j) => thumbs.fromImage(j.path, j.sha)))
    const cachedMs = Number(process.hrtime.bigint() - t1) / 1e6

    if (process.env.THUMB_JOBS_SWEEP) {
      for (let n = 1; n <= 4; n++) {
        const control = perSecond(await decodeOnly(jobs, n))
        const made = perSecond((await thumbnails(jobs, cache, n)).ms)
        console.log(`  ${n} at once: thumbnails ${made}/s, decode only ${control}/s`)
      }
    }

    const result = {
      bench: 'thumbnails',
      images: COUNT,
      mean_png_kib: Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length / 1024),
      jobs_at_once: THUMB_JOBS,
      per_second: perSecond(ms),
      ms_per_image: Number((ms / COUNT).toFixed(2)),
      control_decode_per_second: perSecond(controlMs),
      vs_decode_only: Number((ms / controlMs).toFixed(2)),
      vs_decode_floor: Number((controlMs / ms).toFixed(2)),
      control_resize_per_second: perSecond(resizeMs),
      resize_vs_decode_floor: Number((controlMs / resizeMs).toFixed(2)),
      control_encode_per_second: perSecond(encodeMs),
      encode_vs_decode_floor: Number((controlMs / encodeMs).toFixed(2)),
      vs_encode_floor: Number((encodeMs / ms).toFixed(2)),
      cpu_ms_per_image: Number((median(oursCpu) / COUNT).toFixed(2)),
      control_encode_cpu_ms_per_image: Number((median(encodeCpu) / COUNT).toFixed(2)),
      vs_encode_floor_by_cpu: Number((median(encodeCpu) / median(oursCpu)).toFixed(2)),
      control_file_cpu_ms_per_image: Number((median(fileCpu) / COUNT).toFixed(2)),
      vs_file_floor_by_cpu: Number((median(fileCpu) / median(oursCpu)).toFixed(2)),
      load_average: loadavg().map((l) => Number(l.toFixed(2))),
      cached_per_second: Math.round((COUNT / cachedMs) * 1000),
      sharp_concurrency: sharp.concurrency(),
      goal_per_second: 150,
      goal_vs_decode_floor: 0.9,
    }
    console.log(`thumbnails: 1024² PNG → 320 px WebP, ${THUMB_JOBS} at once, median of ${ROUNDS}`)
    console.table({
      'thumbnails/s': result.per_second,
      'control: PNG decode only/s': result.control_decode_per_second,
      'cost vs decode only': `${result.vs_decode_only}×`,
      'share of the decode floor': result.vs_decode_floor,
      'control: decode + resize, no encoding/s': result.control_resize_per_second,
      'resize: share of the decode floor': result.resize_vs_decode_floor,
      'control: decode + resize + WebP in memory/s': result.control_encode_per_second,
      'encode: share of the decode floor': result.encode_vs_decode_floor,
      'ours vs that (file, pHash)': result.vs_encode_floor,
      'CPU ms per picture: ours / that floor': `${result.cpu_ms_per_image} / ${result.control_encode_cpu_ms_per_image}`,
      'ours vs that floor, by CPU (goal ≥ 0.95)': result.vs_encode_floor_by_cpu,
      'CPU ms per picture: control with the file written': result.control_file_cpu_ms_per_image,
      'ours vs that floor (pHash the only extra), by CPU': result.vs_file_floor_by_cpu,
      'load average': result.load_average.join(' '),
      'cache hits/s': result.cached_per_second,
    })
    console.log(JSON.stringify(result))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

runBench(main)

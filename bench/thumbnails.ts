/**
 * thumbnails: 1024×1024 PNGs → WebP grid thumbnails with the app's Thumbnailer (sharp), two at a
 * time as in the app, on this 2-core machine. Goal ≥ 100 thumbnails/s. Control: sharp decoding
 * the same PNGs to raw pixels only (the floor any thumbnailer pays).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import sharp from 'sharp'

import { Thumbnailer } from '../src/main/adapters/thumbnails/Thumbnailer'
import { mapLimit } from '../src/main/services/library/scan'
import { runBench } from './support/stats'

const COUNT = Number(process.env.THUMB_COUNT ?? 300)
const DISTINCT = 20

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

    const tc = process.hrtime.bigint()
    await mapLimit(jobs, 2, (j) => sharp(j.path).raw().toBuffer())
    const controlMs = Number(process.hrtime.bigint() - tc) / 1e6

    const thumbs = new Thumbnailer(join(dir, 'cache'), { concurrency: 2 })
    const t0 = process.hrtime.bigint()
    await Promise.all(jobs.map((j) => thumbs.fromImage(j.path, j.sha)))
    const ms = Number(process.hrtime.bigint() - t0) / 1e6
    const meta = await sharp(thumbs.pathFor(jobs[0]!.sha)).metadata()
    if (meta.format !== 'webp' || meta.width !== 320)
      throw new Error(`unexpected thumbnail ${meta.format} ${meta.width}`)

    const t1 = process.hrtime.bigint()
    await Promise.all(jobs.map((j) => thumbs.fromImage(j.path, j.sha)))
    const cachedMs = Number(process.hrtime.bigint() - t1) / 1e6

    const result = {
      bench: 'thumbnails',
      images: COUNT,
      mean_png_kib: Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length / 1024),
      per_second: Math.round((COUNT / ms) * 1000),
      ms_per_image: Number((ms / COUNT).toFixed(2)),
      control_decode_per_second: Math.round((COUNT / controlMs) * 1000),
      vs_decode_only: Number((ms / controlMs).toFixed(2)),
      cached_per_second: Math.round((COUNT / cachedMs) * 1000),
      sharp_concurrency: sharp.concurrency(),
      goal_per_second: 100,
    }
    console.log('thumbnails: 1024² PNG → 320 px WebP')
    console.table({
      'thumbnails/s': result.per_second,
      'control: PNG decode only/s': result.control_decode_per_second,
      'cost vs decode only': `${result.vs_decode_only}×`,
      'cache hits/s': result.cached_per_second,
    })
    console.log(JSON.stringify(result))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

runBench(main)

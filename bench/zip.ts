/**
 * zip: extracting a ~200 MB native-endpoint ZIP of PNGs (64 entries, stored as the simulator's
 * native answer is; PNG data is already compressed) with DownloadService.extractZip (yauzl with
 * limits, CRC-32, magic bytes, temp files, fsync, rename) versus `unzip -q` of the same archive,
 * alternating, and versus `unzip -q` followed by `sync` of the extracted files (the durability our
 * extraction guarantees). Figures: time ratio ours/unzip (goal ≤ 1.3) and RSS growth (goal ≤ 64
 * MiB, peak sampled every 5 ms against a baseline taken after a forced GC). Round 1 is a warm-up.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import v8 from 'node:v8'
import vm from 'node:vm'

import sharp from 'sharp'
import yazl from 'yazl'

import { ServiceClient } from '../src/main/services/client/ServiceClient'
import { DownloadService } from '../src/main/services/downloads/DownloadService'
import { median, MIB, mib, runBench, warm } from './support/stats'

const ENTRIES = 64
const UNIQUE = 8
const SIDE = 1024
const ROUNDS = 5

/** Noise PNGs (incompressible, like photos): ~3 MiB each. */
async function makePngs(): Promise<Buffer[]> {
  const out: Buffer[] = []
  for (let i = 0; i < UNIQUE; i++) {
    const raw = randomBytes(SIDE * SIDE * 3)
    out.push(
      await sharp(raw, { raw: { width: SIDE, height: SIDE, channels: 3 } })
        .png({ compressionLevel: 1 })
        .toBuffer(),
    )
  }
  return out
}

async function buildZip(path: string, pngs: Buffer[]): Promise<number> {
  const zip = new yazl.ZipFile()
  for (let i = 0; i < ENTRIES; i++) {
    zip.addBuffer(pngs[i % UNIQUE]!, `image_${i}.png`, { compress: false, mtime: new Date(0) })
  }
  zip.end()
  const chunks: Buffer[] = []
  for await (const c of zip.outputStream) chunks.push(c as Buffer)
  const buf = Buffer.concat(chunks)
  writeFileSync(path, buf)
  return buf.length
}

function unzip(zipPath: string, out: string, durable: boolean): number {
  mkdirSync(out, { recursive: true })
  const t0 = process.hrtime.bigint()
  const r = spawnSync('unzip', ['-q', '-o', zipPath, '-d', out])
  if (r.status !== 0) throw new Error(`unzip failed: ${r.stderr}`)
  if (durable) {
    const files = readdirSync(out).map((f) => join(out, f))
    const s = spawnSync('sync', [...files, out])
    if (s.status !== 0) throw new Error(`sync failed: ${s.stderr}`)
  }
  const ms = Number(process.hrtime.bigint() - t0) / 1e6
  if (readdirSync(out).length !== ENTRIES) throw new Error('unzip extracted the wrong count')
  rmSync(out, { recursive: true, force: true })
  return ms
}

async function main(): Promise<void> {
  v8.setFlagsFromString('--expose-gc')
  const gc = vm.runInNewContext('gc') as () => void
  const dir = mkdtempSync(join(tmpdir(), 'bench-zip-'))
  const zipPath = join(dir, 'native.zip')
  const client = new ServiceClient({ connection: async () => null })
  const downloads = new DownloadService({ client })
  const ours: number[] = []
  const theirs: number[] = []
  const theirsDurable: number[] = []
  const peaks: number[] = []
  let zipBytes = 0
  try {
    zipBytes = await buildZip(zipPath, await makePngs())
    for (let round = 0; round < ROUNDS; round++) {
      theirs.push(unzip(zipPath, join(dir, 'unzip'), false))
      theirsDurable.push(unzip(zipPath, join(dir, 'unzip-sync'), true))
      const out = join(dir, 'ours')
      gc()
      const base = process.memoryUsage().rss
      let peak = 0
      const sample = () => (peak = Math.max(peak, process.memoryUsage().rss - base))
      const sampler = setInterval(sample, 5)
      const t0 = process.hrtime.bigint()
      const files = await downloads.extractZip(zipPath, {
        dir: out,
        baseName: 'img',
        accept: ['png'],
      })
      ours.push(Number(process.hrtime.bigint() - t0) / 1e6)
      clearInterval(sampler)
      sample()
      peaks.push(peak)
      if (files.length !== ENTRIES || statSync(files[0]!.path).size === 0)
        throw new Error('bad extract')
      rmSync(out, { recursive: true, force: true })
    }
  } finally {
    await client.close()
    rmSync(dir, { recursive: true, force: true })
  }
  const oursMs = median(warm(ours))
  const unzipMs = median(warm(theirs))
  const unzipSyncMs = median(warm(theirsDurable))
  const ratio = oursMs / unzipMs
  const rss = Math.max(...warm(peaks))
  console.log(
    'zip: %s MiB archive, %d PNG entries (median of %d warm rounds)',
    mib(zipBytes),
    ENTRIES,
    ROUNDS - 1,
  )
  console.log('  extractZip        %s ms', oursMs.toFixed(0))
  console.log('  unzip -q          %s ms', unzipMs.toFixed(0))
  console.log('  unzip -q + sync   %s ms', unzipSyncMs.toFixed(0))
  console.log(
    '  time ratio %s vs unzip (goal <= 1.3); %s vs unzip + sync',
    ratio.toFixed(2),
    (oursMs / unzipSyncMs).toFixed(2),
  )
  console.log(
    '  RSS growth %s MiB peak, warm (goal <= 64); cold round %s MiB',
    mib(rss),
    mib(peaks[0]!),
  )
  console.log(
    JSON.stringify({
      bench: 'zip',
      zipMiB: mib(zipBytes),
      entries: ENTRIES,
      oursMs: Math.round(oursMs),
      unzipMs: Math.round(unzipMs),
      unzipSyncMs: Math.round(unzipSyncMs),
      timeRatio: Number(ratio.toFixed(3)),
      timeRatioVsUnzipSync: Number((oursMs / unzipSyncMs).toFixed(3)),
      rssGrowthMiB: mib(rss),
      rssGrowthColdMiB: mib(peaks[0]!),
      goalRatio: 1.3,
      goalRssMiB: 64,
      pass: ratio <= 1.3 && rss <= 64 * MIB,
    }),
  )
}

runBench(main)

/**
 * download: a 512 MiB result file from the simulator's CDN origin (a synthetic MP4 streamed by
 * the simulator, never buffered), saved by the DownloadService (temp file, size and magic-byte
 * checks, fsync, rename) versus `curl -s -o` of the same URL in the same run, alternating.
 * Figures: throughput ratio ours/curl (goal ≥ 0.8) and our RSS growth (goal ≤ 32 MiB).
 *
 * The simulator runs in a child process (this script with --serve), so the RSS sampled here is
 * the client's alone: baseline after a forced GC, peak sampled every 10 ms during the download.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import v8 from 'node:v8'
import vm from 'node:vm'

import { ServiceClient } from '../src/main/services/client/ServiceClient'
import { DownloadService } from '../src/main/services/downloads/DownloadService'

const SIZE = 512 * 1024 * 1024
const ROUNDS = 3
const MIB = 1024 * 1024

async function serve(): Promise<void> {
  const { startSimulator } = await import('../src/simulator/index')
  const sim = await startSimulator({ timeScale: 0 })
  const url = sim.cdnSyntheticUrl(SIZE, { magic: 'mp4', ttlMs: 3_600_000, filename: 'big.mp4' })
  process.stdout.write(`${JSON.stringify({ url })}\n`)
  process.stdin.resume()
  process.stdin.on('end', () => void sim.close().then(() => process.exit(0)))
}

async function startServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [...process.execArgv, __filename, '--serve'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout! })
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve)
    child.once('exit', (code) => reject(new Error(`simulator exited (${code})`)))
  })
  const { url } = JSON.parse(first) as { url: string }
  return { url, stop: () => child.stdin!.end() }
}

function curl(url: string, out: string): number {
  const t0 = process.hrtime.bigint()
  const r = spawnSync('curl', ['-s', '-o', out, url])
  const ms = Number(process.hrtime.bigint() - t0) / 1e6
  if (r.status !== 0) throw new Error(`curl failed (${r.status}): ${r.stderr}`)
  if (statSync(out).size !== SIZE) throw new Error('curl got a short file')
  return ms
}

async function main(): Promise<void> {
  v8.setFlagsFromString('--expose-gc')
  const gc = vm.runInNewContext('gc') as () => void
  const server = await startServer()
  const dir = mkdtempSync(join(tmpdir(), 'bench-download-'))
  const client = new ServiceClient({ connection: async () => null })
  const downloads = new DownloadService({ client })
  const ours: number[] = []
  const theirs: number[] = []
  let rssGrowth = 0
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const out = join(dir, 'curl.mp4')
      theirs.push(curl(server.url, out))
      rmSync(out)

      gc()
      const base = process.memoryUsage().rss
      let peak = base
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10)
      const t0 = process.hrtime.bigint()
      const saved = await downloads.fromUrl(server.url, {
        dir,
        baseName: 'ours',
        accept: ['mp4'],
        maxBytes: SIZE,
      })
      ours.push(Number(process.hrtime.bigint() - t0) / 1e6)
      clearInterval(sampler)
      peak = Math.max(peak, process.memoryUsage().rss)
      rssGrowth = Math.max(rssGrowth, peak - base)
      if (saved.bytes !== SIZE || saved.kind !== 'mp4') throw new Error('bad download')
      rmSync(saved.path)
    }
  } finally {
    await client.close()
    server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  const oursMs = median(ours)
  const curlMs = median(theirs)
  const mibps = (ms: number) => SIZE / MIB / (ms / 1000)
  const ratio = curlMs / oursMs
  console.log('download: 512 MiB from the simulator CDN (median of %d, alternating)', ROUNDS)
  console.log('  DownloadService  %s ms  %s MiB/s', oursMs.toFixed(0), mibps(oursMs).toFixed(0))
  console.log('  curl -s -o       %s ms  %s MiB/s', curlMs.toFixed(0), mibps(curlMs).toFixed(0))
  console.log('  throughput ratio %s (goal >= 0.8)', ratio.toFixed(2))
  console.log('  RSS growth       %s MiB (goal <= 32)', (rssGrowth / MIB).toFixed(1))
  console.log(
    JSON.stringify({
      bench: 'download',
      bytes: SIZE,
      oursMs: Math.round(oursMs),
      curlMs: Math.round(curlMs),
      oursMiBps: Number(mibps(oursMs).toFixed(1)),
      curlMiBps: Number(mibps(curlMs).toFixed(1)),
      throughputRatio: Number(ratio.toFixed(3)),
      rssGrowthMiB: Number((rssGrowth / MIB).toFixed(1)),
      goalRatio: 0.8,
      goalRssMiB: 32,
      pass: ratio >= 0.8 && rssGrowth <= 32 * MIB,
    }),
  )
}

if (process.argv.includes('--serve')) {
  serve().catch((e) => {
    console.error(e)
    process.exit(1)
  })
} else {
  main().catch((e) => {
    console.error(e)
    process.exit(1)
  })
}

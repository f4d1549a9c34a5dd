/**
 * download: a 512 MiB result file from the simulator's CDN origin (a synthetic MP4 streamed by
 * the simulator, never buffered), saved by the DownloadService (temp file, size and magic-byte
 * checks, fsync, rename) versus `curl -s -o` of the same URL in the same run, alternating, and
 * versus curl followed by an fsync of its file (the same durability our service guarantees).
 * Figures: throughput ratio ours/curl (goal ≥ 0.8) and our RSS growth (goal ≤ 32 MiB).
 *
 * The simulator runs in a child process (this script with --serve), so the RSS sampled here is
 * the client's alone: baseline after a forced GC, peak sampled every 5 ms during the download.
 * Round 1 is a warm-up (JIT, connection pool, allocator arenas) reported separately as "cold";
 * times and the RSS goal use the warm rounds. `arrayBuffers` shows what the peak is made of:
 * 64 KiB socket-read buffers already consumed but not yet collected by V8 (ours hold ≤ 2 MiB).
 */
import { spawn, spawnSync } from 'node:child_process'
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import v8 from 'node:v8'
import vm from 'node:vm'

import { ServiceClient } from '../src/main/services/client/ServiceClient'
import { DownloadService } from '../src/main/services/downloads/DownloadService'
import { median, MIB, mib, runBench, warm } from './support/stats'

const SIZE = 512 * 1024 * 1024
const ROUNDS = 6

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

/** curl -s -o; with `durable`, also the fsync of its file (our service always syncs). */
function curl(url: string, out: string, durable = false): number {
  const t0 = process.hrtime.bigint()
  const r = spawnSync('curl', ['-s', '-o', out, url])
  if (durable && r.status === 0) {
    const fd = openSync(out, 'r+')
    fsyncSync(fd)
    closeSync(fd)
  }
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
  const theirsDurable: number[] = []
  const peaks: number[] = []
  const buffers: number[] = []
  const retained: number[] = []
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const out = join(dir, 'curl.mp4')
      theirs.push(curl(server.url, out))
      rmSync(out)
      theirsDurable.push(curl(server.url, out, true))
      rmSync(out)

      gc()
      const base = process.memoryUsage()
      let peak = 0
      let arrayBuffers = 0
      const sample = () => {
        const m = process.memoryUsage()
        peak = Math.max(peak, m.rss - base.rss)
        arrayBuffers = Math.max(arrayBuffers, m.arrayBuffers - base.arrayBuffers)
      }
      const sampler = setInterval(sample, 5)
      const t0 = process.hrtime.bigint()
      const saved = await downloads.fromUrl(server.url, {
        dir,
        baseName: 'ours',
        accept: ['mp4'],
        maxBytes: SIZE,
      })
      ours.push(Number(process.hrtime.bigint() - t0) / 1e6)
      clearInterval(sampler)
      sample()
      gc()
      retained.push(process.memoryUsage().rss - base.rss)
      peaks.push(peak)
      buffers.push(arrayBuffers)
      if (saved.bytes !== SIZE || saved.kind !== 'mp4') throw new Error('bad download')
      rmSync(saved.path)
    }
  } finally {
    await client.close()
    server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  const oursMs = median(warm(ours))
  const curlMs = median(warm(theirs))
  const curlDurableMs = median(warm(theirsDurable))
  const mibps = (ms: number) => SIZE / MIB / (ms / 1000)
  const ratio = curlMs / oursMs
  const rssWarm = Math.max(...warm(peaks))
  console.log(
    'download: 512 MiB from the simulator CDN (median of %d warm rounds, alternating)',
    ROUNDS - 1,
  )
  console.log('  DownloadService  %s ms  %s MiB/s', oursMs.toFixed(0), mibps(oursMs).toFixed(0))
  console.log('  curl -s -o       %s ms  %s MiB/s', curlMs.toFixed(0), mibps(curlMs).toFixed(0))
  console.log(
    '  curl + fsync     %s ms  %s MiB/s',
    curlDurableMs.toFixed(0),
    mibps(curlDurableMs).toFixed(0),
  )
  console.log(
    '  throughput ratio %s vs curl; %s vs curl + fsync (goal >= 0.95: ours fsyncs too)',
    ratio.toFixed(2),
    (curlDurableMs / oursMs).toFixed(2),
  )
  console.log('  RSS growth       %s MiB peak, warm (goal <= 32)', mib(rssWarm))
  console.log('  RSS growth cold  %s MiB peak in round 1', mib(peaks[0]!))
  console.log(
    '  of which dead socket buffers (arrayBuffers peak) %s MiB; retained after GC %s MiB',
    mib(Math.max(...buffers)),
    mib(Math.max(...retained)),
  )
  console.log(
    JSON.stringify({
      bench: 'download',
      bytes: SIZE,
      oursMs: Math.round(oursMs),
      curlMs: Math.round(curlMs),
      oursMiBps: Number(mibps(oursMs).toFixed(1)),
      curlMiBps: Number(mibps(curlMs).toFixed(1)),
      throughputRatio: Number(ratio.toFixed(3)),
      curlFsyncMs: Math.round(curlDurableMs),
      throughputRatioVsCurlFsync: Number((curlDurableMs / oursMs).toFixed(3)),
      ratio_vs_curl_fsync: Number((curlDurableMs / oursMs).toFixed(3)),
      rssGrowthMiB: mib(rssWarm),
      rssGrowthColdMiB: mib(peaks[0]!),
      arrayBuffersPeakMiB: mib(Math.max(...buffers)),
      rssRetainedAfterGcMiB: mib(Math.max(...retained)),
      goalRatio: 0.8,
      goal_ratio_vs_curl_fsync: 0.95,
      goalRssMiB: 32,
      pass: curlDurableMs / oursMs >= 0.95 && rssWarm <= 32 * MIB,
      pass_cold_rss: peaks[0]! <= 32 * MIB,
    }),
  )
}

runBench(process.argv.includes('--serve') ? serve : main)

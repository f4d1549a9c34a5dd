/**
 * media-range: random seeks into a 300 MB video through the gen-media:// handler (the same
 * function Electron's protocol.handle calls), as a <video> element does: open-ended Range
 * requests whose first 256 KiB are read, then the stream is cancelled. p95 goal ≤ 5 ms; RSS growth
 * ≤ 16 MiB over all seeks. Control: the same reads with fs.read on an open file handle.
 */
import { closeSync, openSync, readSync, writeSync } from 'node:fs'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { createMediaHandler } from '../src/main/protocols/mediaProtocol'
import { pct, runBench } from './support/stats'

const SIZE = 300 * 1024 * 1024
const SEEKS = Number(process.env.SEEKS ?? 2000)
const READ = 256 * 1024

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-range-'))
  try {
    const library = join(dir, 'Library')
    mkdirSync(join(library, '2026', '01', '01'), { recursive: true })
    const file = join(library, '2026', '01', '01', 'big.mp4')
    const fd = openSync(file, 'w')
    const chunk = Buffer.alloc(8 * 1024 * 1024)
    for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31) & 0xff
    for (let written = 0; written < SIZE; written += chunk.length)
      writeSync(fd, chunk, 0, Math.min(chunk.length, SIZE - written))
    closeSync(fd)

    const handler = createMediaHandler({
      libraryDir: () => library,
      thumbDir: () => dir,
      thumbPath: async () => null,
    })
    const url = 'gen-media://library/2026/01/01/big.mp4'
    let s = 12345
    const next = () => (s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32
    const offsets = Array.from({ length: SEEKS }, () => Math.floor(next() * (SIZE - READ)))

    async function seek(offset: number): Promise<number> {
      const response = await handler(new Request(url, { headers: { range: `bytes=${offset}-` } }))
      if (response.status !== 206) throw new Error(`status ${response.status}`)
      const reader = response.body!.getReader()
      let got = 0
      while (got < READ) {
        const { value, done } = await reader.read()
        if (done) break
        got += value.length
      }
      await reader.cancel()
      return got
    }

    for (let i = 0; i < 50; i++) await seek(offsets[i]!)
    global.gc?.()
    const rssBefore = process.memoryUsage().rss
    const times: number[] = []
    for (const offset of offsets) {
      const t = process.hrtime.bigint()
      await seek(offset)
      times.push(Number(process.hrtime.bigint() - t) / 1e6)
    }
    global.gc?.()
    const rssAfter = process.memoryUsage().rss

    const cfd = openSync(file, 'r')
    const buf = Buffer.alloc(READ)
    const control: number[] = []
    for (const offset of offsets) {
      const t = process.hrtime.bigint()
      readSync(cfd, buf, 0, READ, offset)
      control.push(Number(process.hrtime.bigint() - t) / 1e6)
    }
    closeSync(cfd)
    const unsatisfiable = await handler(new Request(url, { headers: { range: `bytes=${SIZE}-` } }))

    const result = {
      bench: 'media-range',
      file_mib: SIZE / 1024 / 1024,
      seeks: SEEKS,
      read_kib: READ / 1024,
      p50_ms: Number(pct(times, 0.5).toFixed(3)),
      p95_ms: Number(pct(times, 0.95).toFixed(3)),
      control_fs_read_p95_ms: Number(pct(control, 0.95).toFixed(3)),
      vs_control_p95: Number((pct(times, 0.95) / pct(control, 0.95)).toFixed(2)),
      rss_growth_mib: Number(((rssAfter - rssBefore) / 1024 / 1024).toFixed(2)),
      status_past_end: unsatisfiable.status,
      goal_p95_ms: 5,
      goal_rss_mib: 16,
    }
    console.log('media-range: random seeks into a 300 MB file through the protocol handler')
    console.table({
      'seek p50 / p95': `${result.p50_ms} / ${result.p95_ms} ms (goal ≤ 5)`,
      'control fs.read p95': `${result.control_fs_read_p95_ms} ms`,
      'RSS growth': `${result.rss_growth_mib} MiB (goal ≤ 16)`,
      'Range past the end': result.status_past_end,
    })
    console.log(JSON.stringify(result))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

runBench(main)

/**
 * hostile-files: crafted PNG, ZIP and MP4 files of increasing size, each through the code main
 * runs on such a file (import's probe and PNG text, a native answer's ZIP extraction, the MP4
 * probe). For each it prints the worst event-loop block (monitorEventLoopDelay, 1 ms resolution)
 * and the peak memory growth (RSS and external, sampled every 2 ms while the loop turns), next to
 * the same figures for an ordinary file of the same size through the same code (the control).
 * Goal (issue #13): block ≤ 50 ms and growth ≤ 64 MiB for every file, however crafted.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { crc32, deflateSync } from 'node:zlib'

import sharp from 'sharp'
import yazl from 'yazl'

import { DownloadService } from '../src/main/services/downloads/DownloadService'
import { probeMedia } from '../src/main/services/library/disk/mediaProbe'
import { readPngText } from '../src/shared/library/pngChunks'
import { exposeGc } from './support/exposeGc'
import { MIB, mib, runBench } from './support/stats'

const gc = exposeGc()

const GOAL_BLOCK_MS = 50
const GOAL_GROWTH_MIB = 64

interface Measured {
  ms: number
  blockMs: number
  growthMiB: number
  outcome: string
}

/** Runs `work` with the event-loop monitor and a memory sampler around it. */
async function measure(work: () => Promise<unknown>): Promise<Measured> {
  // Garbage from building the crafted files must not be collected during the measurement.
  gc()
  await new Promise((r) => setTimeout(r, 20))
  const base = process.memoryUsage()
  const baseline = base.rss + base.external
  let peak = baseline
  const sampler = setInterval(() => {
    const m = process.memoryUsage()
    peak = Math.max(peak, m.rss + m.external)
  }, 2)
  const h = monitorEventLoopDelay({ resolution: 1 })
  h.enable()
  const t0 = performance.now()
  let outcome = 'ok'
  try {
    await work()
  } catch (e) {
    outcome = `refused: ${(e as Error).message.slice(0, 60)}`
  }
  const ms = performance.now() - t0
  h.disable()
  clearInterval(sampler)
  const m = process.memoryUsage()
  peak = Math.max(peak, m.rss + m.external)
  // The histogram records how late each 1 ms timer fired: its max is the longest block.
  return { ms, blockMs: h.max / 1e6, growthMiB: mib(peak - baseline), outcome }
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/** A real PNG with `chunks` inserted after IHDR. */
async function pngWith(chunks: Buffer[]): Promise<Buffer> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#36a' } })
    .png()
    .toBuffer()
  const end = 8 + 12 + png.readUInt32BE(8)
  return Buffer.concat([png.subarray(0, end), ...chunks, png.subarray(end)])
}

async function zipOf(entries: Array<{ name: string; data: Buffer }>): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const e of entries) zip.addBuffer(e.data, e.name, { compress: true })
  zip.end()
  const parts: Buffer[] = []
  for await (const c of zip.outputStream) parts.push(c as Buffer)
  return Buffer.concat(parts)
}

const tinyBoxes = (count: number) =>
  Buffer.concat(Array(count).fill(Buffer.from([0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65])))

function mp4(boxes: Buffer, mdatBytes: number): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 20]),
    Buffer.from('ftypisom'),
    Buffer.alloc(4),
    Buffer.from('isom'),
  ])
  const mdat = Buffer.alloc(8 + mdatBytes, 1)
  mdat.writeUInt32BE(mdat.length, 0)
  mdat.write('mdat', 4, 'latin1')
  return Buffer.concat([ftyp, boxes, mdat])
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-hostile-'))
  const downloads = new DownloadService({ client: null as never })
  let n = 0
  const file = (bytes: Buffer) => {
    const path = join(dir, `f${n++}`)
    writeFileSync(path, bytes)
    return path
  }
  const importPng = async (path: string) => {
    await probeMedia(path)
    return readPngText(await readFile(path))
  }
  const extract = (path: string) =>
    downloads.extractZip(path, { dir: join(dir, `out${n++}`), baseName: 'x', accept: ['png'] })

  type Case = {
    kind: string
    crafted: string
    sizeMiB: number
    make: () => Promise<Buffer>
    control: () => Promise<Buffer>
    run: (p: string) => Promise<unknown>
  }
  const cases: Case[] = []
  for (const inflateMiB of [16, 256, 1024]) {
    const bomb = deflateSync(Buffer.alloc(inflateMiB * MIB, 'a'), { level: 9 })
    cases.push({
      kind: 'png',
      crafted: `zTXt inflating to ${inflateMiB} MiB`,
      sizeMiB: bomb.length / MIB,
      make: () => pngWith([chunk('zTXt', Buffer.concat([Buffer.from('parameters\0\0'), bomb]))]),
      // Same size, ordinary: an incompressible tEXt of the same length.
      control: () =>
        pngWith([
          chunk(
            'tEXt',
            Buffer.concat([
              Buffer.from('parameters\0'),
              Buffer.from(bomb.toString('base64').slice(0, bomb.length)),
            ]),
          ),
        ]),
      run: importPng,
    })
  }
  for (const boxes of [100_000, 400_000, 2_000_000]) {
    cases.push({
      kind: 'mp4',
      crafted: `${boxes.toLocaleString('en')} tiny boxes`,
      sizeMiB: (boxes * 8) / MIB,
      make: async () => mp4(tinyBoxes(boxes), 0),
      control: async () => mp4(Buffer.alloc(0), boxes * 8),
      run: probeMedia,
    })
  }
  for (const bombMiB of [64, 512]) {
    cases.push({
      kind: 'zip',
      crafted: `bomb, one entry of ${bombMiB} MiB of zeros`,
      sizeMiB: 0,
      make: () => zipOf([{ name: 'a.png', data: Buffer.alloc(bombMiB * MIB) }]),
      control: async () => {
        const png = await sharp({
          create: { width: 256, height: 256, channels: 3, background: '#963' },
        })
          .png()
          .toBuffer()
        return zipOf([{ name: 'a.png', data: png }])
      },
      run: extract,
    })
  }
  cases.push({
    kind: 'zip',
    crafted: 'corrupt deflate in a 32 MiB entry',
    sizeMiB: 0,
    make: async () => {
      // Incompressible bytes, so the ratio check passes and the bad stream itself is met.
      const z = await zipOf([{ name: 'a.png', data: randomBytes(32 * MIB) }])
      z[30 + z.readUInt16LE(26) + z.readUInt16LE(28)] = 0xff
      return z
    },
    control: () => zipOf([{ name: 'a.png', data: Buffer.alloc(1024, 3) }]),
    run: extract,
  })

  const rows: Array<Record<string, unknown>> = []
  let worstBlock = 0
  let worstGrowth = 0
  let coldStart: Measured = { ms: 0, blockMs: 0, growthMiB: 0, outcome: 'ok' }
  try {
    // Warm-up: the first run of each path loads sharp and the decompressor and compiles the code;
    // that is the app's start-up cost, not the file's, and is reported apart.
    const ordinary = await Promise.all(cases.map(async (c) => file(await c.control())))
    coldStart = await measure(async () => {
      for (const [i, c] of cases.entries()) await c.run(ordinary[i]!)
    })
    console.log(
      `cold start (each path once, ordinary files): block ${coldStart.blockMs.toFixed(1)} ms, growth ${coldStart.growthMiB} MiB`,
    )
    console.log(
      'kind | crafted | file MiB | block ms (control) | growth MiB (control) | ms | outcome',
    )
    for (const c of cases) {
      const crafted = await c.make()
      const control = await c.control()
      const craftedPath = file(crafted)
      const controlPath = file(control)
      const ours = await measure(() => c.run(craftedPath))
      const base = await measure(() => c.run(controlPath))
      worstBlock = Math.max(worstBlock, ours.blockMs)
      worstGrowth = Math.max(worstGrowth, ours.growthMiB)
      console.log(
        `${c.kind} | ${c.crafted} | ${mib(crafted.length)} | ${ours.blockMs.toFixed(1)} (${base.blockMs.toFixed(1)}) | ${ours.growthMiB} (${base.growthMiB}) | ${Math.round(ours.ms)} | ${ours.outcome}`,
      )
      rows.push({
        kind: c.kind,
        crafted: c.crafted,
        fileMiB: mib(crafted.length),
        blockMs: Number(ours.blockMs.toFixed(1)),
        controlBlockMs: Number(base.blockMs.toFixed(1)),
        growthMiB: ours.growthMiB,
        controlGrowthMiB: base.growthMiB,
        ms: Math.round(ours.ms),
        controlMs: Math.round(base.ms),
        outcome: ours.outcome,
      })
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  const pass = worstBlock <= GOAL_BLOCK_MS && worstGrowth <= GOAL_GROWTH_MIB
  console.log(
    `worst block ${worstBlock.toFixed(1)} ms (goal <= ${GOAL_BLOCK_MS}); worst growth ${worstGrowth} MiB (goal <= ${GOAL_GROWTH_MIB})`,
  )
  console.log(
    JSON.stringify({
      bench: 'hostile-files',
      coldStartBlockMs: Number(coldStart.blockMs.toFixed(1)),
      coldStartGrowthMiB: coldStart.growthMiB,
      worstBlockMs: Number(worstBlock.toFixed(1)),
      worstGrowthMiB: worstGrowth,
      goalBlockMs: GOAL_BLOCK_MS,
      goalGrowthMiB: GOAL_GROWTH_MIB,
      pass,
      rows,
    }),
  )
}

runBench(main)

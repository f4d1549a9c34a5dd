/**
 * sse: one huge Server-Sent Event (an art preview is a Base64 image) fed in 1,460-byte chunks
 * (one TCP segment each) through the client's SSE path (adapters/http/sse.ts: streaming UTF-8
 * decode + eventsource-parser). Goals: 8 MiB in ≤ 60 ms; 16 MiB in ≤ 2.2× the 8 MiB time
 * (i.e. linear, not quadratic). Median of several runs after a warm-up.
 */

import { createParser } from 'eventsource-parser'

import { parseSse } from '../src/main/adapters/http/sse'
import { exposeGc } from './support/exposeGc'
import { median, MIB, runBench } from './support/stats'

const CHUNK = 1460
const RUNS = 11

function eventBytes(dataBytes: number): Uint8Array[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
  let seed = 42
  const data = Buffer.alloc(dataBytes)
  for (let i = 0; i < dataBytes; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0
    data[i] = alphabet.charCodeAt(seed >>> 26)
  }
  const whole = Buffer.concat([
    Buffer.from('event: preview\nid: 1\ndata: '),
    data,
    Buffer.from('\n\n'),
  ])
  const chunks: Uint8Array[] = []
  for (let i = 0; i < whole.length; i += CHUNK) chunks.push(whole.subarray(i, i + CHUNK))
  return chunks
}

async function once(chunks: Uint8Array[], expected: number): Promise<number> {
  async function* source() {
    yield* chunks
  }
  const t0 = process.hrtime.bigint()
  let got = 0
  for await (const e of parseSse(source())) got += e.data.length
  const ms = Number(process.hrtime.bigint() - t0) / 1e6
  if (got !== expected) throw new Error(`parsed ${got} chars, expected ${expected}`)
  return ms
}

/** Control: eventsource-parser fed every chunk through a streaming TextDecoder (the usual way). */
async function direct(chunks: Uint8Array[], expected: number): Promise<number> {
  async function* source() {
    yield* chunks
  }
  const t0 = process.hrtime.bigint()
  let got = 0
  const decoder = new TextDecoder()
  const parser = createParser({ onEvent: (e) => (got += e.data.length) })
  for await (const chunk of source()) parser.feed(decoder.decode(chunk, { stream: true }))
  const ms = Number(process.hrtime.bigint() - t0) / 1e6
  if (got !== expected) throw new Error(`control parsed ${got} chars, expected ${expected}`)
  return ms
}

type Run = (chunks: Uint8Array[], expected: number) => Promise<number>

const gc = exposeGc()

/**
 * Medians of RUNS timed runs per case after a warm-up, the cases interleaved run by run so that
 * load from other processes on this shared machine hits every case alike; a GC before each run
 * keeps one run's garbage out of the next one's time.
 */
async function measure(cases: Array<{ bytes: number; run: Run }>): Promise<number[]> {
  const inputs = cases.map((c) => eventBytes(c.bytes))
  const times: number[][] = cases.map(() => [])
  for (let r = -1; r < RUNS; r++) {
    for (const [i, c] of cases.entries()) {
      gc()
      const ms = await c.run(inputs[i]!, c.bytes)
      if (r >= 0) times[i]!.push(ms)
    }
  }
  return times.map(median)
}

async function main() {
  const [ms8, ms16, control8] = await measure([
    { bytes: 8 * MIB, run: once },
    { bytes: 16 * MIB, run: once },
    { bytes: 8 * MIB, run: direct },
  ])
  const ratio = ms16! / ms8!
  console.log('sse: one event in %d-byte chunks (median of %d)', CHUNK, RUNS)
  console.log('  8 MiB event   %s ms   (goal <= 60)', ms8!.toFixed(1))
  console.log('  16 MiB event  %s ms   ratio %s (goal <= 2.2)', ms16!.toFixed(1), ratio.toFixed(2))
  console.log('  control: 8 MiB fed chunk by chunk via TextDecoder  %s ms', control8!.toFixed(1))
  console.log(
    JSON.stringify({
      bench: 'sse',
      event8MiBMs: Number(ms8!.toFixed(2)),
      event16MiBMs: Number(ms16!.toFixed(2)),
      ratio16to8: Number(ratio.toFixed(3)),
      control8MiBChunkwiseMs: Number(control8!.toFixed(2)),
      chunkBytes: CHUNK,
      goal8MiBMs: 60,
      goalRatio: 2.2,
      pass: ms8! <= 60 && ratio <= 2.2,
    }),
  )
}

runBench(main)

/**
 * prompt-tokens: prompt autocomplete over the library (`library:promptTokens`, PromptVocab) at
 * 100k items by default (`PROMPT_ITEMS=10000,100000` for other sizes), tag-style prompts like
 * bench/library-index.ts makes. Per size, each figure beside its control from the same run:
 * - the first build of the term table vs reading every prompt from the index (the floor: the
 *   build cannot skip the read), and the longest the build held the event loop;
 * - p95 of a suggestion for one- and three-letter prefixes once built (goal ≤ 5 ms);
 * - adding 50 new results (the next suggestion after a generation) vs the same lookup alone.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'

import { type IndexRow, LibraryIndex } from '../src/main/services/library/index/LibraryIndex'
import { PromptVocab } from '../src/main/services/library/vocabulary/promptVocab'
import { pct, runBench } from './support/stats'

const SIZES = (process.env.PROMPT_ITEMS ?? '100000')
  .split(',')
  .map((n) => Number(n.trim()))
  .filter((n) => Number.isInteger(n) && n > 0)
const ROUNDS = 300
const BASE = new Date(2026, 0, 1).getTime()

let seed = 11
const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() ** 2 * xs.length)]!
const SYLL = ['ka', 'ri', 'mo', 'sen', 'ta', 'lu', 'vor', 'ne', 'shi', 'pa', 'zel', 'dro']
const WORDS = Array.from({ length: 5000 }, (_, i) => {
  let w = ''
  for (let n = i; ; n = Math.floor(n / 12)) {
    w += SYLL[n % 12]
    if (n < 12) break
  }
  return w
})
/** Tags of one or two words, weighted to the front (a few are very common, most are rare). */
const tag = () => (rand() < 0.4 ? `${pick(WORDS)} ${pick(WORDS)}` : pick(WORDS))
const prompt = () => Array.from({ length: 8 + Math.floor(rand() * 14) }, tag).join(', ')
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6

let serial = 0
function row(createdMs: number): IndexRow {
  const i = serial++
  return {
    relPath: `f/${i}.png`,
    media: 'image',
    ext: 'png',
    fileMtime: 1,
    fileSize: 1,
    sidecarMtime: 1,
    problem: null,
    sidecar: {
      format: 'gen-studio-library',
      version: 1,
      id: `id-${i}`,
      kind: 'art',
      model: 'art-v5',
      prompt: prompt(),
      negativePrompt: '',
      params: {},
      seed: i,
      costEstimate: 0.01,
      sourceTaskId: null,
      width: 64,
      height: 64,
      durationSec: null,
      bytes: 10,
      sha256: i.toString(16).padStart(64, '0'),
      created: new Date(createdMs).toISOString(),
      favourite: false,
      demo: false,
    },
  }
}

async function lookups(vocab: PromptVocab, prefixes: string[]): Promise<number> {
  const times: number[] = []
  for (let r = 0; r < ROUNDS; r++) {
    const t = process.hrtime.bigint()
    await vocab.suggest(prefixes[r % prefixes.length]!, 12)
    times.push(ms(t))
  }
  return pct(times, 0.95)
}

async function measure(size: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-prompt-tokens-'))
  const index = new LibraryIndex(join(dir, 'index.sqlite'))
  try {
    for (let done = 0; done < size; done += 5000)
      index.upsert(
        Array.from({ length: Math.min(5000, size - done) }, (_, k) => row(BASE + done + k)),
      )

    let t = process.hrtime.bigint()
    const read = index.db.prepare('SELECT prompt FROM items').pluck().all() as string[]
    const readMs = ms(t)

    // The vocabulary re-checks the index at most every 1.5 s; the add rounds move its clock on.
    let offset = 0
    const vocab = new PromptVocab(index.db, () => Date.now() + offset)
    const loop = monitorEventLoopDelay({ resolution: 5 })
    loop.enable()
    t = process.hrtime.bigint()
    await vocab.suggest('ka', 12)
    const buildMs = ms(t)
    loop.disable()

    const p95One = await lookups(
      vocab,
      SYLL.map((s) => s[0]!),
    )
    const p95Three = await lookups(
      vocab,
      SYLL.map((s) => `${s}${SYLL[2]}`.slice(0, 3)),
    )

    const adds: number[] = []
    for (let r = 0; r < 20; r++) {
      index.upsert(Array.from({ length: 50 }, () => row(BASE + size + serial)))
      offset += 2_000
      t = process.hrtime.bigint()
      await vocab.suggest('ri', 12)
      adds.push(ms(t))
    }
    return {
      size,
      prompts: read.length,
      read_ms: Number(readMs.toFixed(1)),
      build_ms: Number(buildMs.toFixed(1)),
      build_vs_read: Number((buildMs / readMs).toFixed(2)),
      build_max_block_ms: Number((loop.max / 1e6).toFixed(1)),
      p95_prefix1_ms: Number(p95One.toFixed(3)),
      p95_prefix3_ms: Number(p95Three.toFixed(3)),
      p95_after_50_new_ms: Number(pct(adds, 0.95).toFixed(2)),
    }
  } finally {
    index.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

runBench(async () => {
  const scales = []
  for (const size of SIZES) scales.push(await measure(size))
  console.table(scales)
  const last = scales[scales.length - 1]!
  console.log(JSON.stringify({ bench: 'prompt-tokens', ...last, scales }))
})

/**
 * similar: "find similar" and the duplicates view over 100k perceptual hashes (`SIMILAR_ITEMS`:
 * a count or several, `SIMILAR_ITEMS=100000,1000000` prints them side by side), with the app's
 * SimilarIndex (src/main/services/library/similar/SimilarIndex.ts). The hashes are random 64-bit
 * values (unrelated pictures differ in ~32 bits) with 1,000 planted groups of near-duplicates: an
 * original and 1–3 copies each 1–8 bits away (what a resized, re-encoded or lightly edited copy
 * gives: test/shared/library/phash.test.ts).
 *
 * Measures: a find-similar query (distance ≤ 20, 50 nearest) from 300 items, half of them planted
 * originals: p50/p95 in ms (goal p95 ≤ 30 ms), and the share of planted copies it returns
 * (recall); the duplicates grouping (distance ≤ 8) of all of them: its time (goal ≤ 20 s at 1M),
 * its longest step (goal ≤ 10 ms: wall, process CPU, and main thread's own CPU, which neither
 * other processes on a shared machine nor V8's helper threads inflate), the typed arrays it takes,
 * the GCs during it, the share of planted groups it puts together whole, and the groups it makes
 * of unrelated hashes.
 *
 * Controls in the same run: a bare loop of XOR + popcount over the same typed array (the floor of
 * any linear scan: the query's ratio to it is its overhead), and the same scan with BigInt hashes
 * (why the hashes are two 32-bit halves).
 */
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { constants, PerformanceObserver } from 'node:perf_hooks'

import { DUPLICATE_DISTANCE, type PHash, popcount32, SIMILAR_DISTANCE } from '@shared/library/phash'

import { SimilarIndex } from '../src/main/services/library/similar/SimilarIndex'
import { median, pct, runBench } from './support/stats'

/** Bound once, as SimilarIndex does (an imported function is a getter call per use under tsx). */
const popcount = popcount32

/** Library sizes measured, side by side: `SIMILAR_ITEMS=100000,1000000` (default 100k). */
const SIZES = (process.env.SIMILAR_ITEMS ?? '100000')
  .split(',')
  .map((s) => Number(s.trim().replace(/_/g, '')))
  .filter((n) => Number.isInteger(n) && n > 0)
const PLANTED_GROUPS = 1_000
const QUERIES = 300
const LIMIT = 50

/** sfc32: 128 bits of state, so two draws make an honest 64-bit hash (xorshift32's 32 bits of
 * state would put pairs of "random" hashes a few bits apart far more often than chance). */
function seeded(a: number, b: number, c: number, d: number): () => number {
  return () => {
    a >>>= 0
    b >>>= 0
    c >>>= 0
    d >>>= 0
    let t = (a + b) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    d = (d + 1) | 0
    t = (t + d) | 0
    c = (c + t) | 0
    return t >>> 0
  }
}

/** The control: count the hashes within `max`, nothing else (no ids, no order). */
function bareScan(raw: Uint32Array, hi: number, lo: number, max: number): number {
  let close = 0
  for (let i = 0; i < raw.length; i += 2)
    if (popcount(raw[i]! ^ hi) + popcount(raw[i + 1]! ^ lo) <= max) close++
  return close
}

const GC_MAJOR = constants.NODE_PERFORMANCE_GC_MAJOR

/**
 * CPU time of the calling thread (main) in ms, from Linux's schedstat (null elsewhere): a step's
 * own hold on main, without other processes' turns (the machine is shared) and without V8's
 * helper threads, which process.cpuUsage() also counts (concurrent marking, compilation).
 */
function mainCpuMs(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6
  } catch {
    return null
  }
}

/** One turn of the event loop: lets the GC observer hear of the collections so far. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6

/** Flips `bits` distinct random bits of a hash. */
function flip(h: PHash, bits: number, rand: () => number): PHash {
  const out = { ...h }
  const used = new Set<number>()
  while (used.size < bits) used.add(rand() % 64)
  for (const b of used) {
    if (b < 32) out.hi = (out.hi ^ (1 << b)) >>> 0
    else out.lo = (out.lo ^ (1 << (b - 32))) >>> 0
  }
  return out
}

/**
 * One library size: the queries and the grouping with their same-run controls. Holds what the
 * app holds (the SimilarIndex, its ids from the rows) and the control's typed array, not a JS
 * object per hash: 1M of those made the heap the grouping's steps had to collect twice as big.
 */
async function measure(TOTAL: number) {
  const rand = seeded(0x9e3779b9, 0x243f6a88, 0xb7e15162, 16)
  for (let i = 0; i < 20; i++) rand()
  const index = new SimilarIndex()
  const raw = new Uint32Array(2 * TOTAL)
  let count = 0
  const add = (id: string, h: PHash) => {
    index.set(id, h)
    raw[2 * count] = h.hi
    raw[2 * count++ + 1] = h.lo
  }
  const planted: string[][] = []
  for (let g = 0; g < PLANTED_GROUPS; g++) {
    const original = { hi: rand(), lo: rand() }
    const ids = [`p${g}-0`]
    add(ids[0]!, original)
    const copies = 1 + (rand() % 3)
    for (let c = 1; c <= copies; c++) {
      ids.push(`p${g}-${c}`)
      add(ids[c]!, flip(original, 1 + (rand() % DUPLICATE_DISTANCE), rand))
    }
    planted.push(ids)
  }
  while (count < TOTAL) add(`r${count}`, { hi: rand(), lo: rand() })

  // ── find similar ──
  const queries = Array.from({ length: QUERIES }, (_, i) =>
    i % 2 === 0
      ? planted[rand() % PLANTED_GROUPS]![0]!
      : `r${PLANTED_GROUPS * 3 + (rand() % 50_000)}`,
  )
  const times: number[] = []
  let wanted = 0
  let got = 0
  for (const round of [0, 1]) {
    for (const id of queries) {
      const h = index.get(id)!
      const t = process.hrtime.bigint()
      const hits = index.nearest(h, SIMILAR_DISTANCE, LIMIT, id)
      if (round === 1) times.push(ms(t))
      if (round === 1 && id.startsWith('p')) {
        const group = planted.find((g) => g[0] === id)!
        wanted += group.length - 1
        got += hits.filter((x) => group.includes(x.id)).length
      }
    }
  }

  // ── control: the bare scan over the same hashes in a typed array ──
  const control: number[] = []
  let sink = 0
  for (const round of [0, 1]) {
    for (const id of queries) {
      const h = index.get(id)!
      const t = process.hrtime.bigint()
      sink += bareScan(raw, h.hi, h.lo, SIMILAR_DISTANCE)
      if (round === 1) control.push(ms(t))
    }
  }
  const big = new BigUint64Array(TOTAL)
  for (let i = 0; i < TOTAL; i++) big[i] = (BigInt(raw[2 * i]!) << 32n) | BigInt(raw[2 * i + 1]!)
  const bigTimes: number[] = []
  for (const id of queries.slice(0, Math.max(3, Math.ceil((20 * 100_000) / TOTAL)))) {
    const h = index.get(id)!
    const q = (BigInt(h.hi) << 32n) | BigInt(h.lo)
    const t = process.hrtime.bigint()
    let close = 0
    for (let i = 0; i < TOTAL; i++) {
      let x = big[i]! ^ q
      let c = 0
      while (x) {
        x &= x - 1n
        c++
      }
      if (c <= SIMILAR_DISTANCE) close++
    }
    sink += close
    bigTimes.push(ms(t))
  }

  // ── duplicates ──
  const groupTimes: number[] = []
  const groupCpu: number[] = []
  const longestSteps: number[] = []
  const longestCpus: number[] = []
  const longestMains: number[] = []
  const stepMains: number[] = []
  const stepWalls: number[] = []
  const stepCpus: number[] = []
  // The collections V8 made during the groupings (heard a turn later): which, and how long.
  const gcs: Array<{ major: boolean; ms: number }> = []
  let grouping = false
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (grouping)
        gcs.push({
          major: (e as { detail?: { kind?: number } }).detail?.kind === GC_MAJOR,
          ms: e.duration,
        })
  })
  observer.observe({ entryTypes: ['gc'] })
  await turn()
  const heapBefore = process.memoryUsage()
  let heapPeak = 0
  let buffersPeak = 0
  let groups: string[][] = []
  for (let r = 0; r < 3; r++) {
    // Driven as LibrarySimilar drives it: the longest step is how long main is held at once.
    grouping = true
    const buffersAtStart = process.memoryUsage().arrayBuffers
    const steps = index.groupsInSteps(DUPLICATE_DISTANCE)
    let longest = 0
    let longestCpu = 0
    let longestMain = 0
    const t = process.hrtime.bigint()
    const cpu0 = process.cpuUsage()
    for (;;) {
      const s = process.hrtime.bigint()
      const c = process.cpuUsage()
      const main0 = mainCpuMs()
      const step = steps.next()
      const main1 = mainCpuMs()
      const used = process.cpuUsage(c)
      const wall = ms(s)
      const mainMs = main0 === null || main1 === null ? NaN : main1 - main0
      longestMain = Math.max(longestMain, mainMs)
      // CPU of the process during the step: what main did, without the time other processes
      // had the cores (this machine is shared); it also counts V8's GC and compiler threads.
      const cpuMs = (used.user + used.system) / 1000
      longest = Math.max(longest, wall)
      longestCpu = Math.max(longestCpu, cpuMs)
      if (r === 2) {
        stepWalls.push(wall)
        stepCpus.push(cpuMs)
        stepMains.push(mainMs)
      }
      // Outside the step's timing: the heap, and the typed arrays this grouping added.
      const mem = process.memoryUsage()
      heapPeak = Math.max(heapPeak, mem.heapUsed)
      buffersPeak = Math.max(buffersPeak, mem.arrayBuffers - buffersAtStart)
      if (step.done) {
        groups = step.value
        break
      }
    }
    groupTimes.push(ms(t))
    const cpu = process.cpuUsage(cpu0)
    groupCpu.push((cpu.user + cpu.system) / 1000)
    longestSteps.push(longest)
    longestCpus.push(longestCpu)
    longestMains.push(longestMain)
    await turn()
    grouping = false
  }
  observer.disconnect()
  const groupOf = new Map<string, number>()
  groups.forEach((g, i) => g.forEach((id) => groupOf.set(id, i)))
  const whole = planted.filter((g) => {
    const at = groupOf.get(g[0]!)
    return (
      at !== undefined && g.every((id) => groupOf.get(id) === at) && groups[at]!.length === g.length
    )
  }).length
  const unrelated = groups.filter((g) => g.some((id) => id.startsWith('r'))).length

  const p95 = pct(times, 0.95)
  const controlP95 = pct(control, 0.95)
  const duplicatesMs = median(groupTimes)
  const controlMs = median(control)
  return {
    hashes: TOTAL,
    planted_groups: PLANTED_GROUPS,
    query_p50_ms: Number(median(times).toFixed(3)),
    query_p95_ms: Number(p95.toFixed(3)),
    query_recall: Number((got / wanted).toFixed(4)),
    control_scan_p50_ms: Number(controlMs.toFixed(3)),
    control_scan_p95_ms: Number(controlP95.toFixed(3)),
    query_vs_control: Number((p95 / controlP95).toFixed(2)),
    bigint_scan_median_ms: Number(median(bigTimes).toFixed(1)),
    duplicates_ms: Number(duplicatesMs.toFixed(1)),
    duplicates_vs_control_scan: Math.round(duplicatesMs / controlMs),
    duplicates_cpu_ms: Number(median(groupCpu).toFixed(1)),
    duplicates_longest_step_ms: longestSteps.map((x) => Number(x.toFixed(1))),
    duplicates_longest_step_cpu_ms: longestCpus.map((x) => Number(x.toFixed(1))),
    duplicates_longest_step_main_ms: longestMains.map((x) => Number(x.toFixed(1))),
    duplicates_step_main_p99_ms: Number(pct(stepMains, 0.99).toFixed(1)),
    duplicates_steps: stepWalls.length,
    duplicates_step_p99_ms: Number(pct(stepWalls, 0.99).toFixed(1)),
    duplicates_step_cpu_p99_ms: Number(pct(stepCpus, 0.99).toFixed(1)),
    duplicates_step_cpu_max_ms: Number(Math.max(...stepCpus).toFixed(1)),
    duplicates_groups: groups.length,
    duplicates_recall: Number((whole / PLANTED_GROUPS).toFixed(4)),
    duplicates_unrelated_groups: unrelated,
    heap_mib_before: Number((heapBefore.heapUsed / 2 ** 20).toFixed(0)),
    heap_mib_during: Number((heapPeak / 2 ** 20).toFixed(0)),
    typed_arrays_mib_grouping: Number((buffersPeak / 2 ** 20).toFixed(0)),
    gc_major: gcs.filter((g) => g.major).length,
    gc_minor: gcs.filter((g) => !g.major).length,
    gc_longest_ms: Number(Math.max(0, ...gcs.map((g) => g.ms)).toFixed(1)),
    sink: sink % 10,
  }
}

async function main(): Promise<void> {
  const runs: Array<Awaited<ReturnType<typeof measure>>> = []
  for (const n of SIZES) runs.push(await measure(n))
  const load = loadavg().map((l) => l.toFixed(2))
  const col = (r: (typeof runs)[number]) => `${r.hashes.toLocaleString('en')} hashes`
  const row = (pick: (r: (typeof runs)[number]) => number | string) =>
    Object.fromEntries(runs.map((r) => [col(r), pick(r)]))
  console.log(
    `similar: ${PLANTED_GROUPS} planted near-duplicate groups per size; load average ${load.join(' ')}`,
  )
  console.table({
    'find similar p50 (ms)': row((r) => r.query_p50_ms),
    'find similar p95 (ms), goal ≤ 30': row((r) => r.query_p95_ms),
    'planted copies found by find similar': row((r) => r.query_recall),
    'control: bare XOR+popcount scan p50 (ms)': row((r) => r.control_scan_p50_ms),
    'control: bare XOR+popcount scan p95 (ms)': row((r) => r.control_scan_p95_ms),
    'query p95 / control p95': row((r) => `${r.query_vs_control}×`),
    'control: BigInt scan median (ms)': row((r) => r.bigint_scan_median_ms),
    'duplicates of all (ms), goal ≤ 20,000 at 1M': row((r) => r.duplicates_ms),
    'duplicates / one bare scan (p50)': row((r) => `${r.duplicates_vs_control_scan}×`),
    'duplicates: CPU of the process (ms)': row((r) => r.duplicates_cpu_ms),
    'its steps': row((r) => r.duplicates_steps),
    'its longest step, wall, 3 runs (ms), goal ≤ 10': row((r) =>
      r.duplicates_longest_step_ms.join(' / '),
    ),
    'its longest step, CPU, 3 runs (ms)': row((r) => r.duplicates_longest_step_cpu_ms.join(' / ')),
    'its longest step, main thread CPU, 3 runs (ms)': row((r) =>
      r.duplicates_longest_step_main_ms.join(' / '),
    ),
    'its steps p99, main thread CPU (ms)': row((r) => r.duplicates_step_main_p99_ms),
    'its steps p99, wall (ms)': row((r) => r.duplicates_step_p99_ms),
    'its steps p99 / max, CPU (ms)': row(
      (r) => `${r.duplicates_step_cpu_p99_ms} / ${r.duplicates_step_cpu_max_ms}`,
    ),
    'planted groups found whole': row((r) => r.duplicates_recall),
    'groups of unrelated hashes': row((r) => r.duplicates_unrelated_groups),
    'JS heap before / during (MiB)': row((r) => `${r.heap_mib_before} / ${r.heap_mib_during}`),
    'typed arrays the grouping took (MiB)': row((r) => r.typed_arrays_mib_grouping),
    'GCs in the 3 groupings: full / young': row((r) => `${r.gc_major} / ${r.gc_minor}`),
    'longest of those GCs (ms)': row((r) => r.gc_longest_ms),
  })
  console.log(
    JSON.stringify({
      bench: 'similar',
      load_average: load.map(Number),
      sizes: runs,
      goal_query_p95_ms: 30,
      goal_duplicates_ms_at_1m: 20_000,
      goal_step_ms: 10,
    }),
  )
}

runBench(main)

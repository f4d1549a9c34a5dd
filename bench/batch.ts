/**
 * batch: the batch planner (src/shared/batch) on the largest batch it allows. A native request
 * whose prompt has one wildcard of 10 colours, X = steps (10 values), Y = guidance (10 values),
 * repeat 1: 1,000 requests, planned, priced and each checked by the catalog validator of its kind
 * (as main does before anything is journaled). Goal: p95 of the whole plan + price + validate
 * ≤ 50 ms, so the confirmation can recompute it on every edit of the batch form.
 *
 * Control, same run: structuredClone of the base request 1,000 times, the floor of making 1,000
 * request copies at all. Median and p95 over 50 rounds after a warm-up round.
 */
import { planBatch, priceRequests } from '../src/shared/batch/plan'
import type { BatchSpec } from '../src/shared/batch/types'
import {
  validateImageEdit,
  validateImageGeneration,
  validateNative,
  validateVideo,
  validateWorkbench,
  type Validation,
} from '../src/shared/catalog'
import type { SubmitTaskInput } from '../src/shared/tasks/submit'
import { pct, runBench, warm } from './support/stats'

const ROUNDS = 51
const GOAL_MS = 50

const base: SubmitTaskInput = {
  kind: 'native',
  requestId: 'bench_batch_0001',
  request: {
    input: 'a {red|orange|yellow|green|blue|indigo|violet|black|white|grey} fox in deep snow',
    model: 'art-diffusion-4-5-full',
    action: 'generate',
    parameters: {
      width: 832,
      height: 1216,
      steps: 23,
      n_samples: 1,
      scale: 5,
      seed: 1234,
      sampler: 'k_euler_ancestral',
      negative_prompt: 'blurry, lowres',
    },
  },
}

const spec: BatchSpec = {
  repeat: 1,
  seedBase: null,
  x: { field: 'steps', values: ['5', '10', '15', '20', '25', '30', '35', '40', '45', '50'] },
  y: { field: 'guidance', values: ['1', '2', '3', '4', '5', '5.5', '6', '7', '8', '9'] },
  title: 'bench',
}

/** The validator main runs for a submission of each kind (edit files are checked apart). */
function validate(input: SubmitTaskInput): Validation {
  switch (input.kind) {
    case 'image':
      return validateImageGeneration(input.request)
    case 'edit':
      return validateImageEdit(input.request, [])
    case 'video':
      return validateVideo(input.request)
    case 'native':
      return validateNative(input.request)
    case 'workbench':
      return validateWorkbench(input.request)
  }
}

interface Round {
  planMs: number
  priceMs: number
  validateMs: number
  totalMs: number
  controlMs: number
}

function round(): Round {
  const t0 = performance.now()
  const plan = planBatch(base, spec, new Map())
  const t1 = performance.now()
  if (!plan.ok) throw new Error(`the bench batch was refused: ${plan.message}`)
  const price = priceRequests(plan.requests)
  const t2 = performance.now()
  let invalid = 0
  for (const r of plan.requests) if (!validate(r.input).ok) invalid++
  const t3 = performance.now()
  if (plan.requests.length !== 1000 || invalid > 0 || price.totalMicros <= 0) {
    throw new Error(`${plan.requests.length} requests, ${invalid} invalid, ${price.totalMicros} µ$`)
  }

  const c0 = performance.now()
  const copies: unknown[] = []
  for (let i = 0; i < 1000; i++) copies.push(structuredClone(base))
  const c1 = performance.now()
  if (copies.length !== 1000) throw new Error('control')
  return {
    planMs: t1 - t0,
    priceMs: t2 - t1,
    validateMs: t3 - t2,
    totalMs: t3 - t0,
    controlMs: c1 - c0,
  }
}

async function main(): Promise<void> {
  const rounds = warm(Array.from({ length: ROUNDS }, round))
  const pick = (k: keyof Round) => rounds.map((r) => r[k])
  const f = (n: number) => Number(n.toFixed(2))
  const rows = (['planMs', 'priceMs', 'validateMs', 'totalMs', 'controlMs'] as const).map((k) => ({
    k,
    p50: f(pct(pick(k), 0.5)),
    p95: f(pct(pick(k), 0.95)),
  }))
  console.log('step (1,000 requests)          p50 ms   p95 ms')
  const names = {
    planMs: 'plan (wildcards × Y × X)',
    priceMs: 'price (estimateFor each)',
    validateMs: 'validate (validateNative each)',
    totalMs: 'plan + price + validate',
    controlMs: 'control: structuredClone ×1000',
  }
  for (const r of rows) {
    console.log(
      `${names[r.k].padEnd(30)} ${String(r.p50).padStart(7)}  ${String(r.p95).padStart(7)}`,
    )
  }
  const total = rows.find((r) => r.k === 'totalMs')!
  const control = rows.find((r) => r.k === 'controlMs')!
  console.log(`goal: p95 of plan + price + validate ≤ ${GOAL_MS} ms (${rounds.length} warm rounds)`)
  console.log(
    JSON.stringify({
      bench: 'batch',
      requests: 1000,
      rounds: rounds.length,
      plan_ms: { p50: total.p50, p95: total.p95 },
      goal_ms: GOAL_MS,
      pass: total.p95 <= GOAL_MS,
      parts_ms_p50: {
        plan: rows[0]!.p50,
        price: rows[1]!.p50,
        validate: rows[2]!.p50,
      },
      control_ms: { p50: control.p50, p95: control.p95 },
      ratio_vs_clone: f(total.p50 / control.p50),
    }),
  )
}

runBench(main)

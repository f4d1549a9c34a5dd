/**
 * The batch planner: one form request (the base) and a BatchSpec become the full, ordered list of
 * requests a batch sends, and their price. Pure and deterministic (no random seed, no clock), so
 * the confirmation in the renderer and the batch in main come from the same base and spec alike.
 */
import { groupDigits } from '../catalog/validateImage'
import { msg } from '../i18n/message'
import { describeEstimate, MICROS_PER_USD } from '../pricing'
import { estimateFor, promptOf } from '../tasks/estimate'
import type { SubmitTaskInput } from '../tasks/submit'
import { applyAxis, axesFor, hasSeed, seedOf, withPrompt, withSeed } from './axes'
import { type BatchAxis, type BatchCell, type BatchSpec, MAX_BATCH } from './types'
import { expandWildcards, type WildcardVariant } from './wildcards'

/** One request of a plan: where it sits in the grid, what is sent, and what the views show. */
export interface PlannedRequest {
  cell: Omit<BatchCell, 'batchId'>
  /** A `tasks:submit` input without requestId, overrideBudget or a workbench quote. */
  input: SubmitTaskInput
  prompt: string
  /** The seed sent (native and workbench); null for kinds without a seed. */
  seed: number | null
}

export type BatchPlan =
  | {
      ok: true
      requests: PlannedRequest[]
      xValues: string[]
      yValues: string[]
      missingLists: string[]
    }
  | { ok: false; message: string; fields: Record<string, string>; missingLists: string[] }

const SEED_SPAN = 4_294_967_296

/** The first message about one axis (its field, then its values), or null when it is usable. */
function axisProblem(
  base: SubmitTaskInput,
  axis: BatchAxis,
  variants: readonly WildcardVariant[],
): { key: 'field' | 'values'; message: string } | null {
  const { field, values } = axis
  if (!axesFor(base.kind).some((a) => a.field === field)) {
    return { key: 'field', message: msg('axisNotHere', { field, kind: base.kind }) }
  }
  if (values.length === 0) return { key: 'values', message: msg('axisNoValue') }
  const search = values[0]!
  for (const value of values) {
    const applied = applyAxis(base.kind, base.request, field, value, search)
    if (!applied.ok) return { key: 'values', message: applied.message }
  }
  if (field === 'prompt' && variants.length > 0 && !variants.some((v) => v.text.includes(search))) {
    return {
      key: 'values',
      message: msg('axisOnlyWildcard', { search }),
    }
  }
  return null
}

/** The base without what belongs to one submission: its id, a budget override, a quote. */
function withoutSubmissionFields(base: SubmitTaskInput): SubmitTaskInput {
  const copy: Record<string, unknown> = { ...base }
  delete copy.requestId
  delete copy.overrideBudget
  delete copy.allowRepeat
  // A quote prices one exact request; each planned request is quoted again by the engine.
  delete copy.quote
  return copy as SubmitTaskInput
}

const countText = (n: number): string =>
  Number.isSafeInteger(n)
    ? groupDigits(n)
    : msg('moreThan', { count: groupDigits(Number.MAX_SAFE_INTEGER) })

/**
 * Plans a batch. Order: for each prompt variant (wildcards, first wildcard slowest), for each Y
 * value, for each X value, for each repeat — so `index` runs across a grid row (X) first, rows
 * (Y) next, then the prompt variants, with repeats of a cell side by side. Every request gets
 * its X and Y labels (the values as typed) and its wildcard picks.
 *
 * Seeds (native `parameters.seed`, workbench `seed`): repeat r (1-based) gets
 * (seedBase ?? the form's seed ?? 0) + r − 1, modulo 2^32; when the seed is an axis, the axis
 * value replaces the start and repeats still add r − 1. Kinds without a seed just repeat.
 *
 * Refused (ok: false, with messages keyed `prompt`, `repeat`, `x.field`, `x.values`, `y.field`,
 * `y.values`): an unbalanced brace in the prompt, lists the prompt names that do not exist
 * (anywhere, groups included), axis values that do not parse, a prompt search piece that is not
 * in the prompt, and more than MAX_BATCH requests in all. A refused prompt makes no requests, so
 * nothing with broken wildcard syntax is ever priced or sent.
 */
export function planBatch(
  base: SubmitTaskInput,
  spec: BatchSpec,
  lists: ReadonlyMap<string, readonly string[]>,
): BatchPlan {
  const kind = base.kind
  const template = promptOf(base)
  const expansion = expandWildcards(template, lists, MAX_BATCH)
  const missingLists = expansion.missing
  const fields: Record<string, string> = {}
  if (expansion.problem !== null) {
    fields.prompt = expansion.problem
  } else if (missingLists.length > 0) {
    const names = missingLists.map((n) => `__${n}__`).join(', ')
    fields.prompt =
      missingLists.length === 1
        ? msg('wildcardMissingOne', { names })
        : msg('wildcardMissingMany', { names })
  }
  if (!Number.isInteger(spec.repeat) || spec.repeat < 1) fields.repeat = msg('repeatOnce')
  if (spec.x && spec.y && spec.x.field === spec.y.field) {
    fields['y.field'] = msg('axesSame')
  }
  for (const [name, axis] of [
    ['x', spec.x],
    ['y', spec.y],
  ] as const) {
    const problem = axis && axisProblem(base, axis, expansion.variants)
    if (problem) fields[`${name}.${problem.key}`] ??= problem.message
  }
  const xs: readonly (string | null)[] = spec.x?.values ?? [null]
  const ys: readonly (string | null)[] = spec.y?.values ?? [null]
  const total = expansion.count * ys.length * xs.length * Math.max(0, spec.repeat)
  if (total > MAX_BATCH) {
    fields.repeat = msg('batchTooMany', { count: countText(total), max: MAX_BATCH })
    if (expansion.count > 1) {
      fields.prompt ??= msg('wildcardPrompts', { count: countText(expansion.count) })
    }
  }
  const first = Object.values(fields)[0]
  if (first !== undefined) {
    const message = total > MAX_BATCH ? fields.repeat! : first
    return { ok: false, message, fields, missingLists }
  }

  const shell = withoutSubmissionFields(base)
  const seeded = hasSeed(kind)
  const seedIsAxis = spec.x?.field === 'seed' || spec.y?.field === 'seed'
  const seedStart = spec.seedBase ?? seedOf(kind, base.request) ?? 0
  // Values were all checked on the base above; the one way applying can fail now is a prompt
  // piece that this variant's wildcard choices left out, and that variant keeps its prompt.
  const vary = <R extends object>(axis: BatchAxis | null, value: string | null, request: R): R => {
    if (!axis || value === null) return request
    const applied = applyAxis(kind, request, axis.field, value, axis.values[0])
    return applied.ok ? applied.request : request
  }

  const requests: PlannedRequest[] = []
  for (const variant of expansion.variants) {
    const prompted =
      variant.text === template ? base.request : withPrompt(kind, base.request, variant.text)
    for (const y of ys) {
      const row = vary(spec.y, y, prompted)
      for (const x of xs) {
        const cell = vary(spec.x, x, row)
        const start = seedIsAxis ? (seedOf(kind, cell) ?? 0) : seedStart
        for (let r = 1; r <= spec.repeat; r++) {
          const seed = seeded ? (start + r - 1) % SEED_SPAN : null
          const request = seed === null ? cell : withSeed(kind, cell, seed)
          const input = { ...shell, request } as SubmitTaskInput
          requests.push({
            cell: { index: requests.length, x, y, repeat: r, picks: variant.picks },
            input,
            prompt: promptOf(input),
            seed,
          })
        }
      }
    }
  }
  return {
    ok: true,
    requests,
    xValues: spec.x ? [...spec.x.values] : [],
    yValues: spec.y ? [...spec.y.values] : [],
    missingLists,
  }
}

/** A plan's price: the sum of what each task will journal as its estimate. */
export interface BatchPrice {
  /** Integer micro-dollars: sums of estimates are exact. */
  totalMicros: number
  totalUsd: number
  /** Any part priced by scaling a published price (shown as "≈"). */
  approximate: boolean
  /** Requests without a published rate (or with a model not offered): counted, not priced. */
  unpriced: number
  perRequest: Array<{ usd: number | null; label: string }>
}

/**
 * Prices planned requests with `estimateFor`, the function main journals each task's estimate
 * with, so the confirmed total is the sum of the tasks' own figures (summed in micro-dollars).
 */
export function priceRequests(requests: readonly Pick<PlannedRequest, 'input'>[]): BatchPrice {
  let totalMicros = 0
  let approximate = false
  let unpriced = 0
  const perRequest = requests.map(({ input }) => {
    const e = estimateFor(input)
    if (e.kind === 'usd') {
      totalMicros += e.micros
      approximate ||= e.approximate
    } else {
      unpriced++
    }
    return { usd: e.kind === 'usd' ? e.usd : null, label: describeEstimate(e) }
  })
  return { totalMicros, totalUsd: totalMicros / MICROS_PER_USD, approximate, unpriced, perRequest }
}

/**
 * InvokeAI's PNG metadata: `invokeai_metadata` (3.x and later: flat JSON with positive_prompt,
 * cfg_scale, scheduler, model {name}) and the older `sd-metadata` (2.x: {model_weights, image:
 * {prompt: [{prompt, weight}], seed, steps, cfg_scale, sampler, width, height}}).
 */
import type { ParsedSettings } from '../settings'
import { withMappedParams } from './comfy'

type Rec = Record<string, unknown>
const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v)
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

/** Keys mapped onto form fields (the rest stay in params, listed as not applied). */
const MAPPED = new Set([
  'positive_prompt',
  'negative_prompt',
  'seed',
  'steps',
  'cfg_scale',
  'scheduler',
  'sampler',
  'width',
  'height',
  'model',
  'model_weights',
  'prompt',
  'image',
  'strength',
])

function common(m: Rec, out: ParsedSettings): void {
  const seed = num(m.seed)
  if (seed !== undefined) out.seed = seed
  const steps = num(m.steps)
  if (steps !== undefined) out.steps = steps
  const cfg = num(m.cfg_scale)
  if (cfg !== undefined) out.guidance = cfg
  const sampler = str(m.scheduler) ?? str(m.sampler)
  if (sampler) out.sampler = sampler
  const w = num(m.width)
  const h = num(m.height)
  if (w !== undefined && h !== undefined) {
    out.width = w
    out.height = h
  }
  const strength = num(m.strength)
  if (strength !== undefined) out.strength = strength
}

const extras = (m: Rec): Rec =>
  Object.fromEntries(
    Object.entries(m).filter(([k, v]) => !MAPPED.has(k) && (typeof v !== 'object' || v === null)),
  )

/** Settings from `invokeai_metadata` JSON (already parsed). */
export function settingsFromInvokeAi(m: unknown): ParsedSettings | null {
  if (!isRecord(m)) return null
  const out: ParsedSettings = { source: 'invokeai', kind: 'image', params: extras(m) }
  const prompt = str(m.positive_prompt) ?? str(m.prompt)
  if (prompt !== undefined) out.prompt = prompt
  const negative = str(m.negative_prompt)
  if (negative !== undefined) out.negativePrompt = negative
  common(m, out)
  const model = isRecord(m.model) ? (str(m.model.name) ?? str(m.model.model_name)) : str(m.model)
  if (model) out.foreignModel = model
  return withMappedParams(out)
}

/** Settings from InvokeAI 2.x `sd-metadata` JSON (already parsed). */
export function settingsFromInvokeAiLegacy(m: unknown): ParsedSettings | null {
  if (!isRecord(m) || !isRecord(m.image)) return null
  const image = m.image
  const out: ParsedSettings = { source: 'invokeai', kind: 'image', params: extras(image) }
  const prompt = Array.isArray(image.prompt)
    ? image.prompt
        .filter(isRecord)
        .map((p) => str(p.prompt) ?? '')
        .join(' ')
    : str(image.prompt)
  if (prompt !== undefined) out.prompt = prompt
  common(image, out)
  const model = str(m.model_weights)
  if (model) out.foreignModel = model
  return withMappedParams(out)
}

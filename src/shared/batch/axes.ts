/**
 * The settings a batch axis can vary, per task kind, and how a typed value lands in a request.
 * One table says which request field each axis writes (`steps` is `parameters.steps` on the
 * native endpoint and `steps` on the workbench), so the axis picker, the planner and main agree.
 * Values are checked for form only (a whole number, a size); the catalog validators check ranges
 * and per-model rules on every planned request, as for a single generation.
 */
import { isObject } from '../catalog/validation'
import { msg } from '../i18n/message'
import type { TaskKind } from '../tasks/states'
import type { AxisField } from './types'

type Req = Record<string, unknown>
type Parsed = { ok: true; value: unknown } | { ok: false; message: string }
type Parser = (field: AxisField, text: string) => Parsed

const SEED_MAX = 4_294_967_295

const whole: Parser = (field, text) =>
  /^-?\d+$/.test(text)
    ? { ok: true, value: Number(text) }
    : { ok: false, message: msg('axisNotWhole', { field, text }) }

const decimal: Parser = (field, text) =>
  /^-?(\d+\.?\d*|\.\d+)$/.test(text)
    ? { ok: true, value: Number(text) }
    : { ok: false, message: msg('axisNotNumber', { field, text }) }

const seed: Parser = (field, text) => {
  const n = whole(field, text)
  if (n.ok && !((n.value as number) >= 0 && (n.value as number) <= SEED_MAX)) {
    return { ok: false, message: msg('axisSeedRange', { field, text, max: SEED_MAX }) }
  }
  return n
}

const words: Parser = (field, text) =>
  text === '' ? { ok: false, message: msg('axisEmptyValue', { field }) } : { ok: true, value: text }

/** "832x1216", "832 × 1216" or "832X1216" → { width, height }. */
const dimensions: Parser = (field, text) => {
  const m = /^(\d{1,6})\s*[x×X]\s*(\d{1,6})$/.exec(text)
  return m
    ? { ok: true, value: { width: Number(m[1]), height: Number(m[2]) } }
    : { ok: false, message: msg('axisNotSize', { field, text }) }
}

/** A copy of `req` with `value` at `path`, copying each object on the way (never mutating). */
function setIn(req: Req, path: readonly string[], value: unknown): Req {
  const [head, ...rest] = path as [string, ...string[]]
  if (rest.length === 0) return { ...req, [head]: value }
  const inner = req[head]
  return { ...req, [head]: setIn(isObject(inner) ? inner : {}, rest, value) }
}

function getIn(req: Req, path: readonly string[]): unknown {
  let cur: unknown = req
  for (const p of path) cur = isObject(cur) ? cur[p] : undefined
  return cur
}

interface Target {
  parse: Parser
  set: (req: Req, value: unknown) => Req
  /** The one field it writes (not for sizes, which write two). */
  path?: readonly string[]
}

const at = (parse: Parser, ...path: string[]): Target => ({
  parse,
  set: (req, value) => setIn(req, path, value),
  path,
})

const widthHeight = (prefix: string[]): Target => ({
  parse: dimensions,
  set: (req, value) => {
    const { width, height } = value as { width: number; height: number }
    return setIn(setIn(req, [...prefix, 'width'], width), [...prefix, 'height'], height)
  },
})

const sizeText: Target = {
  parse: dimensions,
  set: (req, value) => {
    const { width, height } = value as { width: number; height: number }
    return { ...req, size: `${width}x${height}` }
  },
}

/** `prompt` is search and replace, handled apart; it is offered on every kind. */
type Targets = Partial<Record<Exclude<AxisField, 'prompt'>, Target>>

const IMAGE: Targets = {
  model: at(words, 'model'),
  size: sizeText,
  quality: at(words, 'quality'),
  aspect_ratio: at(words, 'aspect_ratio'),
}

const TARGETS: Record<TaskKind, Targets> = {
  image: IMAGE,
  edit: IMAGE,
  video: {
    model: at(words, 'model'),
    duration: at(whole, 'duration'),
    resolution: at(words, 'resolution'),
    aspect_ratio: at(words, 'aspect_ratio'),
  },
  native: {
    model: at(words, 'model'),
    size: widthHeight(['parameters']),
    steps: at(whole, 'parameters', 'steps'),
    guidance: at(decimal, 'parameters', 'scale'),
    seed: at(seed, 'parameters', 'seed'),
    sampler: at(words, 'parameters', 'sampler'),
  },
  workbench: {
    model: at(words, 'model_variant'),
    size: widthHeight([]),
    steps: at(whole, 'steps'),
    guidance: at(decimal, 'guidance'),
    seed: at(seed, 'seed'),
  },
}

/** Label and hint per axis, made at call time so they come in the caller's current language. */
const INFO: Record<AxisField, () => { label: string; hint: string }> = {
  prompt: () => ({ label: msg('axisLabelPrompt'), hint: msg('axisHintPrompt') }),
  model: () => ({ label: msg('axisLabelModel'), hint: msg('axisHintModel') }),
  size: () => ({ label: msg('axisLabelSize'), hint: msg('axisHintSize') }),
  quality: () => ({ label: msg('axisLabelQuality'), hint: msg('axisHintQuality') }),
  aspect_ratio: () => ({ label: msg('axisLabelAspect'), hint: msg('axisHintAspect') }),
  duration: () => ({ label: msg('axisLabelDuration'), hint: msg('axisHintDuration') }),
  resolution: () => ({ label: msg('axisLabelResolution'), hint: msg('axisHintResolution') }),
  steps: () => ({ label: msg('labelSteps'), hint: msg('axisHintSteps') }),
  guidance: () => ({ label: msg('labelGuidance'), hint: msg('axisHintGuidance') }),
  seed: () => ({ label: msg('labelSeed'), hint: msg('axisHintSeed', { max: SEED_MAX }) }),
  sampler: () => ({ label: msg('axisLabelSampler'), hint: msg('axisHintSampler') }),
}

export interface AxisOption {
  field: AxisField
  label: string
  hint: string
}

/** The axes the picker offers for a kind, prompt first, in AXIS_FIELDS order otherwise. */
export function axesFor(kind: TaskKind): AxisOption[] {
  const fields: AxisField[] = ['prompt', ...(Object.keys(TARGETS[kind]) as AxisField[])]
  return fields.map((field) => ({
    field,
    ...INFO[field](),
    ...(kind === 'workbench' && field === 'model' ? { label: msg('axisLabelModelVariant') } : {}),
  }))
}

/** The field that holds a kind's prompt (the native endpoint calls it `input`). */
export const promptField = (kind: TaskKind): 'input' | 'prompt' =>
  kind === 'native' ? 'input' : 'prompt'

/**
 * A copy of the request with another prompt. On the native endpoint the character form also puts
 * the prompt in `parameters.v4_prompt.caption.base_caption`; that copy follows when it held the
 * same text, so the two never disagree.
 */
export function withPrompt<R extends object>(kind: TaskKind, request: R, text: string): R {
  const req = request as Req
  const key = promptField(kind)
  const old = req[key]
  let out: Req = { ...req, [key]: text }
  if (kind === 'native') {
    const path = ['parameters', 'v4_prompt', 'caption', 'base_caption']
    const caption = getIn(req, path)
    if (typeof caption === 'string' && caption === old) out = setIn(out, path, text)
  }
  return out as R
}

export type AxisApplied<R> = { ok: true; request: R } | { ok: false; message: string }

/**
 * A copy of the request with one axis value applied (the base is never changed). For `prompt`,
 * `search` is the piece replaced (the axis's first value; by default `value` itself): it must
 * occur in the request's prompt, and every occurrence becomes `value`. A value that does not
 * parse, or an axis the kind does not have, gives a message naming the field.
 */
export function applyAxis<R extends object>(
  kind: TaskKind,
  request: R,
  field: AxisField,
  value: string,
  search: string = value,
): AxisApplied<R> {
  const text = value.trim()
  if (field === 'prompt') {
    const prompt = String((request as Req)[promptField(kind)] ?? '')
    if (search === '' || !prompt.includes(search)) {
      return {
        ok: false,
        message: msg('axisPromptNotFound', { search }),
      }
    }
    return { ok: true, request: withPrompt(kind, request, prompt.replaceAll(search, value)) }
  }
  const target = TARGETS[kind][field]
  if (!target) {
    return { ok: false, message: msg('axisNotHere', { field: INFO[field]().label, kind }) }
  }
  const parsed = target.parse(field, text)
  if (!parsed.ok) return parsed
  return { ok: true, request: target.set(request as Req, parsed.value) as R }
}

/** Whether a kind's requests have a seed (native, workbench); other kinds' repeats just rerun. */
export const hasSeed = (kind: TaskKind): boolean => TARGETS[kind].seed !== undefined

/** The request's seed, when its kind has one and the form fixed it (a random seed is absent). */
export function seedOf(kind: TaskKind, request: object): number | undefined {
  const path = TARGETS[kind].seed?.path
  if (!path) return undefined
  const value = getIn(request as Req, path)
  return typeof value === 'number' ? value : undefined
}

/** A copy of the request with its seed set (unchanged on kinds without a seed). */
export function withSeed<R extends object>(kind: TaskKind, request: R, value: number): R {
  const target = TARGETS[kind].seed
  return target ? (target.set(request as Req, value) as R) : request
}

/**
 * ComfyUI embeds two JSON graphs in its PNGs: `prompt` (the API graph: node id → {class_type,
 * inputs}, a link is [nodeId, outputIndex]) and `workflow` (the editor graph: nodes with
 * widgets_values, links as [id, fromNode, fromSlot, toNode, toSlot, type]). The settings are read
 * from the sampler node and followed along its links to the text, latent and checkpoint nodes.
 * Graphs are user-made and may be huge or cyclic: nodes are capped, walks keep a visited set and
 * a depth limit.
 */
import type { ParsedSettings } from '../settings'

/** Most nodes looked at in one graph. */
export const MAX_COMFY_NODES = 5000
const MAX_HOPS = 32

type Rec = Record<string, unknown>
const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v)
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

/** Thrown (and turned into "could not read the settings") for a graph we will not walk. */
export class ComfyGraphError extends Error {}

const SAMPLER = /sampler/i
const TEXT_KEYS = ['text', 'text_g', 'prompt', 'string', 'value', 'text_l']
const PASS_KEYS = [
  'conditioning',
  'conditioning_1',
  'conditioning_to',
  'positive',
  'samples',
  'model',
]

function pickSampler<T>(
  nodes: T[],
  typeOf: (n: T) => string,
  has: (n: T) => boolean,
): T | undefined {
  const samplers = nodes.filter((n) => SAMPLER.test(typeOf(n)) && has(n))
  return samplers.find((n) => typeOf(n) === 'KSampler') ?? samplers[0]
}

/** Settings from the API graph (`prompt` chunk). */
export function settingsFromComfyPrompt(graph: unknown): ParsedSettings | null {
  if (!isRecord(graph)) return null
  const ids = Object.keys(graph)
  if (ids.length > MAX_COMFY_NODES)
    throw new ComfyGraphError('The ComfyUI graph has too many nodes.')
  const node = (id: unknown): Rec | undefined => {
    const n = typeof id === 'string' || typeof id === 'number' ? graph[String(id)] : undefined
    return isRecord(n) ? n : undefined
  }
  const inputs = (n: Rec | undefined): Rec => (n && isRecord(n.inputs) ? n.inputs : {})
  const linkTarget = (v: unknown) => (Array.isArray(v) && v.length === 2 ? node(v[0]) : undefined)
  const all = ids.map((id) => node(id)).filter((n): n is Rec => !!n)
  const sampler = pickSampler(
    all,
    (n) => str(n.class_type) ?? '',
    (n) => 'positive' in inputs(n),
  )
  if (!sampler) return null

  /** Follows a value through links (cycle-safe) until a node yields what `read` looks for. */
  const follow = <T>(start: unknown, read: (n: Rec) => T | undefined): T | undefined => {
    const seen = new Set<Rec>()
    let queue = [start]
    for (let hop = 0; hop < MAX_HOPS && queue.length; hop++) {
      const next: unknown[] = []
      for (const v of queue) {
        const n = linkTarget(v)
        if (!n || seen.has(n)) continue
        seen.add(n)
        const found = read(n)
        if (found !== undefined) return found
        const ins = inputs(n)
        for (const k of [...TEXT_KEYS, ...PASS_KEYS]) if (Array.isArray(ins[k])) next.push(ins[k])
      }
      queue = next
    }
    return undefined
  }
  const textOf = (n: Rec) => {
    const ins = inputs(n)
    for (const k of TEXT_KEYS) if (typeof ins[k] === 'string') return ins[k] as string
    return undefined
  }
  const s = inputs(sampler)
  const params: Rec = {}
  if (typeof s.scheduler === 'string') params.scheduler = s.scheduler
  const out: ParsedSettings = { source: 'comfyui', kind: 'image', params }
  const prompt = follow(s.positive, textOf)
  if (prompt !== undefined) out.prompt = prompt
  const negative = follow(s.negative, textOf)
  if (negative !== undefined) out.negativePrompt = negative
  const seed =
    num(s.seed) ??
    num(s.noise_seed) ??
    follow(
      s.seed ?? s.noise_seed,
      (n) => num(inputs(n).seed) ?? num(inputs(n).noise_seed) ?? num(inputs(n).value),
    )
  if (seed !== undefined) out.seed = seed
  const steps = num(s.steps)
  if (steps !== undefined) out.steps = steps
  const cfg = num(s.cfg)
  if (cfg !== undefined) out.guidance = cfg
  const sampler_name = str(s.sampler_name)
  if (sampler_name) out.sampler = sampler_name
  const strength = num(s.denoise)
  if (strength !== undefined && strength < 1) out.strength = strength
  const size = follow(s.latent_image, (n) => {
    const w = num(inputs(n).width)
    const h = num(inputs(n).height)
    return w !== undefined && h !== undefined ? { w, h } : undefined
  })
  if (size) {
    out.width = size.w
    out.height = size.h
  }
  const ckpt = follow(s.model, (n) => str(inputs(n).ckpt_name) ?? str(inputs(n).unet_name))
  if (ckpt) out.foreignModel = ckpt
  return withMappedParams(out)
}

/** Settings from the editor graph (`workflow` chunk), when a file has no API graph. */
export function settingsFromComfyWorkflow(workflow: unknown): ParsedSettings | null {
  if (!isRecord(workflow) || !Array.isArray(workflow.nodes)) return null
  if (workflow.nodes.length > MAX_COMFY_NODES)
    throw new ComfyGraphError('The ComfyUI workflow has too many nodes.')
  const nodes = workflow.nodes.filter(isRecord)
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const links = new Map<unknown, unknown>()
  if (Array.isArray(workflow.links)) {
    for (const l of workflow.links.slice(0, MAX_COMFY_NODES * 8)) {
      if (Array.isArray(l)) links.set(l[0], l[1])
      else if (isRecord(l)) links.set(l.id, l.origin_id)
    }
  }
  const typeOf = (n: Rec) => str(n.type) ?? ''
  const widgets = (n: Rec): unknown[] => (Array.isArray(n.widgets_values) ? n.widgets_values : [])
  const inputLink = (n: Rec, name: string) =>
    Array.isArray(n.inputs)
      ? (n.inputs as unknown[]).filter(isRecord).find((i) => i.name === name)?.link
      : undefined
  const upstream = (n: Rec, name: string): Rec | undefined => {
    const link = inputLink(n, name)
    return link === undefined || link === null ? undefined : byId.get(links.get(link))
  }
  const sampler = pickSampler(nodes, typeOf, (n) => inputLink(n, 'positive') !== undefined)
  if (!sampler) return null
  const follow = <T>(from: Rec, input: string, read: (n: Rec) => T | undefined): T | undefined => {
    const seen = new Set<Rec>()
    let queue: Rec[] = []
    const first = upstream(from, input)
    if (first) queue.push(first)
    for (let hop = 0; hop < MAX_HOPS && queue.length; hop++) {
      const next: Rec[] = []
      for (const n of queue) {
        if (seen.has(n)) continue
        seen.add(n)
        const found = read(n)
        if (found !== undefined) return found
        for (const k of [...TEXT_KEYS, ...PASS_KEYS]) {
          const up = upstream(n, k)
          if (up) next.push(up)
        }
      }
      queue = next
    }
    return undefined
  }
  const textOf = (n: Rec) => {
    const w = widgets(n)
    return /text|prompt|string/i.test(typeOf(n)) && typeof w[0] === 'string' ? w[0] : undefined
  }
  const w = widgets(sampler)
  // KSampler: seed, control, steps, cfg, sampler, scheduler, denoise; Advanced: add_noise first.
  const at = typeOf(sampler) === 'KSamplerAdvanced' ? 1 : 0
  const params: Rec = {}
  if (typeof w[at + 5] === 'string') params.scheduler = w[at + 5]
  const out: ParsedSettings = { source: 'comfyui', kind: 'image', params }
  const prompt = follow(sampler, 'positive', textOf)
  if (prompt !== undefined) out.prompt = prompt
  const negative = follow(sampler, 'negative', textOf)
  if (negative !== undefined) out.negativePrompt = negative
  const seed = num(w[at])
  if (seed !== undefined) out.seed = seed
  const steps = num(w[at + 2])
  if (steps !== undefined) out.steps = steps
  const cfg = num(w[at + 3])
  if (cfg !== undefined) out.guidance = cfg
  const samplerName = str(w[at + 4])
  if (samplerName) out.sampler = samplerName
  const size = follow(sampler, 'latent_image', (n) => {
    const v = widgets(n)
    return /latent/i.test(typeOf(n)) && num(v[0]) !== undefined && num(v[1]) !== undefined
      ? { w: v[0] as number, h: v[1] as number }
      : undefined
  })
  if (size) {
    out.width = size.w
    out.height = size.h
  }
  const ckpt = follow(sampler, 'model', (n) =>
    /checkpoint|unet/i.test(typeOf(n)) ? str(widgets(n)[0]) : undefined,
  )
  if (ckpt) out.foreignModel = ckpt
  return withMappedParams(out)
}

/**
 * The mapped fields also go into `params` under the names forms know (so "Reuse settings" lists
 * only what it really could not use, like the scheduler).
 */
export function withMappedParams(s: ParsedSettings): ParsedSettings {
  const mapped: Rec = {}
  if (s.seed !== undefined) mapped.seed = s.seed
  if (s.steps !== undefined) mapped.steps = s.steps
  if (s.guidance !== undefined) mapped.guidance = s.guidance
  if (s.sampler !== undefined) mapped.sampler = s.sampler
  if (s.width !== undefined) mapped.width = s.width
  if (s.height !== undefined) mapped.height = s.height
  if (s.strength !== undefined) mapped.strength = s.strength
  return { ...s, params: { ...mapped, ...s.params } }
}

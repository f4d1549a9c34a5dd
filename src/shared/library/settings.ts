/**
 * Generation settings embedded in PNGs: written by us (NovelAI-compatible chunks plus our own
 * `gen-studio` chunk) and read back from files made by us, by NovelAI or by AUTOMATIC1111, so a
 * form can offer "apply settings" field by field. Pure TypeScript, used by main and the renderer.
 */
import { readPngText } from './pngChunks'
import { LIBRARY_KINDS, type LibraryKind } from './types'

/** Our own chunk's keyword; its text is the JSON below. */
export const GEN_STUDIO_CHUNK = 'gen-studio'
export const SOFTWARE_NAME = 'Gen Studio'

/** A character prompt (art models); center in 0..1 image coordinates when positioned. */
export interface CharacterPrompt {
  prompt: string
  negativePrompt?: string
  center?: { x: number; y: number }
}

/**
 * Settings read from a file or a library item, in form terms. Every field is optional: a form
 * applies the ones it has a control for and shows the rest (`params`) as "not applied".
 */
export interface ParsedSettings {
  source: 'gen-studio' | 'novelai' | 'a1111' | 'comfyui' | 'invokeai' | 'xmp' | 'none'
  kind?: LibraryKind
  /** One of our model identifiers, when known. */
  model?: string
  /** The model name another tool wrote (not one of ours), for display only. */
  foreignModel?: string
  prompt?: string
  negativePrompt?: string
  seed?: number
  width?: number
  height?: number
  steps?: number
  guidance?: number
  sampler?: string
  count?: number
  strength?: number
  noise?: number
  characters?: CharacterPrompt[]
  /** false = automatic character positioning. */
  useCoords?: boolean
  /** Every parameter as found, including the ones mapped above. */
  params: Record<string, unknown>
}

/** What our `gen-studio` chunk holds: the sidecar's reusable part. */
export interface EmbeddedSettings {
  format: 'gen-studio'
  version: 1
  kind: LibraryKind
  model: string
  prompt: string
  negativePrompt: string
  params: Record<string, unknown>
  seed: number | null
  sourceTaskId: string | null
  created: string
}

const num = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) return v
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v)
  return undefined
}
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** "1024x768" → sizes; anything else → undefined. */
export function parseSize(v: unknown): { width: number; height: number } | undefined {
  if (typeof v !== 'string') return undefined
  const m = /^\s*(\d{1,5})\s*[x×]\s*(\d{1,5})\s*$/i.exec(v)
  return m ? { width: Number(m[1]), height: Number(m[2]) } : undefined
}

/** Reads NovelAI-style v4 captions into character prompts. */
function charactersFrom(params: Record<string, unknown>): CharacterPrompt[] | undefined {
  const v4 = isRecord(params.v4_prompt) ? params.v4_prompt : undefined
  const v4neg = isRecord(params.v4_negative_prompt) ? params.v4_negative_prompt : undefined
  const caps = isRecord(v4?.caption) ? v4.caption.char_captions : undefined
  const negCaps = isRecord(v4neg?.caption) ? v4neg.caption.char_captions : undefined
  if (Array.isArray(caps)) {
    return caps.filter(isRecord).map((c, i) => {
      const neg =
        Array.isArray(negCaps) && isRecord(negCaps[i]) ? str(negCaps[i].char_caption) : undefined
      const center = Array.isArray(c.centers) && isRecord(c.centers[0]) ? c.centers[0] : undefined
      const x = num(center?.x)
      const y = num(center?.y)
      return {
        prompt: str(c.char_caption) ?? '',
        ...(neg ? { negativePrompt: neg } : {}),
        ...(x !== undefined && y !== undefined ? { center: { x, y } } : {}),
      }
    })
  }
  // Workbench extension form: characters: [{prompt, negative_prompt}]
  if (Array.isArray(params.characters)) {
    return params.characters.filter(isRecord).map((c) => ({
      prompt: str(c.prompt) ?? '',
      ...(str(c.negative_prompt) ? { negativePrompt: str(c.negative_prompt) } : {}),
    }))
  }
  return undefined
}

/** Maps the common parameter names of our requests and NovelAI's onto form fields. */
function commonFields(params: Record<string, unknown>): Omit<ParsedSettings, 'source' | 'params'> {
  const size = parseSize(params.size)
  const out: Omit<ParsedSettings, 'source' | 'params'> = {}
  const width = num(params.width) ?? size?.width
  const height = num(params.height) ?? size?.height
  if (width !== undefined) out.width = width
  if (height !== undefined) out.height = height
  const steps = num(params.steps)
  if (steps !== undefined) out.steps = steps
  const guidance = num(params.scale) ?? num(params.guidance)
  if (guidance !== undefined) out.guidance = guidance
  const sampler = str(params.sampler)
  if (sampler) out.sampler = sampler
  const count = num(params.n_samples) ?? num(params.count) ?? num(params.n)
  if (count !== undefined) out.count = count
  const strength = num(params.strength) ?? num(params.source_strength)
  if (strength !== undefined) out.strength = strength
  const noise = num(params.noise) ?? num(params.source_noise)
  if (noise !== undefined) out.noise = noise
  const seed = num(params.seed)
  if (seed !== undefined) out.seed = seed
  const characters = charactersFrom(params)
  if (characters?.length) out.characters = characters
  const v4 = isRecord(params.v4_prompt) ? params.v4_prompt : {}
  if (typeof params.use_coords === 'boolean') out.useCoords = params.use_coords
  else if (typeof v4.use_coords === 'boolean') out.useCoords = v4.use_coords
  else if (typeof params.auto_character_positions === 'boolean')
    out.useCoords = !params.auto_character_positions
  return out
}

/** Settings of something we made (a library item or our PNG chunk). */
/**
 * Native art requests keep their generation settings under `parameters` (width, steps, scale,
 * characters...). Readers of the settings (forms, NovelAI-style tools) expect them flat, so they
 * are lifted to the top level; top-level fields win where both exist.
 */
export function flattenParams(params: Record<string, unknown>): Record<string, unknown> {
  const { parameters, ...rest } = params
  return isRecord(parameters) ? { ...parameters, ...rest } : { ...params }
}

export function settingsFromOurs(item: {
  kind: LibraryKind
  model: string
  prompt: string
  negativePrompt: string
  params: Record<string, unknown>
  seed: number | null
}): ParsedSettings {
  const params = flattenParams(item.params)
  return {
    source: 'gen-studio',
    ...commonFields(params),
    kind: item.kind,
    model: item.model,
    prompt: item.prompt,
    negativePrompt: item.negativePrompt,
    ...(item.seed !== null ? { seed: item.seed } : {}),
    params,
  }
}

/** Our chunk's JSON, validated loosely (a damaged chunk yields null, never an exception). */
export function parseEmbedded(text: string): EmbeddedSettings | null {
  let v: unknown
  try {
    v = JSON.parse(text)
  } catch {
    return null
  }
  if (!isRecord(v) || v.format !== 'gen-studio') return null
  const kind = LIBRARY_KINDS.includes(v.kind as LibraryKind) ? (v.kind as LibraryKind) : 'image'
  return {
    format: 'gen-studio',
    version: 1,
    kind,
    model: str(v.model) ?? '',
    prompt: str(v.prompt) ?? '',
    negativePrompt: str(v.negativePrompt) ?? '',
    params: isRecord(v.params) ? v.params : {},
    seed: num(v.seed) ?? null,
    sourceTaskId: str(v.sourceTaskId) ?? null,
    created: str(v.created) ?? '',
  }
}

/** NovelAI's Source names a model family; map the ones we offer to our identifiers. */
function ourModelFromNovelAiSource(source: string | undefined): string | undefined {
  if (!source) return undefined
  if (/\bV4\.5\b/i.test(source)) return 'art-v4.5'
  if (/\bV5\b/i.test(source)) return 'art-v5'
  return undefined
}

/** NovelAI: Description is the prompt, Comment the parameters JSON (negative prompt in `uc`). */
export function settingsFromNovelAi(chunks: Record<string, string>): ParsedSettings | null {
  let params: Record<string, unknown> = {}
  if (chunks.Comment) {
    try {
      const parsed: unknown = JSON.parse(chunks.Comment)
      if (isRecord(parsed)) params = parsed
    } catch {
      return null
    }
  }
  const prompt = str(params.prompt) ?? chunks.Description
  if (prompt === undefined && !chunks.Comment) return null
  const out: ParsedSettings = { source: 'novelai', kind: 'art', ...commonFields(params), params }
  if (prompt !== undefined) out.prompt = prompt
  const negative = str(params.uc) ?? str(params.negative_prompt)
  if (negative !== undefined) out.negativePrompt = negative
  const model = ourModelFromNovelAiSource(chunks.Source)
  if (model) out.model = model
  if (chunks.Source) out.foreignModel = chunks.Source
  return out
}

/**
 * Whether a line is A1111's `Key: value` pairs line: A1111 itself takes a last line with three
 * or more pairs; lines that start with a key of ours or A1111's count too (a model without steps).
 */
export function isA1111PairsLine(line: string): boolean {
  if (/^\s*(Steps|Sampler|CFG scale|Seed|Size|Model): /.test(line)) return true
  return line.split(',').filter((part) => /^\s*[\w ]{1,40}: /.test(part)).length >= 3
}

/** Longest A1111 pairs line parsed (hashes of many LoRAs make long but not this long lines). */
const MAX_PAIRS_LINE = 16 * 1024

/**
 * AUTOMATIC1111's `parameters` text: prompt lines, an optional "Negative prompt:" block, then one
 * line of `Key: value` pairs starting with "Steps:" (values may be quoted and contain commas).
 */
export function settingsFromA1111(text: string): ParsedSettings {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  let paramsLine = ''
  let lastIndex = lines.length - 1
  while (lastIndex >= 0 && lines[lastIndex]!.trim() === '') lastIndex--
  const last = lastIndex >= 0 ? lines[lastIndex]! : ''
  if (isA1111PairsLine(last)) {
    // Real pairs lines are a few KiB; the cap keeps the pair regex below fast on crafted text.
    paramsLine = lines[lastIndex]!.slice(0, MAX_PAIRS_LINE)
    lines.length = lastIndex
  }
  const promptLines: string[] = []
  const negativeLines: string[] = []
  let inNegative = false
  for (const line of lines) {
    if (!inNegative && line.startsWith('Negative prompt:')) {
      inNegative = true
      negativeLines.push(line.slice('Negative prompt:'.length).trimStart())
    } else (inNegative ? negativeLines : promptLines).push(line)
  }
  const params: Record<string, unknown> = {}
  const re = /\s*([\w ]{1,64}?):\s*("(?:\\.|[^\\"])*"|[^,]*)(?:,|$)/g
  for (const m of paramsLine.matchAll(re)) {
    const key = m[1]!.trim()
    let value = m[2]!.trim()
    if (value.startsWith('"') && value.endsWith('"')) {
      try {
        value = JSON.parse(value) as string
      } catch {
        value = value.slice(1, -1)
      }
    }
    if (key) params[key] = value
  }
  const out: ParsedSettings = {
    source: 'a1111',
    kind: 'image',
    prompt: promptLines.join('\n').trim(),
    negativePrompt: negativeLines.join('\n').trim(),
    params,
  }
  const steps = num(params.Steps)
  if (steps !== undefined) out.steps = steps
  const guidance = num(params['CFG scale'])
  if (guidance !== undefined) out.guidance = guidance
  const seed = num(params.Seed)
  if (seed !== undefined) out.seed = seed
  const sampler = str(params.Sampler)
  if (sampler) out.sampler = sampler
  const size = parseSize(params.Size)
  if (size) {
    out.width = size.width
    out.height = size.height
  }
  const strength = num(params['Denoising strength'])
  if (strength !== undefined) out.strength = strength
  const model = str(params.Model)
  if (model) out.foreignModel = model
  return out
}

/**
 * Settings from a PNG's text chunks, preferring our own chunk, then NovelAI's, then A1111's.
 * A file with none of them yields `{source: 'none', params: {}}`.
 */
export function settingsFromPngText(chunks: Record<string, string>): ParsedSettings {
  const ours = chunks[GEN_STUDIO_CHUNK] ? parseEmbedded(chunks[GEN_STUDIO_CHUNK]) : null
  if (ours) return settingsFromOurs(ours)
  if (
    chunks.Comment ||
    (chunks.Description && /novelai/i.test(`${chunks.Software} ${chunks.Source} ${chunks.Title}`))
  ) {
    const nai = settingsFromNovelAi(chunks)
    if (nai) return nai
  }
  if (chunks.parameters) return settingsFromA1111(chunks.parameters)
  return { source: 'none', params: {} }
}

/** Reads the settings out of PNG bytes; a non-PNG or damaged file throws with a readable message. */
export async function settingsFromPng(bytes: Uint8Array): Promise<ParsedSettings> {
  return settingsFromPngText(await readPngText(bytes))
}

/**
 * The text chunks we write into a PNG: NovelAI-compatible (Title, Description = prompt, Software,
 * Source = model, Comment = parameters JSON with `prompt`, `uc`, `seed`) plus our own full copy.
 */
export function pngTextFor(settings: EmbeddedSettings): Record<string, string> {
  const comment: Record<string, unknown> = {
    ...flattenParams(settings.params),
    prompt: settings.prompt,
    uc: settings.negativePrompt,
  }
  if (settings.seed !== null) comment.seed = settings.seed
  return {
    Title: 'AI generated image',
    Description: settings.prompt,
    Software: SOFTWARE_NAME,
    Source: settings.model,
    Comment: JSON.stringify(comment),
    [GEN_STUDIO_CHUNK]: JSON.stringify(settings),
  }
}

/**
 * Writes AUTOMATIC1111's `parameters` text, the format Civitai, A1111's PNG Info, Forge, SD.Next
 * and most image browsers read: prompt lines, a `Negative prompt:` line, then one line of
 * `Key: value` pairs. Only the keys the request really had are written (a video has no sampler).
 */
import { type EmbeddedSettings, flattenParams, parseSize } from '../settings'

const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined

/** A1111 quotes a value holding a separator so the line still splits into pairs. */
function pairValue(v: string | number): string {
  const s = String(v).replace(/[\r\n]+/g, ' ')
  return /[,:"]/.test(s) ? JSON.stringify(s) : s
}

/**
 * The `parameters` text for one saved result; `includePrompt: false` leaves out the prompt and
 * negative prompt (the library's "embed prompts" setting) and keeps the rest.
 */
export function a1111Parameters(settings: EmbeddedSettings, includePrompt = true): string {
  const p = flattenParams(settings.params)
  const pairs: [string, string | number][] = []
  const steps = num(p.steps)
  if (steps !== undefined) pairs.push(['Steps', steps])
  if (typeof p.sampler === 'string' && p.sampler) pairs.push(['Sampler', p.sampler])
  const cfg = num(p.scale) ?? num(p.guidance) ?? num(p.guidance_scale) ?? num(p.cfg_scale)
  if (cfg !== undefined) pairs.push(['CFG scale', cfg])
  const seed = settings.seed ?? num(p.seed)
  if (seed !== undefined && seed !== null) pairs.push(['Seed', seed])
  const size = parseSize(p.size)
  const width = num(p.width) ?? size?.width
  const height = num(p.height) ?? size?.height
  if (width !== undefined && height !== undefined) pairs.push(['Size', `${width}x${height}`])
  if (settings.model) pairs.push(['Model', settings.model])
  const strength = num(p.strength)
  if (strength !== undefined) pairs.push(['Denoising strength', strength])
  const line = pairs.map(([k, v]) => `${k}: ${pairValue(v)}`).join(', ')
  const lines: string[] = []
  if (includePrompt) {
    if (settings.prompt) lines.push(settings.prompt)
    if (settings.negativePrompt) lines.push(`Negative prompt: ${settings.negativePrompt}`)
  }
  lines.push(line)
  return lines.join('\n')
}

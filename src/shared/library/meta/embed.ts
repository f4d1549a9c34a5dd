/**
 * What we embed in a saved or exported file, per format, from one result's settings: the
 * NovelAI-compatible chunks and our own (PNG), the A1111 `parameters` text, and an XMP packet with
 * the IPTC "trained algorithmic media" label. `includePrompts: false` (the library setting or an
 * export choice) keeps the label and the settings but leaves every prompt out.
 */
import { type EmbeddedSettings, pngTextFor, SOFTWARE_NAME } from '../settings'
import { a1111Parameters } from './a1111'
import { buildXmp } from './xmp'

/** What a saved result (a save, or a library item on export) embeds: its reusable settings. */
export function embeddedSettings(
  r: Pick<EmbeddedSettings, 'kind' | 'model' | 'prompt' | 'negativePrompt' | 'params'> & {
    seed?: number | null
    sourceTaskId?: string | null
  },
  createdMs: number,
): EmbeddedSettings {
  return {
    format: 'gen-studio',
    version: 1,
    kind: r.kind,
    model: r.model,
    prompt: r.prompt,
    negativePrompt: r.negativePrompt,
    params: r.params,
    seed: r.seed ?? null,
    sourceTaskId: r.sourceTaskId ?? null,
    created: new Date(createdMs).toISOString(),
  }
}

/** The PNG keyword XMP lives under (iTXt, per the XMP specification part 3). */
export const XMP_PNG_KEYWORD = 'XML:com.adobe.xmp'

/** Parameter names that carry prompt text (ours, NovelAI's): dropped when prompts are left out. */
const PROMPT_KEY = /prompt|caption|^uc$|^input$|^characters$/i

/** The settings with every prompt removed (model, seed, size and the rest stay). */
export function withoutPrompts(settings: EmbeddedSettings): EmbeddedSettings {
  const strip = (params: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(params)
        .filter(([k]) => !PROMPT_KEY.test(k))
        .map(([k, v]) => [
          k,
          k === 'parameters' && v && typeof v === 'object' && !Array.isArray(v)
            ? strip(v as Record<string, unknown>)
            : v,
        ]),
    )
  return { ...settings, prompt: '', negativePrompt: '', params: strip(settings.params) }
}

/** The XMP packet for one result. */
export function xmpFor(settings: EmbeddedSettings, includePrompts: boolean): string {
  const s = includePrompts ? settings : withoutPrompts(settings)
  return buildXmp({
    creatorTool: SOFTWARE_NAME,
    ...(includePrompts && s.prompt ? { description: s.prompt } : {}),
    parameters: a1111Parameters(s, includePrompts),
    settings: JSON.stringify(s),
  })
}

/** Every PNG text entry we write: NovelAI-style, ours, A1111 `parameters` and XMP. */
export function pngEntriesFor(
  settings: EmbeddedSettings,
  includePrompts: boolean,
): Record<string, string> {
  const s = includePrompts ? settings : withoutPrompts(settings)
  const entries = pngTextFor(s)
  if (!includePrompts) delete entries.Description
  entries.parameters = a1111Parameters(s, includePrompts)
  entries[XMP_PNG_KEYWORD] = xmpFor(settings, includePrompts)
  return entries
}

/**
 * The XMP packet made to fit `maxBytes` (a JPEG APP1 segment holds about 64 KiB): first whole,
 * then without our settings JSON, then with the prompt cut, then with no prompt at all.
 */
export function fittedXmp(
  settings: EmbeddedSettings,
  includePrompts: boolean,
  maxBytes: number,
): string {
  const size = (s: string) => new TextEncoder().encode(s).length
  const full = xmpFor(settings, includePrompts)
  if (size(full) <= maxBytes) return full
  const s = includePrompts ? settings : withoutPrompts(settings)
  const lean = (prompt: string | undefined) =>
    buildXmp({
      creatorTool: SOFTWARE_NAME,
      ...(prompt !== undefined ? { description: prompt } : {}),
      parameters: a1111Parameters({ ...s, prompt: prompt ?? '', negativePrompt: '' }, true),
    })
  const budget = Math.floor(maxBytes / 8)
  for (const prompt of includePrompts ? [s.prompt, s.prompt.slice(0, budget)] : [])
    if (size(lean(prompt)) <= maxBytes) return lean(prompt)
  return lean(undefined)
}

/** What a video carries: XMP, the A1111-style settings line as comment, the prompt as description. */
export function mp4MetaFor(
  settings: EmbeddedSettings,
  includePrompts: boolean,
): { xmp: string; comment: string; description?: string } {
  const s = includePrompts ? settings : withoutPrompts(settings)
  return {
    xmp: xmpFor(settings, includePrompts),
    comment: a1111Parameters(s, includePrompts),
    ...(includePrompts && s.prompt ? { description: s.prompt } : {}),
  }
}

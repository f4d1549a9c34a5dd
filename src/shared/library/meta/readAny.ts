/**
 * One way to read generation settings out of any file we take in (PNG, JPEG, WebP, or an MP4's
 * metadata read by main): ours, NovelAI's, ComfyUI's, InvokeAI's, A1111/Forge's, EXIF
 * UserComment or plain XMP, all mapped to ParsedSettings for "Reuse settings". Metadata that is
 * there but cannot be read (cut for size, broken JSON, a graph too large) answers with a problem
 * the user is shown, never an exception.
 */
import { readPngText, TRUNCATED_NOTE } from '../pngChunks'
import {
  GEN_STUDIO_CHUNK,
  isA1111PairsLine,
  type ParsedSettings,
  parseEmbedded,
  settingsFromA1111,
  settingsFromNovelAi,
  settingsFromOurs,
} from '../settings'
import { ComfyGraphError, settingsFromComfyPrompt, settingsFromComfyWorkflow } from './comfy'
import { XMP_PNG_KEYWORD } from './embed'
import { settingsFromInvokeAi, settingsFromInvokeAiLegacy } from './invoke'
import { exifUserComment, isJpeg, readJpegMeta } from './jpeg'
import { isWebp, readWebpMeta } from './webp'
import { readXmp } from './xmp'

/** Settings, or why the metadata a file has could not be read. */
export type SettingsRead = { settings: ParsedSettings } | { problem: string }

const NONE: SettingsRead = { settings: { source: 'none', params: {} } }
/** Key under which EXIF UserComment text joins the text map. */
export const EXIF_COMMENT_KEY = 'exif:UserComment'

function parseJson(text: string, what: string): unknown {
  if (text.endsWith(TRUNCATED_NOTE)) throw new ComfyGraphError(`The ${what} is too large to read.`)
  try {
    return JSON.parse(text)
  } catch {
    throw new ComfyGraphError(`The ${what} is not valid JSON.`)
  }
}

/** A1111 text is recognised by its last line of pairs. */
const looksA1111 = (t: string) =>
  isA1111PairsLine(t.slice(-65536).trimEnd().split('\n').pop() ?? '')

function fromTexts(t: Record<string, string>): ParsedSettings | null {
  const xmp = t[XMP_PNG_KEYWORD] ? readXmp(t[XMP_PNG_KEYWORD]) : {}
  for (const ours of [t[GEN_STUDIO_CHUNK], xmp.settings]) {
    const parsed = ours ? parseEmbedded(ours) : null
    if (parsed) return settingsFromOurs(parsed)
  }
  if (t.Comment || (t.Description && /novelai/i.test(`${t.Software} ${t.Source} ${t.Title}`))) {
    if (t.Comment?.endsWith(TRUNCATED_NOTE))
      throw new ComfyGraphError('The NovelAI settings are too large to read.')
    const nai = settingsFromNovelAi(t)
    if (nai) return nai
  }
  if (t.prompt && t.prompt.trimStart().startsWith('{')) {
    const s = settingsFromComfyPrompt(parseJson(t.prompt, 'ComfyUI prompt graph'))
    if (s) return s
  }
  if (t.workflow) {
    const s = settingsFromComfyWorkflow(parseJson(t.workflow, 'ComfyUI workflow'))
    if (s) return s
  }
  if (t.invokeai_metadata) {
    const s = settingsFromInvokeAi(parseJson(t.invokeai_metadata, 'InvokeAI metadata'))
    if (s) return s
  }
  if (t['sd-metadata']) {
    const s = settingsFromInvokeAiLegacy(parseJson(t['sd-metadata'], 'InvokeAI metadata'))
    if (s) return s
  }
  for (const text of [t.parameters, t[EXIF_COMMENT_KEY], xmp.parameters, t.comment]) {
    if (text && looksA1111(text)) return settingsFromA1111(text)
  }
  // A NovelAI JPEG/WebP keeps its Comment JSON in EXIF UserComment.
  const exif = t[EXIF_COMMENT_KEY]?.trim()
  if (exif?.startsWith('{')) {
    const nai = settingsFromNovelAi({ Comment: exif })
    if (nai) return nai
  }
  if (xmp.description) return { source: 'xmp', prompt: xmp.description, params: {} }
  return null
}

/** Settings from a map of metadata texts (PNG chunks, or the texts of another format). */
export function settingsFromTexts(texts: Record<string, string>): SettingsRead {
  try {
    const s = fromTexts(texts)
    return s ? { settings: s } : NONE
  } catch (e) {
    if (e instanceof ComfyGraphError || e instanceof RangeError)
      return { problem: `Could not read the settings: ${e.message}` }
    throw e
  }
}

/** The metadata texts of a PNG, JPEG or WebP (an empty map for other formats). */
export async function metadataTexts(bytes: Uint8Array): Promise<Record<string, string>> {
  if (isJpeg(bytes)) {
    const m = readJpegMeta(bytes)
    const t: Record<string, string> = {}
    if (m.xmp) t[XMP_PNG_KEYWORD] = m.xmp
    if (m.userComment) t[EXIF_COMMENT_KEY] = m.userComment
    if (m.comment) t.comment = m.comment
    return t
  }
  if (isWebp(bytes)) {
    const m = readWebpMeta(bytes)
    const t: Record<string, string> = {}
    if (m.xmp) t[XMP_PNG_KEYWORD] = m.xmp
    const comment = m.exif ? exifUserComment(m.exif) : undefined
    if (comment) t[EXIF_COMMENT_KEY] = comment
    return t
  }
  return readPngText(bytes, false)
}

/**
 * Settings from the bytes of an image. A damaged container throws (the caller names the file);
 * unreadable metadata inside a sound file answers with a problem.
 */
export async function settingsFromImageBytes(bytes: Uint8Array): Promise<SettingsRead> {
  return settingsFromTexts(await metadataTexts(bytes))
}

import { getImageModel, getNativeModel, getVideoModel, type NativeModelId } from '@shared/catalog'
import { defineKeys } from '@shared/i18n/keys'
import type { ParsedSettings } from '@shared/library/settings'
import type { LibraryKind } from '@shared/library/types'

import type { CharacterDraft, Drafts, FormId } from '../stores/forms'
import { cellFor } from './characters'

/**
 * The form fields "apply settings" can fill, each with its label in the `common` catalog: the
 * report names fields by these ids, and the notice under the form's title shows their labels.
 */
export const APPLIED_FIELD_KEYS = defineKeys('common', {
  prompt: 'fieldPrompt',
  model: 'fieldModel',
  size: 'fieldSize',
  quality: 'fieldQuality',
  'aspect ratio': 'fieldAspectRatio',
  count: 'fieldCount',
  'image URLs': 'fieldImageUrls',
  'response format': 'fieldResponseFormat',
  duration: 'fieldDuration',
  resolution: 'fieldResolution',
  'reference videos': 'fieldReferenceVideos',
  'reference seconds': 'fieldReferenceSeconds',
  'model variant': 'fieldModelVariant',
  'negative prompt': 'fieldNegativePrompt',
  steps: 'fieldSteps',
  guidance: 'fieldGuidance',
  seed: 'fieldSeed',
  characters: 'fieldCharacters',
  'character positions': 'fieldCharacterPositions',
  samples: 'fieldSamples',
  sampler: 'fieldSampler',
  strength: 'fieldStrength',
  noise: 'fieldNoise',
  action: 'fieldAction',
  'source strength': 'fieldSourceStrength',
  'source noise': 'fieldSourceNoise',
})

/** A field "apply settings" filled (see APPLIED_FIELD_KEYS for its label). */
export type AppliedField = keyof typeof APPLIED_FIELD_KEYS

/** What applying settings did, field by field, for the notice under the form's title. */
export interface ApplyReport<F extends FormId> {
  draft: Drafts[F]
  applied: AppliedField[]
  /** Parameters that were found but have no field on this form, by the file's own names. */
  skipped: string[]
  /** A model of another tool the settings name (a checkpoint file): not applied, named apart. */
  foreignModel: string | null
}

/** Which form a library item's settings belong to. */
export function formForKind(kind: LibraryKind | undefined, model?: string): FormId | null {
  if (kind === 'image' || kind === 'video' || kind === 'art' || kind === 'workbench') {
    return kind === 'image' ? 'images' : kind
  }
  if (model && getVideoModel(model)) return 'video'
  if (model && getImageModel(model)) return 'images'
  return null
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined

/** The native variant a saved item used: its own field, or the catalog model's native id. */
function variantOf(s: ParsedSettings): NativeModelId | undefined {
  for (const candidate of [s.params.model_variant, s.params.model, s.model]) {
    if (typeof candidate === 'string' && getNativeModel(candidate))
      return candidate as NativeModelId
  }
  const model = s.model ? getImageModel(s.model) : undefined
  if (model?.nativeModel) return model.nativeModel
  if (s.model === 'art-v4.5') return 'art-diffusion-4-5-full'
  return undefined
}

function charactersOf(s: ParsedSettings): CharacterDraft[] | undefined {
  if (!s.characters) return undefined
  return s.characters.map((c, i) => ({
    prompt: c.prompt,
    negativePrompt: c.negativePrompt ?? '',
    position: c.center ? cellFor(c.center) : ['B3', 'D3', 'C3', 'A3', 'E3'][i % 5]!,
  }))
}

const MAPPED = new Set([
  'model',
  'model_variant',
  'prompt',
  'negative_prompt',
  'input',
  'size',
  'width',
  'height',
  'steps',
  'scale',
  'guidance',
  'sampler',
  'n',
  'n_samples',
  'count',
  'seed',
  'strength',
  'noise',
  'source_strength',
  'source_noise',
  'quality',
  'aspect_ratio',
  'image_urls',
  'mode',
  'duration',
  'resolution',
  'reference_video_urls',
  'input_video_seconds',
  'v4_prompt',
  'v4_negative_prompt',
  'characters',
  'use_coords',
  'auto_character_positions',
  'action',
  'response_format',
  'uc',
  'referenceCount',
])

/**
 * Fills a form from saved settings (a library item, or a PNG made by us, NovelAI or A1111), field
 * by field: each field the form has and the settings carry is set, the rest is listed as not
 * applied. Values are written as typed text, so a value outside the model's range shows its
 * message at the field instead of being sent.
 */
export function applySettings<F extends FormId>(
  form: F,
  current: Drafts[F],
  // Native `parameters` arrive already lifted to the top (the library's settingsFromOurs).
  s: ParsedSettings,
): ApplyReport<F> {
  const applied: AppliedField[] = []
  const d = structuredClone(current) as Drafts[FormId]
  const set = (label: AppliedField, fn: () => void) => {
    fn()
    applied.push(label)
  }
  const p = s.params
  if (s.prompt !== undefined) set('prompt', () => (d.prompt = s.prompt!))

  if (form === 'images') {
    const x = d as Drafts['images']
    const model = s.model ? getImageModel(s.model) : undefined
    if (model && model.publicApi && !model.nativeModel) set('model', () => (x.model = model.id))
    const size = str(p.size) ?? (s.width && s.height ? `${s.width}x${s.height}` : undefined)
    if (size && getImageModel(x.model)?.size) {
      set('size', () => {
        x.sizeChoice = 'custom'
        x.customSize = size
      })
    }
    const q = str(p.quality)
    if (q === 'low' || q === 'auto' || q === 'medium' || q === 'high')
      set('quality', () => (x.quality = q))
    const ar = str(p.aspect_ratio)
    if (ar) set('aspect ratio', () => (x.aspectRatio = ar))
    const n = num(p.n) ?? s.count
    if (n !== undefined) set('count', () => (x.n = String(n)))
    if (Array.isArray(p.image_urls)) {
      set(
        'image URLs',
        () =>
          (x.imageUrls = (p.image_urls as unknown[])
            .filter((u) => typeof u === 'string')
            .join('\n')),
      )
    }
    const rf = str(p.response_format)
    if (rf === 'url' || rf === 'b64_json') set('response format', () => (x.responseFormat = rf))
  } else if (form === 'video') {
    const x = d as Drafts['video']
    const model = s.model ? getVideoModel(s.model) : undefined
    if (model) set('model', () => (x.model = model.id))
    const duration = num(p.duration)
    if (duration !== undefined) set('duration', () => (x.duration = String(duration)))
    const resolution = str(p.resolution)
    if (resolution) set('resolution', () => (x.resolution = resolution))
    const ar = str(p.aspect_ratio)
    if (ar) set('aspect ratio', () => (x.aspectRatio = ar))
    if (Array.isArray(p.reference_video_urls)) {
      set('reference videos', () => {
        x.referenceMode = true
        x.referenceUrls = (p.reference_video_urls as unknown[])
          .filter((u) => typeof u === 'string')
          .join('\n')
      })
    }
    const seconds = num(p.input_video_seconds)
    if (seconds !== undefined)
      set('reference seconds', () => (x.inputVideoSeconds = String(seconds)))
  } else {
    const x = d as Drafts['art'] | Drafts['workbench']
    const variant = variantOf(s)
    if (variant) set('model variant', () => (x.variant = variant))
    if (s.negativePrompt !== undefined)
      set('negative prompt', () => (x.negativePrompt = s.negativePrompt!))
    if (s.width !== undefined && s.height !== undefined) {
      set('size', () => {
        x.sizeChoice = 'custom'
        x.width = String(s.width)
        x.height = String(s.height)
      })
    }
    if (s.steps !== undefined) set('steps', () => (x.steps = String(s.steps)))
    if (s.guidance !== undefined) set('guidance', () => (x.guidance = String(s.guidance)))
    if (s.seed !== undefined) {
      set('seed', () => {
        x.seedMode = 'fixed'
        x.seed = String(s.seed)
      })
    }
    const characters = charactersOf(s)
    if (characters) set('characters', () => (x.characters = characters))
    if (s.useCoords !== undefined)
      set('character positions', () => (x.autoPositions = !s.useCoords))
    if (form === 'art') {
      const a = x as Drafts['art']
      if (s.count !== undefined) set('samples', () => (a.samples = String(s.count)))
      if (s.sampler) set('sampler', () => (a.sampler = s.sampler!))
      if (s.strength !== undefined) set('strength', () => (a.strength = String(s.strength)))
      if (s.noise !== undefined) set('noise', () => (a.noise = String(s.noise)))
      const action = str(p.action)
      if (action === 'generate' || action === 'img2img' || action === 'infill') {
        set('action', () => (a.action = action))
      }
    } else {
      const w = x as Drafts['workbench']
      if (s.count !== undefined) set('count', () => (w.count = String(s.count)))
      if (s.strength !== undefined)
        set('source strength', () => (w.sourceStrength = String(s.strength)))
      if (s.noise !== undefined) set('source noise', () => (w.sourceNoise = String(s.noise)))
    }
  }
  const skipped = Object.keys(p).filter((k) => !MAPPED.has(k))
  const foreignModel =
    s.foreignModel && !applied.includes('model') && !applied.includes('model variant')
      ? s.foreignModel
      : null
  return { draft: d as Drafts[F], applied, skipped, foreignModel }
}

import {
  dimensionsForAspect,
  getImageModel,
  IMAGE_QUALITIES,
  type ImageEditRequest,
  type ImageGenerationRequest,
  type ImageModel,
  imageOutputFor,
  type ImageQuality,
  parseAspectRatio,
  type ReferenceFileMeta,
  type SizeTier,
  tierFor,
  validateImageEdit,
  validateImageGeneration,
} from '@shared/catalog'
import { estimateImage, type PriceEstimate } from '@shared/pricing'

import { addValidation, type FieldErrors, noErrors } from '../../forms/formErrors'
import { linesOf, parseIntText } from '../../forms/numbers'
import { fileProblems, type RefItem } from '../../forms/references'
import { translate } from '../../i18n/translate'
import type { ImagesDraft } from '../../stores/forms'

/** The form's fields; every validator message lands on one of these. */
export type ImagesField =
  | 'model'
  | 'prompt'
  | 'size'
  | 'quality'
  | 'aspect_ratio'
  | 'n'
  | 'image_urls'
  | 'references'
  | 'mode'
  | 'response_format'

export interface ImagesFormModel {
  model: ImageModel
  operation: 'generate' | 'edit'
  generation: ImageGenerationRequest | null
  edit: ImageEditRequest | null
  errors: FieldErrors<ImagesField>
  ok: boolean
  /** null while a field the price depends on (model, n, quality) is invalid. */
  estimate: PriceEstimate | null
  /** The pixels the request produces, when known. */
  output: { width: number; height: number; tier: SizeTier } | null
  referenceCount: number
}

/** Models the images screen can send (images endpoints, public API); the rest are shown disabled. */
export const imagesEndpointModel = (m: ImageModel, operation: 'generate' | 'edit'): boolean =>
  m.publicApi && m.endpoints.includes(operation === 'edit' ? 'images.edits' : 'images.generations')

/** Why a model cannot be picked here (in the interface language), or null. */
export function unavailableReason(m: ImageModel, operation: 'generate' | 'edit'): string | null {
  if (!m.publicApi) return translate('images', 'unavailableWebOnly')
  if (m.nativeModel) return translate('images', 'unavailableUseArt')
  if (!imagesEndpointModel(m, operation)) {
    return operation === 'edit'
      ? translate('images', 'unavailableNoEdits')
      : translate('images', 'unavailableEditsOnly')
  }
  return null
}

const PRESET_ASPECTS = ['1:1', '4:3', '3:4', '3:2', '2:3', '16:9', '9:16'] as const

/**
 * Size presets for a `size` model at a tier: the largest rectangle of each common aspect ratio
 * that fits the tier (or the model's pixel range), rounded to the model's multiple, kept only
 * when the catalog's own validator accepts it.
 */
export function sizePresets(
  model: ImageModel,
  quality: ImageQuality,
): Array<{ value: string; label: string }> {
  if (!model.size) return []
  const tier = tierFor(model, quality)
  const seen = new Set<string>()
  const out: Array<{ value: string; label: string }> = []
  for (const aspect of PRESET_ASPECTS) {
    const ratio = parseAspectRatio(aspect)!
    const { width, height } = dimensionsForAspect(tier, ratio, model.size.multipleOf)
    const value = `${width}x${height}`
    if (seen.has(value)) continue
    const check = validateImageGeneration({
      model: model.id,
      prompt: 'x',
      size: value,
      ...(model.qualityTiers ? { quality } : {}),
    })
    if (!check.ok) continue
    seen.add(value)
    out.push({ value, label: `${width} × ${height} (${aspect})` })
  }
  return out
}

/**
 * The qualities a model accepts, each with the resolution it gives: its tier, or the model's fixed
 * resolution when quality does not change it (`fixed`). The screen words them.
 */
export function qualityOptions(
  model: ImageModel,
): Array<{ value: ImageQuality; fixed: boolean; resolution: string }> {
  const tiers = model.qualityTiers
  if (!tiers) return []
  return IMAGE_QUALITIES.filter((q) => tiers[q]).map((q) => ({
    value: q,
    fixed: Boolean(model.qualityIgnored),
    resolution: model.qualityIgnored ? (model.fixedResolution?.label ?? '') : (tiers[q] ?? ''),
  }))
}

/** The size actually requested: the preset, or the custom text. */
export const chosenSize = (d: ImagesDraft): string =>
  d.sizeChoice === 'custom' ? d.customSize.trim() : d.sizeChoice

/**
 * After the model, operation or quality changed: moves every choice to one the model offers
 * (keeping the aspect ratio of a size preset where possible), so the form never sits on a value
 * the new model does not have.
 */
export function normalizeImagesDraft(d: ImagesDraft): ImagesDraft {
  const model = getImageModel(d.model)
  if (!model) return d
  const next = { ...d }
  if (model.qualityTiers && !model.qualityTiers[next.quality]) next.quality = 'auto'
  if (model.aspectRatios && !model.aspectRatios.includes(next.aspectRatio)) {
    next.aspectRatio = model.aspectRatios.includes('1:1') ? '1:1' : (model.aspectRatios[0] ?? '')
  }
  if (model.size && next.sizeChoice !== 'custom') {
    const presets = sizePresets(model, next.quality)
    if (!presets.some((p) => p.value === next.sizeChoice)) {
      const current = /^(\d+)x(\d+)$/.exec(next.sizeChoice)
      const wanted = current ? Number(current[1]) / Number(current[2]) : 1
      const best = [...presets].sort((a, b) => {
        const ra = /^(\d+)x(\d+)$/.exec(a.value)!
        const rb = /^(\d+)x(\d+)$/.exec(b.value)!
        return (
          Math.abs(Number(ra[1]) / Number(ra[2]) - wanted) -
          Math.abs(Number(rb[1]) / Number(rb[2]) - wanted)
        )
      })[0]
      next.sizeChoice = best?.value ?? '1024x1024'
    }
  }
  const n = parseIntText(next.n)
  if (n !== undefined && !Number.isNaN(n) && (n < model.n.min || n > model.n.max)) {
    next.n = String(Math.min(Math.max(n, model.n.min), model.n.max))
  }
  return next
}

const fieldOf = (path: string): ImagesField => {
  if (path.startsWith('image[')) return 'references'
  if (path.startsWith('image_urls')) return 'image_urls'
  if (path === 'body') return 'model'
  return path as ImagesField
}

/**
 * The images form as a request: the draft and its reference files turned into the body of
 * /v1/images/generations or /v1/images/edits, checked by the catalog's validators, with each
 * message placed on its field, and priced by the shared tables.
 */
export function buildImagesForm(d: ImagesDraft, references: readonly RefItem[]): ImagesFormModel {
  const model = getImageModel(d.model) ?? getImageModel('std-image-2')!
  const operation = d.operation
  const errors: FieldErrors<ImagesField> = {}
  const reason = unavailableReason(model, operation)
  if (reason) errors.model = translate('images', 'modelUnavailable', { model: model.label, reason })

  const common: ImageGenerationRequest = { model: model.id, prompt: d.prompt }
  const n = parseIntText(d.n)
  if (n !== undefined) common.n = n
  if (model.size) {
    const size = chosenSize(d)
    if (size === '') errors.size = translate('images', 'sizeMissing')
    else common.size = size
  }
  if (model.qualityTiers) common.quality = d.quality
  if (model.aspectRatios && d.aspectRatio) common.aspect_ratio = d.aspectRatio
  if (model.requiredMode) common.mode = model.requiredMode
  common.response_format = d.responseFormat
  const urls = model.urlReferences ? linesOf(d.imageUrls) : []
  if (urls.length > 0) common.image_urls = urls

  let generation: ImageGenerationRequest | null = null
  let edit: ImageEditRequest | null = null
  let referenceCount = urls.length
  if (operation === 'generate') {
    generation = common
    if (!reason) addValidation(errors, validateImageGeneration(generation), fieldOf)
  } else {
    edit = common
    referenceCount += references.length
    const files: ReferenceFileMeta[] = references.map((r) => ({
      name: r.name,
      bytes: r.bytes,
      type: r.type,
      ...(r.width !== null && r.height !== null ? { width: r.width, height: r.height } : {}),
    }))
    if (!reason) addValidation(errors, validateImageEdit(edit, files), fieldOf)
    // The file's own problem names the file, so it is shown before the catalog's general rule.
    const problem = fileProblems(references, {})
    if (problem) errors.references = problem
  }

  const first = references[0]
  const output = reason
    ? null
    : imageOutputFor(
        model,
        common,
        first && first.width !== null && first.height !== null
          ? { width: first.width, height: first.height }
          : undefined,
      )
  const estimate =
    errors.model || errors.n || errors.quality
      ? null
      : estimateImage({
          model: model.id,
          quality: common.quality,
          aspect_ratio: common.aspect_ratio,
          n: n ?? 1,
          referenceCount,
        })
  return {
    model,
    operation,
    generation,
    edit,
    errors,
    ok: noErrors(errors),
    estimate,
    output,
    referenceCount,
  }
}

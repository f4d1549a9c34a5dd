/**
 * Validators for POST /v1/images/generations and /v1/images/edits, driven by the per-model rows
 * of the catalog, plus the output dimensions each request implies (the simulator renders them and
 * pricing reads the tier from them).
 */
import { msg } from '../i18n/message'
import { checkModelOfKind } from './modelField'
import { type ApiEndpoint, IMAGE_QUALITIES, type ImageModel, RESPONSE_FORMATS } from './models'
import {
  dimensionsForAspect,
  parseAspectRatio,
  parseSize,
  type SizeTier,
  TIER_DEFAULT_SIDE,
  TIER_PIXEL_BUDGET,
} from './tiers'
import type { ReferenceFileMeta } from './types'
import {
  checkInt,
  checkOneOf,
  checkString,
  checkUrlList,
  isObject,
  Issues,
  type Obj,
  type Validation,
} from './validation'

/** 1048576 → "1,048,576". */
export const groupDigits = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

const countMessage = (field: string, range: { min: number; max: number }, model: string): string =>
  range.min === range.max
    ? range.min === 1
      ? msg('imgCountOne', { field, model })
      : msg('imgCountExactly', { field, count: range.min, model })
    : range.min === 0
      ? msg('imgCountAtMost', { field, max: range.max, model })
      : msg('imgCountRange', { field, min: range.min, max: range.max, model })

/**
 * Resolves the `model` field for an images endpoint; adds a `model` issue and returns undefined
 * when the model is unknown, not an image model, web-only, or not served by this endpoint.
 */
function resolveImageModel(
  issues: Issues,
  value: unknown,
  endpoint: ApiEndpoint,
): ImageModel | undefined {
  const model = checkModelOfKind(issues, value, 'image')
  if (!model) return undefined
  const id = model.id
  if (!model.publicApi) {
    issues.add('model', msg('imgWebOnly', { id }))
    return undefined
  }
  if (!model.endpoints.includes(endpoint)) {
    issues.add(
      'model',
      model.nativeModel
        ? msg('imgUsesNative', { id, native: model.nativeModel })
        : msg('imgNotOnEndpoint', {
            id,
            endpoint: endpoint === 'images.edits' ? '/v1/images/edits' : '/v1/images/generations',
          }),
    )
    return undefined
  }
  return model
}

/** The size tier a request selects (quality → tier; `auto` when quality is left out). */
export function tierFor(model: ImageModel, quality: unknown): SizeTier {
  const tiers = model.qualityTiers ?? {}
  const chosen = IMAGE_QUALITIES.find((q) => q === quality)
  return (chosen && tiers[chosen]) ?? tiers.auto ?? '1K'
}

function checkCommon(issues: Issues, req: Obj, model: ImageModel, referenceCount: number): void {
  checkString(issues, 'prompt', req.prompt, 'prompt', { required: true, nonEmpty: true })
  checkInt(issues, 'n', req.n, 'n', model.n, { unit: msg('unitForModel', { model: model.id }) })

  // quality → tier
  const quality = checkOneOf(issues, 'quality', req.quality, 'quality', IMAGE_QUALITIES)
  const tiers = model.qualityTiers
  if (quality !== undefined && !tiers) {
    issues.add('quality', msg('imgQualityNotApplicable', { model: model.id }))
  } else if (quality !== undefined && tiers && !tiers[quality]) {
    issues.add(
      'quality',
      msg('imgQualityOneOf', {
        model: model.id,
        allowed: IMAGE_QUALITIES.filter((k) => tiers[k]).join(', '),
      }),
    )
  }
  const tier = tierFor(model, req.quality)

  // size
  if (req.size !== undefined && req.size !== null) {
    const rule = model.size
    if (!rule) {
      issues.add(
        'size',
        model.fixedResolution
          ? msg('imgSizeFixed', { model: model.id, resolution: model.fixedResolution.label })
          : model.aspectRatios
            ? msg('imgSizeUseAspect', { model: model.id })
            : msg('imgSizeUnsupported', { model: model.id }),
      )
    } else {
      const size = parseSize(String(req.size))
      if (!size) {
        issues.add('size', msg('imgSizeFormat'))
      } else {
        const { width, height } = size
        const pixels = width * height
        if (width % rule.multipleOf !== 0 || height % rule.multipleOf !== 0) {
          issues.add('size', msg('imgSizeMultiple', { step: rule.multipleOf }))
        } else if (rule.withinTierBudget && pixels > TIER_PIXEL_BUDGET[tier]) {
          issues.add(
            'size',
            msg('imgSizeTierBudget', {
              max: groupDigits(TIER_PIXEL_BUDGET[tier]),
              tier,
              quality: typeof req.quality === 'string' ? req.quality : 'auto',
            }),
          )
        } else if (pixels < (rule.minPixels ?? 0) || pixels > (rule.maxPixels ?? Infinity)) {
          issues.add(
            'size',
            msg('imgSizePixels', {
              min: groupDigits(rule.minPixels ?? 1),
              max: groupDigits(rule.maxPixels ?? pixels),
            }),
          )
        } else if (
          Math.max(width, height) >
          (rule.maxAspect ?? Infinity) * Math.min(width, height)
        ) {
          issues.add('size', msg('imgSizeAspect', { ratio: rule.maxAspect }))
        }
        // `maxSide` needs no check of its own while the pixel and aspect limits imply it
        // (test/shared/catalog/validateImage.test.ts proves they do for every model).
      }
    }
  }

  // aspect_ratio
  if (req.aspect_ratio !== undefined && req.aspect_ratio !== null) {
    if (!model.aspectRatios) {
      issues.add('aspect_ratio', msg('imgAspectUnsupported', { model: model.id }))
    } else {
      const ar = checkOneOf(
        issues,
        'aspect_ratio',
        req.aspect_ratio,
        'aspect_ratio',
        model.aspectRatios,
      )
      if (ar === 'smart' && model.smartAspectNeedsReferences && referenceCount <= 0) {
        issues.add('aspect_ratio', msg('imgSmartNeedsReference'))
      }
    }
  }

  checkOneOf(issues, 'response_format', req.response_format, 'response_format', RESPONSE_FORMATS)

  // mode
  if (model.requiredMode) {
    if (req.mode !== model.requiredMode) {
      issues.add('mode', msg('imgModeMust', { mode: model.requiredMode, model: model.id }))
    }
  } else if (req.mode !== undefined && req.mode !== null) {
    issues.add('mode', msg('imgModeUnused', { model: model.id }))
  }
}

/** Validates the JSON body of POST /v1/images/generations. */
export function validateImageGeneration(req: unknown): Validation {
  const issues = new Issues()
  if (!isObject(req)) {
    issues.add('body', msg('bodyJsonObject'))
    return issues.result()
  }
  const model = resolveImageModel(issues, req.model, 'images.generations')
  if (!model) {
    checkString(issues, 'prompt', req.prompt, 'prompt', { required: true, nonEmpty: true })
    return issues.result()
  }
  // An invalid list has its issue already; it counts as no references.
  const urls = Math.max(0, checkUrlList(issues, 'image_urls', req.image_urls, 'image_urls'))
  if (!model.urlReferences) {
    if (urls > 0) issues.add('image_urls', msg('imgUrlsNotAccepted', { model: model.id }))
  } else if (urls < model.urlReferences.min || urls > model.urlReferences.max) {
    issues.add('image_urls', countMessage('image_urls', model.urlReferences, model.id))
  }
  checkCommon(issues, req, model, urls)
  return issues.result()
}

/**
 * Validates the text parts and the reference files of POST /v1/images/edits. `files` describes
 * every `image` / `image[]` part (type from magic bytes, see `sniffImageType`).
 */
export function validateImageEdit(req: unknown, files: readonly ReferenceFileMeta[]): Validation {
  const issues = new Issues()
  if (!isObject(req)) {
    issues.add('body', msg('bodyMultipart'))
    return issues.result()
  }
  const model = resolveImageModel(issues, req.model, 'images.edits')
  if (!model) {
    checkString(issues, 'prompt', req.prompt, 'prompt', { required: true, nonEmpty: true })
    return issues.result()
  }
  const urls = Math.max(0, checkUrlList(issues, 'image_urls', req.image_urls, 'image_urls'))
  if (urls > 0 && !model.urlReferences) {
    issues.add('image_urls', msg('imgUrlsNotAccepted', { model: model.id }))
  }
  files.forEach((f, i) => {
    if (f.bytes <= 0) issues.add(`image[${i}]`, msg('imgRefFileEmpty'))
    else if (f.type === null) issues.add(`image[${i}]`, msg('imgRefFileType'))
  })
  const total = files.length + (model.urlReferences ? urls : 0)
  const range = model.editReferences
  if (range && (total < range.min || total > range.max)) {
    issues.add('image[]', countMessage('image[]', range, model.id))
  }
  checkCommon(issues, req, model, total)
  return issues.result()
}

/**
 * The pixel dimensions and tier a valid image request produces: the explicit size, the model's
 * fixed resolution, its server-defined aspect dimensions, the tier fitted to the aspect ratio, or
 * the tier's square. `firstReference` lets a `smart` aspect ratio follow the first reference.
 */
export function imageOutputFor(
  model: ImageModel,
  req: { size?: unknown; quality?: unknown; aspect_ratio?: unknown },
  firstReference?: { width: number; height: number },
): { width: number; height: number; tier: SizeTier } {
  const tier = tierFor(model, req.quality)
  if (model.fixedResolution) {
    return { width: model.fixedResolution.width, height: model.fixedResolution.height, tier }
  }
  const aspect = typeof req.aspect_ratio === 'string' ? req.aspect_ratio : undefined
  if (model.aspectDimensions) {
    const dims = (aspect && model.aspectDimensions[aspect]) || model.aspectDimensions['1:1']
    return { ...dims, tier }
  }
  const size = parseSize(String(req.size))
  if (size && model.size) return { ...size, tier }
  if (model.aspectRatios && aspect) {
    const ratio =
      aspect === 'smart'
        ? firstReference
          ? { w: firstReference.width, h: firstReference.height }
          : { w: 1, h: 1 }
        : (parseAspectRatio(aspect) ?? { w: 1, h: 1 })
    return { ...dimensionsForAspect(tier, ratio), tier }
  }
  const side = TIER_DEFAULT_SIDE[tier]
  return { width: side, height: side, tier }
}

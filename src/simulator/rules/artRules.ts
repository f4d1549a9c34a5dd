/**
 * The art-model endpoints' rules: POST /ai/generate-image (native) and the workbench extension's
 * estimate and generation requests, from the simulator's own copy of the spec's native model
 * table, "Limits" and the workbench controls. Image bytes are read with the simulator's own
 * reader (../imageFile.ts), never the client's.
 */
import { base64ByteLength, fromBase64, imageFormat, isWholeImage, pixelSize } from '../imageFile'
import { ART_LIMITS, NATIVE_ROWS, type NativeRow, nativeRow, WORKBENCH_CONTROLS } from './catalog'
import { absent, type Body, isBody, isWhole, Refusals } from './refusals'

/**
 * Native parameters the endpoint refuses while active ("Not supported by this endpoint: encoded
 * style references (Vibes), SMEA, structural control, max enhance, automatic upscaling,
 * streaming"). The names are the NovelAI-style ones, the spec shows none (our choice).
 */
const UNSUPPORTED: Readonly<Record<string, readonly string[]>> = {
  Vibes: [
    'parameters.reference_image_multiple',
    'parameters.reference_information_extracted_multiple',
    'parameters.reference_strength_multiple',
  ],
  SMEA: ['parameters.sm', 'parameters.sm_dyn'],
  'Structural control': ['parameters.controlnet_model', 'parameters.controlnet_condition'],
  'Max enhance': ['parameters.enhance'],
  'Automatic upscaling': ['parameters.upscale'],
  Streaming: ['parameters.stream', 'stream'],
}

/** Families whose native models take precise references (our choice: V4.5 and V5). */
const PRECISE_REFERENCES = new Set(['v4.5', 'v5'])

/** Set to something: true, a non-empty list, text or object, a non-zero number. */
function isActive(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0
  if (isBody(v)) return Object.keys(v).length > 0
  return v === true || (typeof v === 'string' && v.length > 0) || (typeof v === 'number' && v !== 0)
}

const at = (body: Body, path: string): unknown =>
  path.split('.').reduce<unknown>((cur, key) => (isBody(cur) ? cur[key] : undefined), body)

/** Null when `bytes` is an acceptable art reference image, else why not. */
export function artReferenceProblem(bytes: Uint8Array): string | null {
  if (bytes.length === 0) return 'the image is empty'
  if (bytes.length > ART_LIMITS.referenceBytes) return 'a reference image may be at most 24 MiB'
  if (imageFormat(bytes) === null) return 'the image is not a PNG, JPEG or WebP image'
  if (!isWholeImage(bytes)) return 'the image is truncated'
  const size = pixelSize(bytes)
  if (!size) return 'the image header cannot be read'
  if (size.width * size.height > ART_LIMITS.referencePixels)
    return 'a reference image may be at most 24 megapixels'
  return null
}

function checkBase64Image(r: Refusals, path: string, v: unknown): void {
  if (typeof v !== 'string' || v === '') return r.add(path, `${path} must be a Base64 image`)
  if (base64ByteLength(v) > ART_LIMITS.referenceBytes)
    return r.add(path, 'a reference image may be at most 24 MiB')
  const bytes = fromBase64(v)
  const problem = bytes ? artReferenceProblem(bytes) : `${path} is not valid Base64`
  if (problem) r.add(path, problem)
}

/** The variant named at `path` (native `model`, workbench `model_variant`). */
function variantAt(r: Refusals, path: string, v: unknown): NativeRow | undefined {
  const id = r.choice(
    path,
    v,
    NATIVE_ROWS.map((n) => n.id),
    true,
  )
  return id === undefined ? undefined : nativeRow(id)
}

/** Width and height: multiples of 64, each side at most 3072, at most 3,145,728 pixels. */
function checkFrame(r: Refusals, wPath: string, hPath: string, w: unknown, h: unknown): void {
  const side = (path: string, v: unknown): number | undefined => {
    if (absent(v)) r.add(path, `${path} is required`)
    else if (!isWhole(v) || v < ART_LIMITS.step || v > ART_LIMITS.maxSide)
      r.add(path, `${path} must be from ${ART_LIMITS.step} to ${ART_LIMITS.maxSide}`)
    else if (v % ART_LIMITS.step !== 0)
      r.add(path, `${path} must be a multiple of ${ART_LIMITS.step}`)
    else return v
    return undefined
  }
  const width = side(wPath, w)
  const height = side(hPath, h)
  if (width !== undefined && height !== undefined && width * height > ART_LIMITS.maxPixels) {
    r.add(wPath, `width × height may be at most ${ART_LIMITS.maxPixels} pixels`)
  }
}

function checkCaptions(
  r: Refusals,
  path: string,
  v: unknown,
  variant: NativeRow | undefined,
): void {
  if (absent(v)) return
  if (!isBody(v) || !isBody(v.caption)) return r.add(path, `${path} needs caption.char_captions`)
  r.optionalFlag(`${path}.use_coords`, v.use_coords)
  const list = v.caption.char_captions
  const listPath = `${path}.caption.char_captions`
  if (absent(list)) return
  if (!Array.isArray(list)) return r.add(listPath, `${listPath} must be an array`)
  if (variant && list.length > variant.characters) {
    r.add(listPath, `${variant.id} takes at most ${variant.characters} character captions`)
  }
  list.forEach((c, i) => {
    if (!isBody(c) || typeof c.char_caption !== 'string')
      r.add(`${listPath}[${i}]`, 'each character needs char_caption text')
  })
}

function checkSources(r: Refusals, action: string | undefined, p: Body): void {
  const sourced = action === 'img2img' || action === 'infill'
  if (sourced) {
    if (absent(p.image)) r.add('parameters.image', `${action} needs parameters.image`)
    else checkBase64Image(r, 'parameters.image', p.image)
    r.number('parameters.strength', p.strength, [0, 1], true)
    r.number('parameters.noise', p.noise, [0, 1])
  } else if (action === 'generate' && !absent(p.image)) {
    r.add('parameters.image', 'generate takes no parameters.image')
  }
  if (action === 'infill') {
    if (absent(p.mask)) r.add('parameters.mask', 'infill needs parameters.mask')
    else checkBase64Image(r, 'parameters.mask', p.mask)
  } else if (action !== undefined && !absent(p.mask)) {
    r.add('parameters.mask', 'only infill takes parameters.mask')
  }
}

/** The refused fields of a native request of `requestBytes` bytes, or null. */
export function refuseNative(v: unknown, requestBytes: number): Record<string, string> | null {
  if (requestBytes > ART_LIMITS.requestBytes)
    return { request: 'The request may be at most 40 MiB' }
  if (!isBody(v)) return { body: 'The body must be a JSON object' }
  const r = new Refusals()
  for (const [feature, paths] of Object.entries(UNSUPPORTED)) {
    for (const path of paths) {
      if (isActive(at(v, path))) r.add(path, `${feature} is not supported by /ai/generate-image`)
    }
  }
  r.text('input', v.input)
  const variant = variantAt(r, 'model', v.model)
  const action = r.choice('action', v.action, ['generate', 'img2img', 'infill'], true)
  r.optionalFlag('use_coords', v.use_coords)
  const p = v.parameters
  if (!isBody(p)) {
    r.add('parameters', 'parameters must be an object')
    return r.result()
  }
  checkFrame(r, 'parameters.width', 'parameters.height', p.width, p.height)
  r.whole('parameters.steps', p.steps, ART_LIMITS.steps, true)
  r.whole('parameters.n_samples', p.n_samples, ART_LIMITS.samples, true)
  r.whole('parameters.seed', p.seed, ART_LIMITS.seed)
  r.number('parameters.scale', p.scale, WORKBENCH_CONTROLS.guidance)
  r.optionalText('parameters.sampler', p.sampler)
  r.optionalText('parameters.negative_prompt', p.negative_prompt)
  checkCaptions(r, 'parameters.v4_prompt', p.v4_prompt, variant)
  checkCaptions(r, 'parameters.v4_negative_prompt', p.v4_negative_prompt, variant)
  checkSources(r, action, p)
  const refs = p.director_reference_images
  const refsPath = 'parameters.director_reference_images'
  if (!absent(refs)) {
    if (!Array.isArray(refs)) r.add(refsPath, `${refsPath} must be an array of Base64 images`)
    else if (refs.length > 0 && variant && !PRECISE_REFERENCES.has(variant.family))
      r.add(refsPath, `${variant.id} takes no precise references`)
    else refs.forEach((img, i) => checkBase64Image(r, `${refsPath}[${i}]`, img))
  }
  return r.result()
}

/** A list of non-empty asset IDs: its length (0 when absent or refused). */
function assetIds(r: Refusals, path: string, v: unknown): number {
  if (absent(v)) return 0
  if (Array.isArray(v) && v.every((id) => typeof id === 'string' && id !== '')) return v.length
  r.add(path, `${path} must be an array of asset IDs`)
  return 0
}

function checkCharacters(r: Refusals, v: unknown, variant: NativeRow | undefined): void {
  if (absent(v)) return
  if (!Array.isArray(v)) return r.add('characters', 'characters must be an array')
  if (variant && v.length > variant.characters)
    r.add('characters', `${variant.label} takes at most ${variant.characters} characters`)
  v.forEach((c, i) => {
    if (!isBody(c) || typeof c.prompt !== 'string')
      r.add(`characters[${i}].prompt`, 'each character needs prompt text')
    else r.optionalText(`characters[${i}].negative_prompt`, c.negative_prompt)
  })
}

/**
 * The refused fields of a workbench request, or null: `estimate` for POST /v1/art/estimate,
 * `generation` (also quote_id and client_request_id) for generations and the stream.
 */
export function refuseWorkbench(
  v: unknown,
  phase: 'estimate' | 'generation',
): Record<string, string> | null {
  if (!isBody(v)) return { body: 'The body must be a JSON object' }
  const r = new Refusals()
  if (v.model !== WORKBENCH_CONTROLS.model)
    r.add('model', `model must be ${WORKBENCH_CONTROLS.model}; the variant goes in model_variant`)
  const variant = variantAt(r, 'model_variant', v.model_variant)
  r.text('prompt', v.prompt)
  r.optionalText('negative_prompt', v.negative_prompt)
  checkFrame(r, 'width', 'height', v.width, v.height)
  r.whole('steps', v.steps, ART_LIMITS.steps, true)
  r.whole('count', v.count, ART_LIMITS.samples, true)
  r.whole('seed', v.seed, ART_LIMITS.seed)
  r.number('guidance', v.guidance, WORKBENCH_CONTROLS.guidance)
  r.number('source_strength', v.source_strength, [0, WORKBENCH_CONTROLS.sourceStrengthMax], true)
  r.number('source_noise', v.source_noise, WORKBENCH_CONTROLS.sourceNoise)
  r.optionalFlag('auto_character_positions', v.auto_character_positions)
  checkCharacters(r, v.characters, variant)
  r.optionalText('source_asset_id', v.source_asset_id)
  r.optionalText('mask_asset_id', v.mask_asset_id)
  if (!absent(v.mask_asset_id) && absent(v.source_asset_id))
    r.add('mask_asset_id', 'mask_asset_id needs source_asset_id')
  const precise = assetIds(r, 'reference_asset_ids', v.reference_asset_ids)
  const vibes = assetIds(r, 'vibe_asset_ids', v.vibe_asset_ids)
  if (precise > 0 && vibes > 0)
    r.add('reference_asset_ids', 'precise references and Vibes are not combined in one request')
  if (phase === 'generation') {
    r.text('quote_id', v.quote_id)
    r.text('client_request_id', v.client_request_id)
  }
  return r.result()
}

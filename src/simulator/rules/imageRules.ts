/**
 * The images endpoints' rules (POST /v1/images/generations and /v1/images/edits), read from the
 * simulator's own per-model rows, and the frame each valid request is rendered at.
 */
import { IMAGE_ROWS, type ImageRow, type Tier, TIER_BUDGET } from './catalog'
import { modelOfKind } from './modelRule'
import { absent, type Body, isBody, Refusals } from './refusals'

/** What the edits endpoint knows about one uploaded reference file. */
export interface UploadedImage {
  bytes: number
  /** The sniffed format, or null when the file is not a PNG, JPEG or WebP image. */
  format: string | null
}

const QUALITIES = ['low', 'auto', 'medium', 'high']

/** The row for `model` when the endpoint serves it; else a refusal on `model`. */
function rowFor(
  r: Refusals,
  v: unknown,
  endpoint: 'generations' | 'edits',
): [string, ImageRow] | undefined {
  const id = modelOfKind(r, v, 'image')
  if (id === undefined) return undefined
  const row = IMAGE_ROWS[id]
  if (!row) r.add('model', `${id} has no public API`)
  else if (!row[endpoint]) {
    r.add(
      'model',
      id === 'art-v5'
        ? 'art-v5 is served by /ai/generate-image (model art-diffusion-5-full)'
        : `${id} is not served by /v1/images/${endpoint}`,
    )
  } else return [id, row]
  return undefined
}

/** The tier a request's quality selects ("auto" when it is left out; 1K for models without). */
export function tierOf(row: ImageRow, quality: unknown): Tier {
  const q = typeof quality === 'string' ? quality : 'auto'
  return row.quality?.[q] ?? row.quality?.auto ?? '1K'
}

const SIZE = /^([1-9]\d{0,4})x([1-9]\d{0,4})$/

function checkSize(r: Refusals, id: string, row: ImageRow, body: Body): void {
  if (absent(body.size)) return
  const rule = row.size
  if (!rule) {
    r.add('size', `${id} does not take size`)
    return
  }
  const m = typeof body.size === 'string' ? SIZE.exec(body.size) : null
  if (!m) {
    r.add('size', 'size must be WIDTHxHEIGHT')
    return
  }
  const w = Number(m[1])
  const h = Number(m[2])
  const pixels = w * h
  const long = Math.max(w, h)
  const short = Math.min(w, h)
  const budget = TIER_BUDGET[tierOf(row, body.quality)]
  if (w % rule.step || h % rule.step) r.add('size', `size sides must be multiples of ${rule.step}`)
  else if (rule.tierBudget && pixels > budget)
    r.add('size', `size exceeds ${budget} pixels for this quality`)
  else if (rule.minPixels !== undefined && pixels < rule.minPixels)
    r.add('size', `size is below ${rule.minPixels} pixels`)
  else if (rule.maxPixels !== undefined && pixels > rule.maxPixels)
    r.add('size', `size exceeds ${rule.maxPixels} pixels`)
  else if (rule.maxRatio !== undefined && long > rule.maxRatio * short)
    r.add('size', `size is wider than ${rule.maxRatio}:1`)
  else if (rule.maxSide !== undefined && long > rule.maxSide)
    r.add('size', `size sides must be at most ${rule.maxSide}`)
}

function checkFields(r: Refusals, id: string, row: ImageRow, body: Body, references: number): void {
  r.text('prompt', body.prompt)
  r.whole('n', body.n, [1, row.nMax])
  if (!absent(body.quality)) {
    const q = r.choice('quality', body.quality, QUALITIES)
    if (q !== undefined && !row.quality) r.add('quality', `quality is not applicable to ${id}`)
    else if (q !== undefined && !row.quality?.[q])
      r.add('quality', `${id} does not offer quality ${q}`)
  }
  checkSize(r, id, row, body)
  if (!absent(body.aspect_ratio)) {
    if (!row.aspects) r.add('aspect_ratio', `${id} does not take aspect_ratio`)
    else if (
      r.choice('aspect_ratio', body.aspect_ratio, row.aspects) === 'smart' &&
      row.smartNeedsReference &&
      references === 0
    ) {
      r.add('aspect_ratio', 'a smart aspect_ratio requires reference images')
    }
  }
  r.choice('response_format', body.response_format, ['url', 'b64_json'])
  if (row.mode) {
    if (body.mode !== row.mode) r.add('mode', `${id} requires mode ${row.mode}`)
  } else if (!absent(body.mode)) r.add('mode', `${id} takes no mode`)
}

const countReason = (what: string, [min, max]: readonly [number, number], id: string) =>
  `${id} takes ${min === max ? `exactly ${min}` : `${min} to ${max}`} ${what}`

/** The refused fields of a generations request, or null. */
export function refuseImageGeneration(v: unknown): Record<string, string> | null {
  const r = new Refusals()
  if (!isBody(v)) return { body: 'The body must be a JSON object' }
  const found = rowFor(r, v.model, 'generations')
  if (!found) {
    r.text('prompt', v.prompt)
    return r.result()
  }
  const [id, row] = found
  const urls = r.urls('image_urls', v.image_urls) ?? 0
  if (!row.urls) {
    if (urls > 0) r.add('image_urls', `${id} takes no image_urls`)
  } else if (urls < row.urls[0] || urls > row.urls[1]) {
    r.add('image_urls', countReason('image_urls', row.urls, id))
  }
  checkFields(r, id, row, v, urls)
  return r.result()
}

/** The refused fields of an edits request (its text parts and its uploaded files), or null. */
export function refuseImageEdit(
  v: Body,
  uploads: readonly UploadedImage[],
): Record<string, string> | null {
  const r = new Refusals()
  const found = rowFor(r, v.model, 'edits')
  if (!found) {
    r.text('prompt', v.prompt)
    return r.result()
  }
  const [id, row] = found
  const urls = r.urls('image_urls', v.image_urls) ?? 0
  if (urls > 0 && !row.urls) r.add('image_urls', `${id} takes no image_urls`)
  uploads.forEach((u, i) => {
    if (u.bytes === 0) r.add(`image[${i}]`, 'the file is empty')
    else if (u.format === null) r.add(`image[${i}]`, 'the file is not a PNG, JPEG or WebP image')
  })
  const total = uploads.length + (row.urls ? urls : 0)
  if (row.files && (total < row.files[0] || total > row.files[1])) {
    r.add('image[]', countReason('reference images', row.files, id))
  }
  checkFields(r, id, row, v, total)
  return r.result()
}

/** The frame a valid request is rendered at (`firstReference` shapes a smart aspect ratio). */
export function imageFrame(
  model: string,
  body: Body,
  firstReference?: { width: number; height: number },
): { width: number; height: number } {
  const row = IMAGE_ROWS[model] as ImageRow
  if (row.fixed) return { width: row.fixed[0], height: row.fixed[1] }
  const aspect = typeof body.aspect_ratio === 'string' ? body.aspect_ratio : '1:1'
  const framed = row.aspectFrames?.[aspect] ?? row.aspectFrames?.['1:1']
  if (framed) return { width: framed[0], height: framed[1] }
  const size = typeof body.size === 'string' ? SIZE.exec(body.size) : null
  if (size) return { width: Number(size[1]), height: Number(size[2]) }
  const budget = TIER_BUDGET[tierOf(row, body.quality)]
  const [w, h] =
    aspect === 'smart'
      ? firstReference
        ? [firstReference.width, firstReference.height]
        : [1, 1]
      : aspect.split(':').map(Number)
  return fitFrame(budget, (w as number) / (h as number))
}

/**
 * The largest frame of this shape within `budget` pixels, sides in multiples of 16, the height
 * rounded to the nearest step (our choice of server-defined frame).
 */
function fitFrame(budget: number, ratio: number): { width: number; height: number } {
  const heightOf = (w: number) => Math.max(16, Math.round(w / ratio / 16) * 16)
  let width = Math.max(16, Math.floor(Math.sqrt(budget * ratio) / 16) * 16)
  while (width > 16 && width * heightOf(width) > budget) width -= 16
  return { width, height: heightOf(width) }
}

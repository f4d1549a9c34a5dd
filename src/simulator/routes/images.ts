/** POST /v1/images/generations (JSON) and POST /v1/images/edits (multipart). */
import type { RouteRequest } from '../context'
import { SimError, validationError } from '../errors'
import { jsonResponse, sleep } from '../http'
import { canonicalJson, sha256 } from '../idempotency'
import { imageFormat, pixelSize } from '../imageFile'
import { boundaryOf, parseMultipart } from '../multipart'
import { renderPng } from '../png'
import { imageCharge } from '../pricing'
import { IMAGE_ROWS } from '../rules/catalog'
import {
  imageFrame,
  refuseImageEdit,
  refuseImageGeneration,
  type UploadedImage,
} from '../rules/imageRules'
import { type Body, isBody } from '../rules/refusals'
import { ensureModelAccess, unixSeconds, withIdempotency } from './common'

/** Largest multipart body the simulator reads (the spec gives no limit for edits; ours). */
const MAX_EDIT_BYTES = 96 * 1024 * 1024

async function produce(
  rq: RouteRequest,
  model: string,
  req: Body,
  referenceCount: number,
  firstReference: { width: number; height: number } | undefined,
) {
  const n = typeof req.n === 'number' ? req.n : 1
  const price = imageCharge({
    model,
    quality: typeof req.quality === 'string' ? req.quality : undefined,
    aspectRatio: typeof req.aspect_ratio === 'string' ? req.aspect_ratio : undefined,
    n,
    referenceCount,
  })
  if (!price) throw new SimError(500, 'server_error', `No price for ${model}`)
  rq.ctx.ledger.charge(rq.account, {
    route: rq.route,
    model,
    micros: price.micros,
    approximate: price.approximate,
    idempotencyKey: rq.header('idempotency-key') ?? null,
  })
  await sleep(rq.ctx.opts.timings.imageMs)
  const out = imageFrame(model, req, firstReference)
  const prompt = String(req.prompt)
  const asB64 = req.response_format === 'b64_json'
  const data: ({ url: string } | { b64_json: string })[] = []
  for (let i = 0; i < n; i++) {
    const png = await renderPng({
      width: out.width,
      height: out.height,
      seed: `${model}\n${prompt}\n${i}`,
      text: { Software: 'Gen Studio simulator', Description: prompt, Source: model },
    })
    data.push(
      asB64
        ? { b64_json: png.toString('base64') }
        : {
            url: rq.ctx.cdn.publish(png, {
              contentType: 'image/png',
              filename: `image-${i + 1}.png`,
            }),
          },
    )
  }
  return jsonResponse(200, { created: unixSeconds(rq.ctx.opts.now()), data })
}

export async function imagesGenerations(rq: RouteRequest): Promise<void> {
  const body = await rq.json()
  const req = isBody(body) ? body : {}
  ensureModelAccess(rq, req.model)
  const refused = refuseImageGeneration(body)
  if (refused) throw validationError(refused)
  const model = String(req.model)
  const refs = Array.isArray(req.image_urls) ? req.image_urls.length : 0
  await withIdempotency(rq, rq.header('idempotency-key'), sha256(canonicalJson(body)), () =>
    produce(rq, model, req, refs, undefined),
  )
}

export async function imagesEdits(rq: RouteRequest): Promise<void> {
  const contentType = rq.header('content-type')
  boundaryOf(contentType)
  const { body, overflow } = await rq.body(MAX_EDIT_BYTES)
  if (overflow) {
    throw new SimError(400, 'request_too_large', 'The request must be at most 96 MiB', {
      param: 'request',
    })
  }
  const parts = parseMultipart(body, contentType)
  const fields: Body = {}
  const urls: string[] = []
  const files: { name: string; data: Buffer; filename: string | null }[] = []
  for (const p of parts) {
    if (p.name === 'image' || p.name === 'image[]') files.push(p)
    else if (p.name === 'image_urls' || p.name === 'image_urls[]')
      urls.push(p.data.toString('utf8'))
    else if (p.filename === null) fields[p.name] = p.data.toString('utf8')
  }
  if (urls.length > 0) fields.image_urls = urls
  if (typeof fields.n === 'string' && /^\d+$/.test(fields.n)) fields.n = Number(fields.n)
  ensureModelAccess(rq, fields.model)
  const uploads: UploadedImage[] = files.map((f) => ({
    bytes: f.data.length,
    format: imageFormat(f.data),
  }))
  const refused = refuseImageEdit(fields, uploads)
  if (refused) throw validationError(refused)
  const model = String(fields.model)
  const firstReference = files[0] ? (pixelSize(files[0].data) ?? undefined) : undefined
  const hash = sha256(canonicalJson({ fields, files: files.map((f) => sha256(f.data)) }))
  const refs = files.length + (IMAGE_ROWS[model]?.urls ? urls.length : 0)
  await withIdempotency(rq, rq.header('idempotency-key'), hash, () =>
    produce(rq, model, fields, refs, firstReference),
  )
}

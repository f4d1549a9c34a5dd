/**
 * POST /ai/generate-image, the art-model native endpoint: validated against the native limits
 * (unsupported active parameters → 400 before any charge), priced with the art base prices, and
 * answered with a ZIP of PNGs, or JSON `{ images: [Base64…] }` when Accept is application/json.
 */
import { getNativeModel, NATIVE_LIMITS, type NativeModel } from '../../shared/catalog/models'
import { validateNative } from '../../shared/catalog/validateNative'
import { isObject, type Obj } from '../../shared/catalog/validation'
import type { RouteRequest } from '../context'
import { validationError } from '../errors'
import { jsonResponse, parseJson, sleep } from '../http'
import { sha256 } from '../idempotency'
import { renderPng } from '../png'
import { artCharge } from '../pricing'
import { zipFiles } from '../zip'
import { ensureModelAccess, withIdempotency } from './common'

/** The catalog model whose rights a native model needs (V5 → art-v5; every other → art-v4.5). */
export const rightsModelFor = (native: NativeModel): string => native.catalogModel ?? 'art-v4.5'

export async function nativeGenerate(rq: RouteRequest): Promise<void> {
  const { body, total } = await rq.body(NATIVE_LIMITS.maxRequestBytes + 64 * 1024)
  if (total > NATIVE_LIMITS.maxRequestBytes) {
    throw validationError({ request: 'The request must be at most 40 MiB' })
  }
  const json = parseJson(body)
  const req: Obj = isObject(json) ? json : {}
  const native = typeof req.model === 'string' ? getNativeModel(req.model) : undefined
  if (native) ensureModelAccess(rq, rightsModelFor(native))
  const v = validateNative(json, { requestBytes: total })
  if (!v.ok) throw validationError(v.fields)
  const model = native as NativeModel
  const p = req.parameters as Obj
  const width = p.width as number
  const height = p.height as number
  const samples = p.n_samples as number
  const refs = Array.isArray(p.director_reference_images) ? p.director_reference_images.length : 0
  const price = artCharge({
    family: model.family,
    width,
    height,
    steps: p.steps as number,
    count: samples,
    referenceCount: refs,
  })
  const key = rq.header('idempotency-key')
  const wantsJson = /application\/json/i.test(rq.header('accept') ?? '')

  await withIdempotency(rq, key, sha256(`${wantsJson}\n${sha256(body)}`), async () => {
    const { ctx } = rq
    ctx.ledger.charge(rq.account, {
      route: rq.route,
      model: model.id,
      micros: price.micros,
      approximate: price.approximate,
      idempotencyKey: key ?? null,
    })
    await sleep(ctx.opts.timings.nativeMs)
    const baseSeed = typeof p.seed === 'number' ? p.seed : ctx.prng.uint32()
    const prompt = String(req.input)
    const images: Buffer[] = []
    for (let i = 0; i < samples; i++) {
      const seed = (baseSeed + i) % (NATIVE_LIMITS.seed.max + 1)
      const comment = {
        prompt,
        uc: typeof p.negative_prompt === 'string' ? p.negative_prompt : '',
        steps: p.steps,
        scale: p.scale ?? null,
        seed,
        sampler: p.sampler ?? null,
        width,
        height,
        n_samples: samples,
        action: req.action,
        v4_prompt: p.v4_prompt ?? null,
        v4_negative_prompt: p.v4_negative_prompt ?? null,
      }
      images.push(
        await renderPng({
          width,
          height,
          seed: `${model.id}\n${prompt}\n${seed}`,
          text: {
            Title: 'Gen Studio simulator',
            Description: prompt,
            Software: 'Gen Studio simulator',
            Source: `${model.label} (${model.id})`,
            Comment: JSON.stringify(comment),
          },
        }),
      )
    }
    if (wantsJson) return jsonResponse(200, { images: images.map((b) => b.toString('base64')) })
    const zip = await zipFiles(images.map((data, i) => ({ name: `image_${i}.png`, data })))
    return { status: 200, headers: { 'Content-Type': 'application/zip' }, body: zip }
  })
}

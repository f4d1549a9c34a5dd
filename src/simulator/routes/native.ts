/**
 * POST /ai/generate-image, the art-model native endpoint: validated against the native limits
 * (unsupported active parameters → 400 before any charge), priced with the art base prices, and
 * answered with a ZIP of PNGs, or JSON `{ images: [Base64…] }` when Accept is application/json.
 */
import type { RouteRequest } from '../context'
import { validationError } from '../errors'
import { jsonResponse, parseJson, sleep } from '../http'
import { sha256 } from '../idempotency'
import { renderPng } from '../png'
import { artCharge } from '../pricing'
import { refuseNative } from '../rules/artRules'
import { ART_LIMITS, type NativeRow, nativeRow } from '../rules/catalog'
import { type Body, isBody } from '../rules/refusals'
import { zipFiles } from '../zip'
import { ensureModelAccess, withIdempotency } from './common'

export async function nativeGenerate(rq: RouteRequest): Promise<void> {
  const { body, total } = await rq.body(ART_LIMITS.requestBytes + 64 * 1024)
  if (total > ART_LIMITS.requestBytes) {
    throw validationError({ request: 'The request must be at most 40 MiB' })
  }
  const json = parseJson(body)
  const req: Body = isBody(json) ? json : {}
  const native = nativeRow(req.model)
  if (native) ensureModelAccess(rq, native.rights)
  const refused = refuseNative(json, total)
  if (refused) throw validationError(refused)
  const model = native as NativeRow
  const p = req.parameters as Body
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
      const seed = (baseSeed + i) % (ART_LIMITS.seed[1] + 1)
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

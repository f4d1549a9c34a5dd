import { type NativeRequest, validateNative } from '@shared/catalog'

import { nativeJsonSchema, parseAnswer } from '../schemas'
import { binary, MAX_IMAGE_JSON_BODY, validated } from '../transport/helpers'
import type { HttpTransport } from '../transport/HttpTransport'
import type { BinarySink, GenerationOptions } from '../types'

/** The native body, checked by the catalog (including the 40 MiB request limit) before sending. */
function nativeBody(req: NativeRequest): string {
  const body = JSON.stringify(req)
  validated(validateNative(req, { requestBytes: Buffer.byteLength(body) }), '/ai/generate-image')
  return body
}

/** POST /ai/generate-image with Accept: application/json: the Base64 images of `images`. */
export async function generateArtNativeJson(
  t: HttpTransport,
  req: NativeRequest,
  options: GenerationOptions,
): Promise<string[]> {
  const endpoint = '/ai/generate-image'
  const body = nativeBody(req)
  const json = await t.json('POST', endpoint, endpoint, body, options, {
    idempotencyKey: options.idempotencyKey,
    privateStrings: [req.input],
    limit: MAX_IMAGE_JSON_BODY,
  })
  return parseAnswer(nativeJsonSchema, json, endpoint).images
}

/** POST /ai/generate-image (default answer: a ZIP of images) into `sink`. */
export function generateArtNativeZip<T>(
  t: HttpTransport,
  req: NativeRequest,
  options: GenerationOptions,
  sink: BinarySink<T>,
): Promise<T> {
  let body: string
  try {
    body = nativeBody(req)
  } catch (e) {
    return Promise.reject(e)
  }
  return t.call({
    method: 'POST',
    path: '/ai/generate-image',
    endpoint: '/ai/generate-image',
    headers: {
      'content-type': 'application/json',
      accept: 'application/zip, application/octet-stream;q=0.9',
      'idempotency-key': options.idempotencyKey,
    },
    body: () => body,
    idempotent: true,
    read: (o) => sink(binary(o), options.signal),
    privateStrings: [req.input],
    options,
    defaultHeadersMs: t.timeouts.generationHeadersMs,
  })
}

import { Readable } from 'node:stream'

import {
  type ImageGenerationRequest,
  validateImageEdit,
  validateImageGeneration,
} from '@shared/catalog'

import { buildMultipart, type MultipartPart } from '../../../adapters/http/multipart'
import { checkUploadFiles } from '../references'
import { imageResultSchema, parseAnswer } from '../schemas'
import { filePart, MAX_IMAGE_JSON_BODY, validated } from '../transport/helpers'
import type { HttpTransport } from '../transport/HttpTransport'
import type { GenerationOptions, ImageEditInput, ImageResult } from '../types'

/** POST /v1/images/generations with the journaled Idempotency-Key. */
export async function generateImages(
  t: HttpTransport,
  req: ImageGenerationRequest,
  options: GenerationOptions,
): Promise<ImageResult> {
  const endpoint = '/v1/images/generations'
  validated(validateImageGeneration(req), endpoint)
  const json = await t.json('POST', endpoint, endpoint, JSON.stringify(req), options, {
    idempotencyKey: options.idempotencyKey,
    privateStrings: [req.prompt],
    limit: MAX_IMAGE_JSON_BODY,
  })
  return toImageResult(parseAnswer(imageResultSchema, json, endpoint))
}

/**
 * POST /v1/images/edits as multipart: files are checked by magic bytes and the model's counts
 * first, then streamed from disk; one file is part `image`, several are repeated `image[]`
 * parts; the boundary is ours and the same Idempotency-Key goes with every attempt.
 */
export async function editImages(
  t: HttpTransport,
  req: ImageEditInput,
  options: GenerationOptions,
): Promise<ImageResult> {
  const endpoint = '/v1/images/edits'
  const { images, ...fields } = req
  const files = await checkUploadFiles(images, 'image')
  const partName = images.length === 1 ? 'image' : 'image[]'
  validated(
    validateImageEdit(
      fields,
      files.map((f) => ({ ...f, field: partName })),
    ),
    endpoint,
  )
  const parts: MultipartPart[] = []
  for (const [name, v] of Object.entries(fields)) {
    if (v === undefined || v === null) continue
    if (Array.isArray(v))
      for (const item of v) parts.push({ name: `${name}[]`, value: String(item) })
    else parts.push({ name, value: String(v) })
  }
  images.forEach((file, i) => parts.push(filePart(partName, file, files[i]!.mime)))
  const multipart = await buildMultipart(parts)
  const json = await t.json(
    'POST',
    endpoint,
    endpoint,
    () => Readable.from(multipart.stream()),
    options,
    {
      idempotencyKey: options.idempotencyKey,
      headers: {
        'content-type': multipart.contentType,
        'content-length': String(multipart.contentLength),
      },
      privateStrings: [req.prompt],
      limit: MAX_IMAGE_JSON_BODY,
    },
  )
  return toImageResult(parseAnswer(imageResultSchema, json, endpoint))
}

function toImageResult(parsed: {
  created?: number | undefined
  data: Array<{
    url?: string | undefined
    b64_json?: string | undefined
    revised_prompt?: string | undefined
  }>
}): ImageResult {
  const result: ImageResult = {
    images: parsed.data.map((d) => {
      const item: ImageResult['images'][number] = {}
      if (d.url) item.url = d.url
      if (d.b64_json) item.b64 = d.b64_json
      if (d.revised_prompt) item.revisedPrompt = d.revised_prompt
      return item
    }),
  }
  if (parsed.created !== undefined) result.created = parsed.created
  return result
}

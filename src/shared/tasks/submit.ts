/**
 * What `tasks:submit` accepts: one request per kind, as a discriminated union. zod checks the
 * shape only (types, sizes); main then runs the catalog's per-model validators, which give the
 * field-level messages, before anything is journaled or sent.
 */
import { z } from 'zod'

import { msg } from '../i18n/message'
import { TASK_KINDS } from './states'

const MAX_PROMPT = 40_000
/** A local file the user picked or dropped (from `api.pathForFile`). */
const filePath = z
  .string()
  .trim()
  .min(1, { error: () => msg('chooseFile') })
  .max(4096)

/**
 * Optional id chosen by the renderer for this submission. Sending the same id twice (a double
 * click, a retry after a reload) returns the existing task instead of starting a second, paid one.
 */
const requestId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestId must be 8 to 64 letters, digits, - or _')
  .optional()

/**
 * Largest request body, as JSON. The request objects are loose (each model has its own fields,
 * which the catalog's validators check), so without a bound any extra field would be journaled,
 * sent and embedded in the saved PNG however large (issue #13: a 50 MB field was). A prompt at
 * its limit and every real parameter fit many times over.
 */
export const MAX_REQUEST_JSON = 256 * 1024

const withinSize = (value: unknown): boolean => {
  try {
    return JSON.stringify(value).length <= MAX_REQUEST_JSON
  } catch {
    return false
  }
}
const tooLarge = {
  error: () => msg('requestTooLarge', { kib: MAX_REQUEST_JSON / 1024 }),
}

const imageRequest = z
  .looseObject({
    model: z.string().min(1).max(200),
    prompt: z.string().max(MAX_PROMPT),
  })
  .refine(withinSize, tooLarge)

const videoRequest = z
  .looseObject({
    model: z.string().min(1).max(200),
    prompt: z.string().max(MAX_PROMPT),
  })
  .refine(withinSize, tooLarge)

const nativeRequest = z
  .looseObject({
    input: z.string().max(MAX_PROMPT),
    model: z.string().min(1).max(200),
    action: z.string().min(1).max(40),
    parameters: z.record(z.string(), z.unknown()),
  })
  .refine(withinSize, tooLarge)

const workbenchRequest = z
  .looseObject({
    model: z.string().min(1).max(200),
    model_variant: z.string().min(1).max(200),
    prompt: z.string().max(MAX_PROMPT),
  })
  .refine(withinSize, tooLarge)

/**
 * The user chose to go over a budget cap for this one request (the refusal showed the cap, the
 * amount and what remains). Never remembered: the next request is checked again.
 */
const overrideBudget = z.boolean().optional()

/**
 * The user saw "You paid $X for this on <date>" and chose to generate again anyway (a new charge
 * for the same request). Never remembered: the next repeat asks again.
 */
const allowRepeat = z.boolean().optional()

/** A quote the user saw and accepted in the workbench form before submitting. */
export const acceptedQuoteSchema = z
  .object({
    quoteId: z.string().min(1).max(500),
    /** The price the user accepted, in USD; null when the quote showed none. */
    priceUsd: z.number().nonnegative().max(10_000).nullable(),
  })
  .strict()

export const submitImageSchema = z
  .object({
    kind: z.literal('image'),
    requestId,
    overrideBudget,
    allowRepeat,
    request: imageRequest,
  })
  .strict()

export const submitEditSchema = z
  .object({
    kind: z.literal('edit'),
    requestId,
    overrideBudget,
    allowRepeat,
    request: imageRequest,
    /** Reference images, sent as `image` (one) or repeated `image[]` parts. */
    images: z.array(filePath).max(16),
  })
  .strict()

export const submitVideoSchema = z
  .object({
    kind: z.literal('video'),
    requestId,
    overrideBudget,
    allowRepeat,
    request: videoRequest,
  })
  .strict()

export const submitNativeSchema = z
  .object({
    kind: z.literal('native'),
    requestId,
    overrideBudget,
    allowRepeat,
    request: nativeRequest,
    /** img2img / infill source and infill mask: files main checks, copies and encodes when sending. */
    image: filePath.optional(),
    mask: filePath.optional(),
  })
  .strict()

export const submitWorkbenchSchema = z
  .object({
    kind: z.literal('workbench'),
    requestId,
    overrideBudget,
    allowRepeat,
    request: workbenchRequest,
    quote: acceptedQuoteSchema.optional(),
  })
  .strict()

/** The request of each kind: a discriminated union by `kind`. */
export const submitTaskUnion = z.discriminatedUnion('kind', [
  submitImageSchema,
  submitEditSchema,
  submitVideoSchema,
  submitNativeSchema,
  submitWorkbenchSchema,
])

export type SubmitTaskInput = z.output<typeof submitTaskUnion>
export type SubmitTaskPayload = z.input<typeof submitTaskUnion>
export type AcceptedQuote = z.output<typeof acceptedQuoteSchema>

const envelope = z.looseObject({ kind: z.enum(TASK_KINDS) })

/**
 * The payload schema of `tasks:submit`. Every IPC channel takes one object schema (the contract's
 * rule), so at runtime this is an object whose check is the discriminated union above, with the
 * union's field paths in its messages; its static type is the union itself.
 */
export const submitTaskSchema = envelope.superRefine((value, ctx) => {
  const parsed = submitTaskUnion.safeParse(value)
  if (parsed.success) return
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
  }
}) as unknown as typeof envelope & {
  _zod: { input: SubmitTaskPayload; output: SubmitTaskInput }
}

/** Kinds in the order the union lists them (kept in step with TASK_KINDS by a unit test). */
export const SUBMIT_KINDS = submitTaskUnion.options.map((o) => o.shape.kind.value)

/** The local files a submission sends (edit references, a native source and mask). */
export function referencePathsOf(input: object): string[] {
  const i = input as { images?: unknown; image?: unknown; mask?: unknown }
  const list = [...(Array.isArray(i.images) ? i.images : []), i.image, i.mask]
  return list.filter((p): p is string => typeof p === 'string' && p.length > 0)
}

import { fail } from '@shared/result'
import { z } from 'zod'

import { t } from '../../i18n'

/**
 * Zod schemas for the parts of each answer the app relies on. Unknown fields are kept (loose) but
 * never required; a missing or odd required field becomes a `bad_response` with the field's path,
 * never an exception deeper in the app.
 */

const id = z.union([z.string().min(1), z.number()]).transform(String)

export const modelsSchema = z.looseObject({
  data: z.array(z.looseObject({ id: z.string().min(1) })),
})

export const imageResultSchema = z.looseObject({
  created: z.number().optional(),
  data: z
    .array(
      z
        .looseObject({
          url: z.string().min(1).optional(),
          b64_json: z.string().min(1).optional(),
          revised_prompt: z.string().optional(),
        })
        .refine((d) => d.url !== undefined || d.b64_json !== undefined, {
          message: 'an image has neither url nor b64_json',
        }),
    )
    .min(1, 'no images in the answer'),
})

export const videoTaskSchema = z.looseObject({
  id,
  status: z.string().min(1),
  progress: z.number().optional().catch(undefined),
  error: z
    .looseObject({ code: z.string().optional(), message: z.string().optional() })
    .nullish()
    .catch(undefined),
  expires_at: z.number().nullish().catch(undefined),
})

export const nativeJsonSchema = z.looseObject({
  images: z.array(z.string().min(1)).min(1, 'no images in the answer'),
})

export const estimateSchema = z.looseObject({
  data: z.looseObject({ quote_id: id }),
})

/** The workbench task's fields beyond its ID are not shown by the spec: accept data.{id} or {id}. */
export const artTaskSchema = z
  .looseObject({
    data: z
      .looseObject({ id: id.optional(), task_id: id.optional(), status: z.string().optional() })
      .optional(),
    id: id.optional(),
    task_id: id.optional(),
    status: z.string().optional(),
  })
  .refine((t) => (t.data?.id ?? t.data?.task_id ?? t.id ?? t.task_id) !== undefined, {
    message: 'the task has no id',
  })

export const assetSchema = z.looseObject({ data: z.looseObject({ id }) })

export const chatSchema = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        message: z.looseObject({ content: z.string().nullable().optional() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1, 'no choices in the answer'),
})

export const chatChunkSchema = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        delta: z.looseObject({ content: z.string().nullish() }).optional(),
        finish_reason: z.string().nullish(),
      }),
    )
    .optional(),
})

export const responsesSchema = z.looseObject({
  id: z.string().optional(),
  output_text: z.string().optional(),
  output: z
    .array(
      z.looseObject({
        content: z
          .array(z.looseObject({ type: z.string().optional(), text: z.string().optional() }))
          .optional(),
      }),
    )
    .optional(),
})

/** Parses `json` with `schema`, or throws `bad_response` naming the endpoint and the field. */
export function parseAnswer<S extends z.ZodType>(
  schema: S,
  json: unknown,
  endpoint: string,
): z.output<S> {
  const parsed = schema.safeParse(json)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue?.path.length ? issue.path.join('.') : '(answer)'
  return fail(
    'bad_response',
    t('answerNotUnderstood', { endpoint, where, issue: issue?.message ?? t('answerInvalid') }),
    { action: t('answerNotUnderstoodAction') },
  )
}

/** JSON.parse that turns a broken body into `bad_response` instead of a SyntaxError. */
export function parseJson(text: string, endpoint: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    const html = /^\s*</.test(text)
    return fail(
      'bad_response',
      html ? t('answerHtml', { endpoint }) : t('answerNotJson', { endpoint }),
      { action: html ? t('answerHtmlAction') : t('answerRetryAction') },
    )
  }
}

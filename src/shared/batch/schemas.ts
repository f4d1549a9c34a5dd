/** Zod schemas for the batch and wildcard channels (parsed in main). */
import { z } from 'zod'

import { msg } from '../i18n/message'
import { submitTaskSchema } from '../tasks/submit'
import { AXIS_FIELDS, MAX_AXIS_VALUES, MAX_REPEAT } from './types'

const axisSchema = z
  .object({
    field: z.enum(AXIS_FIELDS),
    values: z
      .array(
        z
          .string()
          .trim()
          .min(1, { error: () => msg('axisValueEmpty') })
          .max(2000),
      )
      .min(1, { error: () => msg('axisNoValue') })
      .max(MAX_AXIS_VALUES, { error: () => msg('axisTooManyValues', { max: MAX_AXIS_VALUES }) }),
  })
  .strict()

export const batchSpecSchema = z
  .object({
    repeat: z
      .number()
      .int()
      .min(1, { error: () => msg('repeatOnce') })
      .max(MAX_REPEAT, { error: () => msg('repeatMax', { max: MAX_REPEAT }) }),
    seedBase: z.number().int().min(0).max(4294967295).nullable(),
    x: axisSchema.nullable(),
    y: axisSchema.nullable(),
    title: z.string().trim().max(200),
    dropRepeats: z.boolean().optional(),
  })
  .strict()
  .refine((s) => !(s.x && s.y && s.x.field === s.y.field), {
    error: () => msg('axesSame'),
    path: ['y', 'field'],
  })

/** A batch: the form's request (as `tasks:submit` takes it) and how to vary it. */
export const batchInputSchema = z
  .object({
    base: submitTaskSchema,
    spec: batchSpecSchema,
  })
  .strict()

export const batchSubmitSchema = z
  .object({
    base: submitTaskSchema,
    spec: batchSpecSchema,
    /** Sending the same id twice returns the existing batch (a double click never runs two). */
    requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    /** The user chose to go over a budget cap for this one batch. */
    overrideBudget: z.boolean().optional(),
  })
  .strict()

export const batchIdSchema = z.object({ id: z.string().min(1).max(64) }).strict()

/**
 * A wildcard list's name: what goes between the double underscores. Messages are functions so
 * they are made at parse time, in the language of that moment.
 */
export const wildcardNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: () => msg('wildcardNameChars') })
  .refine((n) => !n.startsWith('_') && !n.endsWith('_'), {
    error: () => msg('wildcardNameUnderscore'),
  })

export const wildcardListSchema = z
  .object({
    name: wildcardNameSchema,
    values: z
      .array(z.string().trim().min(1).max(2000))
      .min(1, { error: () => msg('wildcardListEmpty') })
      .max(1000, { error: () => msg('wildcardListMax', { max: 1000 }) }),
  })
  .strict()

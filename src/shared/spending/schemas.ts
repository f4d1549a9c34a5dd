/** Zod schemas for the spending and budget channels (parsed in main). */
import { z } from 'zod'

import { msg } from '../i18n/message'
import { projectNameProblem } from './project'
import { BUDGET_KINDS } from './types'

/** `YYYY-MM-DD` that is a real calendar day. */
export const dayKeySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => msg('dayFormat') })
  .refine(
    (d) => {
      const [y, m, day] = d.split('-').map(Number) as [number, number, number]
      const date = new Date(Date.UTC(y, m - 1, day))
      return (
        date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === day
      )
    },
    { error: () => msg('notCalendarDay') },
  )

/** A range's own checks: it ends after it starts, and spans at most ten years. */
function checkedRange<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
  return schema
    .refine((r) => r.from <= r.to, { error: () => msg('rangeBackwards'), path: ['to'] })
    .refine((r) => daysBetween(r.from, r.to) <= 3660, {
      error: () => msg('rangeTooLong'),
      path: ['from'],
    })
}

export const spendRangeSchema = checkedRange(
  z
    .object({
      from: dayKeySchema,
      to: dayKeySchema,
      /** Include the offline demo's activity (kept apart by default). */
      includeDemo: z.boolean().optional(),
    })
    .strict(),
)

/** Whole days from `a` to `b` (UTC arithmetic on calendar days: no DST effects). */
export function daysBetween(a: string, b: string): number {
  const t = (d: string) => Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10))
  return Math.round((t(b) - t(a)) / 86_400_000)
}

const capSchema = z
  .number({ error: () => msg('capEnterUsd') })
  .finite()
  .min(0.01, { error: () => msg('capMin') })
  .max(1_000_000, { error: () => msg('capMax') })
  .nullable()

export const periodCapsSchema = z.object({ dailyUsd: capSchema, monthlyUsd: capSchema }).strict()

/** A project name: trimmed, 1 to PROJECT_NAME_MAX characters, no control characters. */
export const projectNameSchema = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    const problem = projectNameProblem(name)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/** A range of days, for one project (null: the requests made with no project). */
export const projectRangeSchema = checkedRange(
  z
    .object({ from: dayKeySchema, to: dayKeySchema, project: projectNameSchema.nullable() })
    .strict(),
)

/** Most projects with their own caps. */
export const MAX_PROJECT_CAPS = 100

export const budgetsSchema = z
  .object({
    dailyUsd: capSchema,
    monthlyUsd: capSchema,
    perKind: z.partialRecord(z.enum(BUDGET_KINDS), periodCapsSchema),
    perProject: z
      .record(projectNameSchema, periodCapsSchema)
      .refine((r) => Object.keys(r).length <= MAX_PROJECT_CAPS, {
        error: () => msg('projectCapsMax', { max: MAX_PROJECT_CAPS }),
      })
      .optional(),
    warnAt: z.number().min(0.5).max(1),
  })
  .strict()

/** Zod schemas for the spending and budget channels (parsed in main). */
import { z } from 'zod'

import { BUDGET_KINDS } from './types'

/** `YYYY-MM-DD` that is a real calendar day. */
export const dayKeySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a day as YYYY-MM-DD')
  .refine((d) => {
    const [y, m, day] = d.split('-').map(Number) as [number, number, number]
    const date = new Date(Date.UTC(y, m - 1, day))
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === day
  }, 'Not a calendar day')

export const spendRangeSchema = z
  .object({
    from: dayKeySchema,
    to: dayKeySchema,
    /** Include the offline demo's activity (kept apart by default). */
    includeDemo: z.boolean().optional(),
  })
  .strict()
  .refine((r) => r.from <= r.to, { message: 'The range ends before it starts', path: ['to'] })
  .refine((r) => daysBetween(r.from, r.to) <= 3660, {
    message: 'Choose a range of at most ten years',
    path: ['from'],
  })

/** Whole days from `a` to `b` (UTC arithmetic on calendar days: no DST effects). */
export function daysBetween(a: string, b: string): number {
  const t = (d: string) => Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10))
  return Math.round((t(b) - t(a)) / 86_400_000)
}

const capSchema = z
  .number({ error: 'Enter an amount in USD' })
  .finite()
  .min(0.01, 'A cap is at least $0.01')
  .max(1_000_000, 'A cap is at most $1,000,000')
  .nullable()

export const periodCapsSchema = z.object({ dailyUsd: capSchema, monthlyUsd: capSchema }).strict()

export const budgetsSchema = z
  .object({
    dailyUsd: capSchema,
    monthlyUsd: capSchema,
    perKind: z.partialRecord(z.enum(BUDGET_KINDS), periodCapsSchema),
    warnAt: z.number().min(0.5).max(1),
  })
  .strict()

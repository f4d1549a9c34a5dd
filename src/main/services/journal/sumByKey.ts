/**
 * The rows of one query per demo flag, summed by `key`, as one GROUP BY over both flags would have
 * given them. Their order is not kept: every caller looks rows up by key or sorts them itself.
 */
export function sumByKey<R extends object>(
  parts: R[][],
  key: (row: R) => string,
  fields: ReadonlyArray<keyof R & string>,
): R[] {
  // Stryker disable next-line ConditionalExpression: equivalent, one part summed is itself (a shortcut)
  if (parts.length === 1) return parts[0]!
  const sums = new Map<string, R>()
  for (const rows of parts)
    for (const row of rows) {
      const k = key(row)
      const seen = sums.get(k) as Record<string, number> | undefined
      if (!seen) sums.set(k, { ...row })
      else for (const f of fields) seen[f] = seen[f]! + (row as Record<string, number>)[f]!
    }
  return [...sums.values()]
}

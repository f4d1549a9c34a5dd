/**
 * Prints a bench run at several library sizes: its name, one table row per figure with one
 * column per size (so the cost per item reads across), the goals, and the JSON line the bench
 * runner keeps (the largest size's figures at the top level, every size in `scales`).
 */
export function printScales<R extends { items: number }>(
  name: string,
  results: R[],
  column: (r: R) => Record<string, string>,
  goals: string,
): void {
  const columns = results.map((r) => [`${r.items.toLocaleString()} items`, column(r)] as const)
  const rows = Object.keys(columns[0]![1]).map((figure) => [
    figure,
    Object.fromEntries(columns.map(([size, c]) => [size, c[figure]])),
  ])
  console.log(name)
  console.table(Object.fromEntries(rows))
  console.log(goals)
  console.log(JSON.stringify({ ...results.at(-1)!, scales: results }))
}

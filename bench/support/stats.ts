/** Small numeric helpers every bench reports with, so all of them mean the same thing by "p95". */

export const MIB = 1024 * 1024

/** Nearest-rank percentile, `p` in 0..1 (0.95 for p95); 0 for no samples. */
export function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0
}

/** Median by nearest rank (pct 0.5); a round count is kept odd where it matters. */
export const median = (values: number[]): number => pct(values, 0.5)

/** The rounds after the first, which pays for cold caches and JIT warm-up. */
export const warm = <T>(rounds: T[]): T[] => rounds.slice(1)

/** Bytes as MiB with one decimal, for JSON figures. */
export const mib = (bytes: number): number => Number((bytes / MIB).toFixed(1))

/** Runs a bench's main and exits non-zero with the error when it throws, so `npm run bench` fails loudly. */
export function runBench(main: () => Promise<void>): void {
  main().catch((e: unknown) => {
    console.error(e)
    process.exit(1)
  })
}

/**
 * Size tiers and the pixel budget behind each one.
 *
 * THE SPEC DOES NOT SHOW THE PIXEL BUDGET OF EACH TIER ("Pixel budget of each size tier: not
 * shown"). The values below are our documented choice, kept in this one place so that the
 * validators, the simulator and the pricing all agree: a tier's budget is the total pixel count of
 * a square whose side is the tier's name in binary kilo-pixels (1K = 1024², 2K = 2048², 4K = 4096²).
 * If the service ever publishes its budgets, change them here and nowhere else.
 */
export type SizeTier = '1K' | '2K' | '4K'

export const SIZE_TIERS: readonly SizeTier[] = ['1K', '2K', '4K']

/** Total pixels allowed per tier (our choice; see the file comment). */
export const TIER_PIXEL_BUDGET: Readonly<Record<SizeTier, number>> = {
  '1K': 1024 * 1024,
  '2K': 2048 * 2048,
  '4K': 4096 * 4096,
}

/** The square output a tier produces when the request leaves the size open. */
export const TIER_DEFAULT_SIDE: Readonly<Record<SizeTier, number>> = {
  '1K': 1024,
  '2K': 2048,
  '4K': 4096,
}

/** Parses `W:H` into positive integers, or null. */
export function parseAspectRatio(value: string): { w: number; h: number } | null {
  const m = /^(\d{1,3}):(\d{1,3})$/.exec(value)
  if (!m) return null
  const w = Number(m[1])
  const h = Number(m[2])
  return w > 0 && h > 0 ? { w, h } : null
}

/** Parses `WIDTHxHEIGHT` into positive integers, or null. */
export function parseSize(value: string): { width: number; height: number } | null {
  const m = /^(\d{1,5})x(\d{1,5})$/.exec(value)
  if (!m) return null
  const width = Number(m[1])
  const height = Number(m[2])
  return width > 0 && height > 0 ? { width, height } : null
}

/**
 * A `W:H` rectangle within the tier's budget, both sides multiples of `multiple`: the width of the
 * exact fit rounded down, the height that matches it rounded, the width stepped down until the two
 * fit. A side is never below one multiple, even where that is over the budget (1:999 at 1K in
 * multiples of 64). Used where a model takes an aspect ratio and a tier instead of a size. Not
 * always the largest that fits (9:8 at 1K gives 1072×960; 1088×960 fits too), and left so: a tier
 * and ratio keep giving the size they gave before.
 */
export function dimensionsForAspect(
  tier: SizeTier,
  aspect: { w: number; h: number },
  multiple = 16,
): { width: number; height: number } {
  const budget = TIER_PIXEL_BUDGET[tier]
  const rawWidth = Math.sqrt((budget * aspect.w) / aspect.h)
  let width = Math.max(multiple, Math.floor(rawWidth / multiple) * multiple)
  const heightFor = (w: number) =>
    Math.max(multiple, Math.round((w * aspect.h) / aspect.w / multiple) * multiple)
  let height = heightFor(width)
  while (width * height > budget && width > multiple) {
    width -= multiple
    height = heightFor(width)
  }
  return { width, height }
}

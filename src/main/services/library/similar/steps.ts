/**
 * Work on main's thread cut into steps (the duplicates grouping, groupHashes.ts): a generator
 * yields between steps of about STEP_MS, and its caller lets the event loop turn there.
 */

/** Longest a step may hold main (the goal is ≤ 10 ms; this leaves room for a slow clock read). */
export const STEP_MS = 3

/**
 * Entries a linear pass handles between two looks at the clock: its first piece is FIRST_PIECE,
 * and each next one up to 4× the last while pieces stay well inside the step, up to PIECE. A
 * pass's first pieces run before V8 has optimised its loop (interpreted, many times slower), so a
 * fixed piece of PIECE could hold main for a whole slow piece.
 */
export const FIRST_PIECE = 256
export const PIECE = 4_096

/** When the current step ends (performance.now() time); reset after every yield. */
export interface Clock {
  until: number
}

/** A clock whose first step starts now. */
export const startClock = (): Clock => ({ until: performance.now() + STEP_MS })

/** Ends the step: yields, then gives the next one its STEP_MS. */
export function* pause(clock: Clock): Generator<void> {
  yield
  clock.until = performance.now() + STEP_MS
}

/**
 * Runs `body` over [0, total) in pieces (FIRST_PIECE growing to PIECE, a quarter again after a
 * piece that took longer than a step), ending the step whenever it has had its time. The loops
 * live in plain functions (`body`): V8 optimises those, while a loop in a generator runs
 * interpreted for a long while (a 4M-entry pass took 200 ms there, ~10 ms here).
 */
export function* inSteps(
  clock: Clock,
  total: number,
  body: (from: number, to: number) => void,
): Generator<void> {
  let piece = FIRST_PIECE
  for (let from = 0; from < total;) {
    const started = performance.now()
    const to = Math.min(total, from + piece)
    body(from, to)
    from = to
    const now = performance.now()
    const took = now - started
    if (took > STEP_MS) piece = Math.max(FIRST_PIECE, piece >> 2)
    else if (piece < PIECE && 4 * took < clock.until - now) piece <<= 2
    if (now > clock.until) yield* pause(clock)
  }
}

/**
 * A test's time limit for work that must finish "at once" (a hostile prompt refused without
 * recursion, an astronomical count without building it). Under `npm run mutation` the code is
 * instrumented (every branch asks which mutant is active) and two runners share the cores, so
 * the same work is several times slower: the limit grows tenfold there. It still catches what
 * it is for, work that grows with the input (10,000 levels, 10^30 variants), not a constant factor.
 */
export const timeBudgetMs = (ms: number): number =>
  process.env.STRYKER_MUTATOR_WORKER === undefined ? ms : ms * 10

/**
 * Survivors whose verdict is not proven: Stryker reports a mutant as Survived when none of the
 * tests that ran failed, and counts only tests that gave a result (`testsCompleted`). A mutant
 * whose covering tests were skipped or filtered out (`coveredBy` lists them) "survives" without
 * being tested. That is how a stale test filter hid in the keep-alive pool's first A/B: 39 of 749
 * mutants survived with most of their tests never run (stryker.config.mjs, 27 Nov). A survivor
 * runs every test that covers it, so any survivor with fewer completed is such a case, and
 * `npm run mutation` fails on it (scripts/mutation.mjs).
 */

/** `file:line:column (ran N of M covering tests)` for each survivor that ran fewer than cover it. */
export function unprovenSurvivors(report) {
  const out = []
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const m of mutants) {
      if (m.status !== 'Survived') continue
      const covering = m.coveredBy?.length ?? 0
      const ran = m.testsCompleted ?? covering
      if (ran < covering)
        out.push(
          `${file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName}` +
            ` (ran ${ran} of ${covering} covering tests)`,
        )
    }
  }
  return out
}

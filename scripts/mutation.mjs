#!/usr/bin/env node
/**
 * `npm run mutation`: runs StrykerJS over the money and durability modules (stryker.config.mjs),
 * then prints the score of every file, the surviving mutants, and last a JSON line:
 * {"mutation_score": …, "files": {…}, …}. The score is killed + timed out over every valid mutant
 * (survived, no coverage); ignored (message-only or static), compile and runtime errors are left
 * out. `--score-only` scores the last report again without running. Other arguments go to Stryker
 * (e.g. `npm run mutation -- --mutate src/shared/pricing/estimate.ts`; `-- --force` reruns every
 * mutant, where the default reuses the results of unchanged code and tests from
 * reports/mutation/stryker-incremental.json).
 * Goal (issue #32): ≥ 90 overall (also Stryker's `thresholds.break`) and ≥ 85 for every file; the
 * run exits 1 when either is missed, after printing the scores. It also exits 1 when a survivor
 * ran fewer tests than cover it: that verdict is unproven (mutation/unprovenSurvivors.mjs).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'

import { unprovenSurvivors } from './mutation/unprovenSurvivors.mjs'

const root = join(import.meta.dirname, '..')
const report = join(root, 'reports/mutation/mutation.json')
const GOAL = { overall: 90, perFile: 85 }

// `--score-only`: score the last report again without running Stryker.
const scoreOnly = process.argv.includes('--score-only')
const started = Date.now()
const run = scoreOnly ? { status: 0 } : runStryker(process.argv.slice(2))

function runStryker(args) {
  rmSync(report, { force: true })
  const bin = join(
    root,
    'node_modules/.bin',
    process.platform === 'win32' ? 'stryker.cmd' : 'stryker',
  )
  return spawnSync(bin, ['run', ...args], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
}
// Below `thresholds.break` Stryker exits 1 but still writes its report: score it all the same.
if (!existsSync(report)) {
  console.error(`Stryker did not finish (exit ${run.status ?? run.signal}); no score.`)
  process.exit(1)
}

const parsed = JSON.parse(readFileSync(report, 'utf8'))
const { files } = parsed
const unproven = unprovenSurvivors(parsed)
const DETECTED = new Set(['Killed', 'Timeout'])
const UNDETECTED = new Set(['Survived', 'NoCoverage'])
const perFile = {}
const survivors = []
let detected = 0
let valid = 0
let ignored = 0
let staticIgnored = 0
for (const [file, { mutants }] of Object.entries(files)) {
  const name = relative(root, join(root, file))
  let d = 0
  let v = 0
  for (const m of mutants) {
    // Static mutants are left out by `ignoreStatic` (see stryker.config.mjs), the rest by the ignorer.
    if (m.status === 'Ignored' && /static/i.test(m.statusReason ?? '')) staticIgnored++
    else if (m.status === 'Ignored') ignored++
    if (DETECTED.has(m.status)) d++
    if (DETECTED.has(m.status) || UNDETECTED.has(m.status)) v++
    if (UNDETECTED.has(m.status)) {
      survivors.push(
        `${name}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName}` +
          ` ${m.status === 'NoCoverage' ? '(no test reaches it) ' : ''}→ ${JSON.stringify(m.replacement ?? '')}`,
      )
    }
  }
  detected += d
  valid += v
  perFile[name] = { score: v === 0 ? 100 : round((100 * d) / v), detected: d, valid: v }
}

function round(x) {
  return Math.round(x * 10) / 10
}

const score = valid === 0 ? 0 : round((100 * detected) / valid)
console.log('\nMutation score per file (killed + timed out / valid mutants):')
for (const [name, f] of Object.entries(perFile).sort()) {
  const flag = f.score < GOAL.perFile ? `  < ${GOAL.perFile}` : ''
  console.log(`  ${String(f.score).padStart(5)}  ${f.detected}/${f.valid}  ${name}${flag}`)
}
console.log(`\nSurviving mutants (${survivors.length}):`)
for (const s of survivors) console.log(`  ${s}`)
if (unproven.length) {
  console.log(`\nSurvivors whose covering tests did not all run (${unproven.length}): not proven`)
  for (const s of unproven) console.log(`  ${s}`)
}
const worst = Math.min(...Object.values(perFile).map((f) => f.score))
const meetsGoal = score >= GOAL.overall && worst >= GOAL.perFile && unproven.length === 0
console.log(
  JSON.stringify({
    mutation_score: score,
    detected,
    valid,
    ignored_message_only: ignored,
    ignored_static: staticIgnored,
    survived: survivors.length,
    worst_file_score: worst,
    meets_goal: meetsGoal,
    below_floor: Object.keys(perFile).filter((name) => perFile[name].score < GOAL.perFile),
    unproven_survivors: unproven.length,
    seconds: Math.round((Date.now() - started) / 1000),
    files: perFile,
  }),
)
if (!meetsGoal || run.status !== 0) process.exit(1)

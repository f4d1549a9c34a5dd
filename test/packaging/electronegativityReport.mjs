/**
 * Runs electronegativity through its programmatic entry point (the package's `main`) and writes
 * its findings, and the files it could not analyse, as JSON to a file.
 *
 * Why not the CLI's CSV: the 1.10.3 CLI writes the CSV header and the rows with two concurrent
 * async fs.writeFile calls ('w' then 'a'), so the header can land over the first rows (seen in CI:
 * a report whose first row began mid-field). The programmatic API returns the same issue objects
 * the CSV is made from, with no file in between, and its parse errors, which the CLI hides.
 *
 * Usage: node electronegativityReport.mjs <input dir> <electron version> <excluded,checks> <out.json>
 * (a file, not stdout: the tool's i18n loader prints its own messages on stdout).
 */
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const run = require('@doyensec/electronegativity')

const [input, electronVersion, excluded, output] = process.argv.slice(2)

const result = await run({
  input,
  isRelative: true,
  electronVersionOverride: electronVersion,
  excludeFromScan: excluded ? excluded.split(',').map((c) => c.trim().toLowerCase()) : [],
  customScan: [],
  parserPlugins: [],
})
const findings = result.issues.map((issue) => ({
  check: issue.id,
  severity: issue.severity.name,
  confidence: issue.confidence.name,
  file: String(issue.file).replace(/\\/g, '/'),
  location: `${issue.location.line}:${issue.location.column}`,
  sample: issue.sample ?? '',
}))
writeFileSync(output, JSON.stringify({ errors: result.errors, findings }))

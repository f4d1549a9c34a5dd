#!/usr/bin/env node
/**
 * Compares two Stryker JSON reports mutant by mutant: `node scripts/mutation/compareReports.mjs
 * old.json new.json`. A speed change to the mutation set-up must leave every mutant detected
 * (killed or timed out) or undetected as before; this prints each mutant whose verdict moved, and
 * any mutant only one report has, then exits 1 if there is one. Mutants are matched by file,
 * position, mutator and replacement (ids differ between runs).
 */
import { readFileSync } from 'node:fs'

const DETECTED = new Set(['Killed', 'Timeout'])

/** Each mutant of a report by a key that survives a rerun, with its verdict. */
export function verdicts(report) {
  const out = new Map()
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const m of mutants) {
      const { start, end } = m.location
      const at = `${start.line}:${start.column}-${end?.line}:${end?.column}`
      const key = `${file}:${at} ${m.mutatorName} ${JSON.stringify(m.replacement ?? '')}`
      out.set(key, { status: m.status, detected: DETECTED.has(m.status) })
    }
  }
  return out
}

/** The mutants whose verdict differs (detected or not, ignored or not), and the counts. */
export function compare(oldReport, newReport) {
  const a = verdicts(oldReport)
  const b = verdicts(newReport)
  const moved = []
  for (const [key, v] of a) {
    const w = b.get(key)
    if (!w) moved.push(`${key}: ${v.status} -> (missing)`)
    else if (v.detected !== w.detected || (v.status === 'Ignored') !== (w.status === 'Ignored'))
      moved.push(`${key}: ${v.status} -> ${w.status}`)
  }
  for (const [key, w] of b) if (!a.has(key)) moved.push(`${key}: (missing) -> ${w.status}`)
  const count = (m) => {
    const c = {}
    for (const { status } of m.values()) c[status] = (c[status] ?? 0) + 1
    return c
  }
  return { moved, old: count(a), new: count(b), mutants: a.size }
}

if (process.argv[1] === import.meta.filename) {
  const [oldPath, newPath] = process.argv.slice(2)
  if (!oldPath || !newPath) {
    console.error('usage: node scripts/mutation/compareReports.mjs old.json new.json')
    process.exit(2)
  }
  const read = (p) => JSON.parse(readFileSync(p, 'utf8'))
  const r = compare(read(oldPath), read(newPath))
  console.log(`mutants: ${r.mutants}`)
  console.log(`old: ${JSON.stringify(r.old)}`)
  console.log(`new: ${JSON.stringify(r.new)}`)
  for (const line of r.moved) console.log(`moved: ${line}`)
  console.log(r.moved.length === 0 ? 'same verdict for every mutant' : `${r.moved.length} moved`)
  process.exit(r.moved.length === 0 ? 0 : 1)
}

#!/usr/bin/env node
// Runs the benchmarks in bench/: `npm run bench` runs every bench/*.ts, `npm run bench -- <name>`
// (or several names) runs those. Each bench runs as `npx tsx bench/<name>.ts`, prints its human
// table, and ends with one JSON line; this runner repeats those JSON lines at the end and exits
// non-zero if any bench crashed or did not end with JSON.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const benchDir = join(root, 'bench')
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'))
const all = readdirSync(benchDir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3))
  .sort()
const names = asked.length > 0 ? asked : all

for (const name of names) {
  if (!existsSync(join(benchDir, `${name}.ts`))) {
    console.error(`No such bench: ${name} (have: ${all.join(', ')})`)
    process.exit(2)
  }
}

/** Runs one bench, echoing its output live; resolves with its exit code and last stdout line. */
function run(name) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsx', join('bench', `${name}.ts`)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      shell: process.platform === 'win32',
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
    })
    let tail = ''
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk)
      tail = (tail + chunk.toString()).slice(-1_000_000)
    })
    child.on('close', (code, signal) => {
      const lines = tail.split('\n').filter((l) => l.trim())
      resolve({ code: code ?? (signal ? 1 : 0), last: lines.at(-1) ?? '' })
    })
  })
}

const results = []
let failed = 0
for (const name of names) {
  console.log(`\n=== bench: ${name} ===`)
  const started = Date.now()
  const { code, last } = await run(name)
  let json = null
  try {
    json = JSON.parse(last)
  } catch {
    json = null
  }
  if (code !== 0 || !json || typeof json !== 'object') {
    failed += 1
    console.log(`bench ${name} FAILED (exit ${code}${json ? '' : ', no JSON last line'})`)
    results.push(JSON.stringify({ bench: name, error: `exit ${code}` }))
  } else {
    results.push(JSON.stringify(json))
  }
  console.log(`(${name}: ${((Date.now() - started) / 1000).toFixed(1)} s)`)
}

console.log('\n=== results ===')
for (const line of results) console.log(line)
process.exit(failed > 0 ? 1 : 0)

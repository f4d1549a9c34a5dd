#!/usr/bin/env node
// Import cycles in src/ (run by `npm run lint`): every relative and aliased (@shared/…) import,
// type-only imports and dynamic import() included, since a type cycle is still a design cycle.
// Prints each cycle's files and exits 1 when there is one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const SOURCE = /\.(ts|tsx|mts|cts)$/
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.cts', '/index.ts', '/index.tsx']

function sourceFiles(dir) {
  const out = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path))
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path)
  }
  return out
}

/** The file an import specifier names, or null for a package or a missing file. */
function resolveSpecifier(from, spec, aliases) {
  let base = null
  for (const [prefix, target] of Object.entries(aliases)) {
    if (spec === prefix || spec.startsWith(`${prefix}/`))
      base = join(target, spec.slice(prefix.length))
  }
  if (!base && spec.startsWith('.')) base = resolve(dirname(from), spec)
  if (!base) return null
  for (const ext of EXTENSIONS) {
    const candidate = base + ext
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

/** Strongly connected components of more than one file (or a file importing itself). */
export function findCycles(srcDir, aliases = { '@shared': join(srcDir, 'shared') }) {
  const files = sourceFiles(srcDir)
  const graph = new Map()
  for (const file of files) {
    const deps = new Set()
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveSpecifier(file, m[1] ?? m[2] ?? m[3], aliases)
      if (target) deps.add(target)
    }
    graph.set(file, [...deps])
  }
  let counter = 0
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const cycles = []
  const visit = (v) => {
    index.set(v, counter)
    low.set(v, counter)
    counter++
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v), low.get(w)))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)))
    }
    if (low.get(v) === index.get(v)) {
      const component = []
      let w
      do {
        w = stack.pop()
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort())
    }
  }
  for (const file of files) if (!index.has(file)) visit(file)
  return cycles
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const cycles = findCycles(join(root, 'src'))
  for (const cycle of cycles) {
    console.error(
      `Import cycle (${cycle.length} files):\n  ${cycle.map((f) => relative(root, f)).join('\n  ')}`,
    )
  }
  if (cycles.length > 0) {
    console.error('Break the cycle: move what both sides need into a module neither imports from.')
    process.exit(1)
  }
}

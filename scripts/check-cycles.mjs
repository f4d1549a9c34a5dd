#!/usr/bin/env node
// Import cycles in src/ (run by `npm run lint`): every relative and aliased (@shared/…) import,
// type-only imports and dynamic import() included, since a type cycle is still a design cycle.
// Two levels: files, and the service domains as folders (src/main/services/<domain>/), which must
// form a one-way graph even where no two files import each other in a loop.
// Prints each cycle and exits 1 when there is one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
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

/** Every source file under `srcDir` with the files it imports (packages left out). */
function importGraph(srcDir, aliases) {
  const graph = new Map()
  for (const file of sourceFiles(srcDir)) {
    const deps = new Set()
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveSpecifier(file, m[1] ?? m[2] ?? m[3], aliases)
      if (target) deps.add(target)
    }
    graph.set(file, [...deps])
  }
  return graph
}

/** Strongly connected components of more than one node (or a node that reaches itself). */
function stronglyConnected(graph) {
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
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return cycles
}

const defaultAliases = (srcDir) => ({ '@shared': join(srcDir, 'shared') })

/** Import cycles between files: each is the sorted list of the files in it. */
export function findCycles(srcDir, aliases = defaultAliases(srcDir)) {
  return stronglyConnected(importGraph(srcDir, aliases))
}

/**
 * Cycles between the service domains (the folders of src/main/services): a domain imports
 * another when any of its files does. Each cycle is the sorted list of the domains in it, with
 * the imports that close it, so the message says which file to change.
 */
export function findDomainCycles(srcDir, aliases = defaultAliases(srcDir)) {
  const services = join(srcDir, 'main', 'services')
  const domainOf = (file) => {
    const rel = relative(services, file)
    if (rel.startsWith('..') || !rel.includes(sep)) return null
    return rel.split(sep)[0]
  }
  const files = importGraph(srcDir, aliases)
  const graph = new Map()
  const via = new Map()
  for (const [file, deps] of files) {
    const from = domainOf(file)
    if (!from) continue
    if (!graph.has(from)) graph.set(from, [])
    for (const dep of deps) {
      const to = domainOf(dep)
      if (!to || to === from) continue
      if (!graph.get(from).includes(to)) graph.get(from).push(to)
      const key = `${from}->${to}`
      if (!via.has(key)) via.set(key, [])
      via.get(key).push(`${relative(srcDir, file)} -> ${relative(srcDir, dep)}`)
    }
  }
  return stronglyConnected(graph).map((domains) => ({
    domains,
    imports: domains.flatMap((a) =>
      domains.flatMap((b) => (a === b ? [] : (via.get(`${a}->${b}`) ?? []))),
    ),
  }))
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const cycles = findCycles(join(root, 'src'))
  for (const cycle of cycles) {
    console.error(
      `Import cycle (${cycle.length} files):\n  ${cycle.map((f) => relative(root, f)).join('\n  ')}`,
    )
  }
  const domainCycles = findDomainCycles(join(root, 'src'))
  for (const cycle of domainCycles) {
    console.error(
      `Service domains import each other in a loop (${cycle.domains.join(', ')}):\n  ${cycle.imports.join('\n  ')}`,
    )
  }
  if (cycles.length > 0 || domainCycles.length > 0) {
    console.error('Break the cycle: move what both sides need into a module neither imports from.')
    process.exit(1)
  }
}

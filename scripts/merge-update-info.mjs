#!/usr/bin/env node
// Merges the update feed files (latest.yml, latest-mac.yml, latest-linux.yml, beta*.yml, …) that
// electron-builder wrote on each release runner into one set for the GitHub Release.
//
//   node scripts/merge-update-info.mjs OUT_DIR IN_DIR...
//
// Each arch is built on its own runner (release.yml), so Windows x64 and arm64 both write a
// latest.yml naming only their own installer, and macOS arm64 and x64 both a latest-mac.yml.
// electron-updater picks its file from one list (`files`, by arch in the name), so the lists are
// joined: same version required, files united by url (a url twice with different sha512 is an
// error). The top-level `path`/`sha512` (read by old updaters) stay those of the first input.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import YAML from 'yaml'

/** Update feed files electron-builder writes (not builder-debug.yml and other build notes). */
export const isFeedFile = (name) =>
  /^(latest|beta|alpha)(-mac|-linux(-[a-z0-9]+)?)?\.yml$/.test(name)

/** Joins several parsed feed files of one name into one. */
export function mergeFeeds(docs) {
  const [first, ...rest] = docs
  if (!first) throw new Error('nothing to merge')
  const files = new Map((first.files ?? []).map((f) => [f.url, f]))
  for (const doc of rest) {
    if (doc.version !== first.version)
      throw new Error(`versions differ: ${first.version} and ${doc.version}`)
    for (const f of doc.files ?? []) {
      const seen = files.get(f.url)
      if (seen && seen.sha512 !== f.sha512)
        throw new Error(`${f.url} is listed twice with different sha512`)
      files.set(f.url, f)
    }
  }
  const dates = docs
    .map((d) => d.releaseDate)
    .filter(Boolean)
    .sort()
  return { ...first, files: [...files.values()], ...(dates[0] ? { releaseDate: dates[0] } : {}) }
}

/** Reads every feed file in the input folders, writes one merged file per name; returns names. */
export function mergeFolders(outDir, inDirs) {
  const byName = new Map()
  for (const dir of inDirs)
    for (const name of readdirSync(dir).filter(isFeedFile).sort()) {
      const list = byName.get(name) ?? []
      list.push(YAML.parse(readFileSync(join(dir, name), 'utf8')))
      byName.set(name, list)
    }
  mkdirSync(outDir, { recursive: true })
  for (const [name, docs] of byName)
    writeFileSync(join(outDir, name), YAML.stringify(mergeFeeds(docs), { lineWidth: 0 }))
  return [...byName.keys()].sort()
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [outDir, ...inDirs] = process.argv.slice(2)
  if (!outDir || inDirs.length === 0) {
    console.error(`usage: node ${fileURLToPath(import.meta.url)} OUT_DIR IN_DIR...`)
    process.exit(2)
  }
  try {
    const names = mergeFolders(outDir, inDirs)
    console.log(`merged ${names.length} feed file(s): ${names.join(', ') || '(none)'}`)
    if (names.length === 0) process.exit(1)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}

/**
 * The renderer's start-up cost in bytes (issue #34: the entry chunk may grow by at most 15 KB
 * gzip): every script out/renderer/index.html loads before the first render (the entry module
 * and its modulepreload chunks), raw and gzip. Run after `electron-vite build`:
 * `node scripts/i18n/entry-size.mjs` prints one JSON line.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const dir = join(process.cwd(), 'out', 'renderer')
const html = readFileSync(join(dir, 'index.html'), 'utf8')
const files = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="\.\/([^"]+)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\.\/([^"]+)"/g),
].map((m) => m[1])
let raw = 0
let gzip = 0
for (const file of files) {
  const bytes = readFileSync(join(dir, file))
  raw += bytes.length
  gzip += gzipSync(bytes, { level: 9 }).length
}
console.log(JSON.stringify({ files: files.length, raw, gzip }))

import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'

import { buildSync } from 'esbuild'

const ROOT = join(__dirname, '..', '..')

/**
 * Bundles a worker entry of src/main into one CommonJS file, as the app's build does
 * (electron.vite.config.ts), and returns a spawner for it: a bench then times the thread the user
 * runs, not tsx compiling TypeScript when the thread starts.
 */
export function bundledWorker(entry: string): () => Worker {
  const outfile = join(mkdtempSync(join(tmpdir(), 'bench-worker-')), 'worker.js')
  buildSync({
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile,
    alias: { '@shared': join(ROOT, 'src', 'shared') },
    logLevel: 'error',
  })
  return () => new Worker(outfile)
}

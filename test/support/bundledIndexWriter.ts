import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { buildSync } from 'esbuild'

import { utilityIndexWriter } from '../../src/main/adapters/processes/utilityIndexWriter'
import type { IndexWriter } from '../../src/main/services/library/writer/IndexWriter'
import { FakeUtilityProcess } from './electron/utilityProcess'

const ROOT = join(__dirname, '..', '..')

let bundled: { writer: string; reader: string } | null = null

/**
 * The index writer's utility process and its reader thread bundled as the app's build bundles them
 * (electron.vite.config.ts: one CommonJS file each, packages left to node_modules), once per test
 * process: tests and benches run the code the user runs, in a real child process.
 */
export function bundledIndexWriter(): { writer: string; reader: string } {
  if (bundled) return bundled
  const dir = mkdtempSync(join(tmpdir(), 'index-writer-'))
  const build = (entry: string, name: string) => {
    const outfile = join(dir, `${name}.js`)
    buildSync({
      entryPoints: [join(ROOT, entry)],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      outfile,
      packages: 'external',
      alias: { '@shared': join(ROOT, 'src', 'shared') },
      logLevel: 'error',
    })
    return outfile
  }
  bundled = {
    writer: build('src/main/workers/indexWriter.ts', 'indexWriter'),
    reader: build('src/main/workers/libraryReader.ts', 'libraryReader'),
  }
  return bundled
}

/**
 * The IndexWriter the app builds (boot.ts), over the Electron double's utilityProcess: a real Node
 * child running the bundled writer. `forked` hears every child started (a test may kill one).
 */
export function indexWriterProcess(
  paths: { indexPath: string; thumbsDir: string },
  forked: (child: FakeUtilityProcess) => void = () => {},
): IndexWriter {
  const { writer, reader } = bundledIndexWriter()
  return utilityIndexWriter(() => {
    const child = new FakeUtilityProcess(
      writer,
      [paths.indexPath, reader, paths.thumbsDir, ''],
      // The bundle's packages (better-sqlite3) resolve from the checkout's node_modules.
      { env: { ...process.env, NODE_PATH: join(ROOT, 'node_modules') }, stdio: 'inherit' },
    )
    forked(child)
    return child
  })
}

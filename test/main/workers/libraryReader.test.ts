import { once } from 'node:events'
import { existsSync, promises as fs, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'

import type { ReaderMessage } from '@main/services/library/reader/LibraryReader'
import { READ_CHUNK } from '@main/services/library/reader/readLibrary'
import { writeResults } from '@test/support/libraryFolder'
import { tsWorker } from '@test/support/tsWorker'
import { afterEach, describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../../..')
const ENTRY = join(ROOT, 'src/main/workers/libraryReader.ts')

/**
 * Every module the reader thread loads, following relative and `@shared/` imports from its entry;
 * bare package names are collected, not followed.
 */
function importGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files: string[] = []
  const packages = new Set<string>()
  const todo = [entry]
  const seen = new Set<string>()
  while (todo.length) {
    const file = todo.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    files.push(file)
    const text = readFileSync(file, 'utf8')
    // Value imports only: `import type` and inline-only type imports load nothing at run time.
    const specs = [
      ...text.matchAll(/^(?:import|export)\s+(?!type\s)[^'"]*?from\s+'([^']+)'/gms),
      ...text.matchAll(/^import\s+'([^']+)'/gm),
    ]
    for (const m of specs) {
      const spec = m[1]!
      if (spec.startsWith('.') || spec.startsWith('@shared/')) {
        const base = spec.startsWith('@shared/')
          ? join(ROOT, 'src/shared', spec.slice('@shared/'.length))
          : resolve(dirname(file), spec)
        if (base.endsWith('.json')) continue // a catalog: data, it imports nothing
        // A folder's import means its index.ts (`../../i18n`).
        todo.push(
          base.endsWith('.ts')
            ? base
            : existsSync(`${base}.ts`)
              ? `${base}.ts`
              : join(base, 'index.ts'),
        )
      } else packages.add(spec)
    }
    for (const m of text.matchAll(/require\(\s*'([^']+)'\s*\)/g)) packages.add(m[1]!)
  }
  return { files, packages }
}

const dirs: string[] = []
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

async function library(files: number): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'reader-'))
  dirs.push(root)
  await writeResults(
    join(root, '2025', '01', '02'),
    files,
    Buffer.from('\x89PNG\r\n\x1a\n not really'),
    {
      name: 'f',
    },
  )
  return root
}

/** Collects a thread's messages until `done`, acknowledging each as the app's adapter does. */
async function readAll(
  root: string,
  lane?: { lane: number; lanes: number },
): Promise<ReaderMessage[]> {
  const worker = tsWorker(ENTRY)
  const out: ReaderMessage[] = []
  try {
    worker.postMessage({ type: 'read', root, ...lane })
    for (;;) {
      const [message] = (await once(worker, 'message')) as [ReaderMessage]
      out.push(message)
      if (message.type !== 'rows') return out
      worker.postMessage({ type: 'ack' })
    }
  } finally {
    await worker.terminate()
  }
}

describe('the library reader thread', () => {
  it('loads only Node built-ins, nothing native and nothing of Electron (Electron multithreading guide)', () => {
    const { files, packages } = importGraph(ENTRY)
    expect(files.length).toBeGreaterThan(3)
    // Its messages come from main's catalogs (issue #34): ICU formatting is plain JavaScript, a
    // dependency of the app. Anything else (native, Electron) must not be loaded here.
    expect([...packages].filter((p) => !p.startsWith('node:'))).toEqual(['intl-messageformat'])
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: object
    }
    expect(pkg.dependencies).toHaveProperty('intl-messageformat')
  })

  it('reads every sidecar in chunks and leaves files without a usable one to main', async () => {
    const root = await library(READ_CHUNK + 20)
    const day = join(root, '2025', '01', '02')
    await fs.writeFile(join(day, 'orphan.png'), 'x')
    await fs.writeFile(join(day, 'broken.png'), 'x')
    await fs.writeFile(join(day, 'broken.png.json'), '{ not json')
    await fs.writeFile(join(day, 'grown.png'), 'xxxx')
    await fs.writeFile(join(day, 'grown.png.json'), JSON.stringify({ id: 'g', bytes: 1 }))
    await fs.writeFile(join(day, '.hidden.png'), 'x')
    await fs.writeFile(join(day, 'partial.png.part'), 'x')
    const messages = await readAll(root)
    const rows = messages.flatMap((m) => (m.type === 'rows' ? m.rows : []))
    expect(messages.filter((m) => m.type === 'rows').map((m) => m.rows.length)).toEqual([
      READ_CHUNK,
      20,
    ])
    expect(new Set(rows.map((r) => r.sidecar.id)).size).toBe(READ_CHUNK + 20)
    const sidecarStat = await fs.stat(join(day, 'f-0.png.json'))
    const fileStat = await fs.stat(join(day, 'f-0.png'))
    expect(rows.find((r) => r.relPath === '2025/01/02/f-0.png')).toMatchObject({
      media: 'image',
      ext: 'png',
      fileSize: fileStat.size,
      fileMtime: Math.round(fileStat.mtimeMs),
      sidecarMtime: Math.round(sidecarStat.mtimeMs),
      problem: null,
    })
    const done = messages.at(-1)!
    expect(done.type).toBe('done')
    if (done.type !== 'done') return
    expect(done.others.map(([rel]) => rel).sort()).toEqual([
      '2025/01/02/broken.png',
      '2025/01/02/grown.png',
      '2025/01/02/orphan.png',
    ])
    const orphan = done.others.find(([rel]) => rel.endsWith('orphan.png'))!
    expect(orphan[1].sidecarMtime).toBe(-1)
    expect(done.errors).toEqual([])
  })

  it('sends nothing more until main takes what it sent', async () => {
    const root = await library(READ_CHUNK * 2 + 1)
    const worker = tsWorker(ENTRY)
    try {
      const got: ReaderMessage[] = []
      worker.on('message', (m: ReaderMessage) => got.push(m))
      worker.postMessage({ type: 'read', root })
      await expect.poll(() => got.length, { timeout: 10_000 }).toBe(1)
      // Plenty of time to read the other 1,000 sidecars: none is sent without an ack.
      await new Promise((r) => setTimeout(r, 400))
      expect(got.length).toBe(1)
      worker.postMessage({ type: 'ack' })
      await expect.poll(() => got.length, { timeout: 10_000 }).toBe(2)
    } finally {
      await worker.terminate()
    }
  })

  it('splits the folder between lanes: every file read by exactly one of them', async () => {
    const root = await library(60)
    await writeResults(join(root, '2025', '01', '03'), 40, Buffer.from('png'), { name: 'g' })
    await fs.writeFile(join(root, '2025', '01', '03', 'orphan.png'), 'x')
    const whole = await readAll(root)
    const lanes = await Promise.all([0, 1, 2].map((lane) => readAll(root, { lane, lanes: 3 })))
    const paths = (ms: ReaderMessage[]) =>
      ms.flatMap((m) => (m.type === 'rows' ? m.rows.map((r) => r.relPath) : []))
    const laned = lanes.flatMap(paths)
    expect(laned).toHaveLength(100)
    expect(new Set(laned)).toEqual(new Set(paths(whole)))
    // Each lane gets a share, not all or nothing.
    for (const l of lanes) expect(paths(l).length).toBeGreaterThan(10)
    const dones = lanes.map((l) => l.at(-1)!).filter((m) => m.type === 'done')
    expect(dones).toHaveLength(3)
    expect(dones.flatMap((d) => d.others.map(([rel]) => rel))).toEqual(['2025/01/03/orphan.png'])
  })

  it('reads the newest dated folders first', async () => {
    const root = await library(1)
    for (const day of ['2024/12/31', '2025/01/01', '2023/06/15'])
      await writeResults(join(root, ...day.split('/')), READ_CHUNK, Buffer.from('png'), {
        name: day.replaceAll('/', '-'),
      })
    const chunks = (await readAll(root)).flatMap((m) =>
      m.type === 'rows' ? [m.rows[0]!.relPath.slice(0, 10)] : [],
    )
    expect(chunks.slice(0, 3)).toEqual(['2025/01/02', '2025/01/01', '2024/12/31'])
  })

  it('says so when the folder itself cannot be listed', async () => {
    const messages = await readAll(join(tmpdir(), 'no-such-library-folder-xyz'))
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ type: 'unreadable' })
    expect((messages[0] as { message: string }).message).toContain('ENOENT')
  })
})

import * as fs from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { scanFolder } from '@main/services/library/disk/scan'
import type { ReaderMessage } from '@main/services/library/reader/LibraryReader'
import {
  laneOf,
  readLibrary,
  STAMP_CHUNK,
  stampLibrary,
} from '@main/services/library/reader/readLibrary'
import { writeResults } from '@test/support/libraryFolder'
import { afterEach, describe, expect, it, vi } from 'vitest'

/** Folders whose listing fails as a locked folder's would (root reads any folder it is given). */
const locked = new Set<string>()
vi.mock('node:fs', async (original) => {
  const real = await original<typeof fs>()
  const readdirSync = ((path: fs.PathLike, options?: unknown) => {
    if (locked.has(String(path)))
      throw Object.assign(new Error(`EACCES: permission denied, scandir '${String(path)}'`), {
        code: 'EACCES',
      })
    return real.readdirSync(path, options as never)
  }) as typeof real.readdirSync
  return { ...real, readdirSync, default: { ...real, readdirSync } }
})

const dirs: string[] = []
afterEach(async () => {
  locked.clear()
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

async function read(
  root: string,
  lane = 0,
  lanes = 1,
  job = readLibrary,
): Promise<ReaderMessage[]> {
  const out: ReaderMessage[] = []
  await job(root, async (m) => void out.push(m), { lane, lanes })
  return out
}

describe('readLibrary', () => {
  it('reports a folder it cannot list once, from one lane, and reads the rest', async () => {
    const root = await mkdtemp(join(tmpdir(), 'read-library-'))
    dirs.push(root)
    await writeResults(join(root, '2025', '01', '02'), 30, Buffer.from('png'))
    await writeResults(join(root, '2025', '01', '03'), 5, Buffer.from('png'))
    locked.add(join(root, '2025', '01', '03'))
    const lanes = await Promise.all([0, 1].map((lane) => read(root, lane, 2)))
    const done = lanes.map((l) => l.at(-1)!)
    const errors = done.flatMap((d) => (d.type === 'done' ? d.errors : []))
    expect(errors).toEqual([
      { relPath: '2025/01/03', message: expect.stringContaining('EACCES: permission denied') },
    ])
    const rows = lanes.flat().flatMap((m) => (m.type === 'rows' ? m.rows : []))
    expect(rows).toHaveLength(30)
  })

  it('stamps, across its lanes, exactly the files scanFolder stamps, as scanFolder does', async () => {
    const root = await mkdtemp(join(tmpdir(), 'read-library-'))
    dirs.push(root)
    await writeResults(join(root, '2025', '01', '02'), STAMP_CHUNK + 3, Buffer.from('png'))
    const day = join(root, '2025', '01', '03')
    await writeResults(day, 3, Buffer.from('png'), { name: 'x' })
    await fs.promises.writeFile(join(day, 'orphan.png'), 'x')
    await fs.promises.writeFile(join(day, 'lonely.png.json'), '{}')
    await fs.promises.writeFile(join(day, '.hidden.png'), 'x')
    await fs.promises.writeFile(join(day, 'notes.txt'), 'x')
    locked.add(join(root, '2024'))
    await fs.promises.mkdir(join(root, '2024'))
    const lanes = await Promise.all([0, 1].map((lane) => read(root, lane, 2, stampLibrary)))
    const stamps = lanes.flat().flatMap((m) => (m.type === 'stamps' ? m.files : []))
    const whole = await read(root, 0, 1, stampLibrary)
    expect(whole.filter((m) => m.type === 'stamps').map((m) => m.files.length)).toEqual([
      STAMP_CHUNK,
      7,
    ])
    const scan = await scanFolder(root)
    expect(new Map(stamps)).toEqual(scan.files)
    expect(stamps).toHaveLength(scan.files.size)
    expect(scan.files.get('2025/01/03/orphan.png')?.sidecarMtime).toBe(-1)
    const errors = lanes.flatMap((l) => l.flatMap((m) => (m.type === 'done' ? m.errors : [])))
    expect(errors.map((e) => e.relPath)).toEqual(['2024'])
  })

  it('says the library folder itself is unreadable, in every lane, and nothing else', async () => {
    const root = await mkdtemp(join(tmpdir(), 'read-library-'))
    dirs.push(root)
    locked.add(root)
    expect(await read(root, 1, 2)).toEqual([
      { type: 'unreadable', message: expect.stringContaining('EACCES') },
    ])
  })

  it('gives each path one lane, the same in every call, spread over all lanes', () => {
    const paths = Array.from({ length: 3000 }, (_, i) => `2025/01/${i % 28}/result-${i}.png`)
    const counts = [0, 0, 0]
    for (const p of paths) {
      const lane = laneOf(p, 3)
      expect(laneOf(p, 3)).toBe(lane)
      counts[lane]! += 1
    }
    for (const c of counts) expect(c).toBeGreaterThan(800)
    expect(laneOf('anything', 1)).toBe(0)
  })
})

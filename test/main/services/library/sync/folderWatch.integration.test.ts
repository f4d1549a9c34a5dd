import { promises as fs } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { type FolderWatch, watchFolderTree } from '@main/services/library/sync/folderWatch'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * The library's own folder watch (sync/folderWatch.ts): one watch per folder on Linux, so a sync
 * engine delivering thousands of files into one folder costs one event each, not a listing of
 * the whole folder each (Node's recursive mode there).
 */
let root = ''
let watch: FolderWatch | null = null
afterEach(async () => {
  watch?.close()
  watch = null
  if (root) await rm(root, { recursive: true, force: true })
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await sleep(20)
  }
}

describe('watchFolderTree', () => {
  it('reports files in folders made after the watch started, at any depth, and stops at close', async () => {
    root = await mkdtemp(join(tmpdir(), 'fwatch-'))
    await fs.mkdir(join(root, 'old', 'deep'), { recursive: true })
    const seen = new Set<string | null>()
    const errors: Error[] = []
    watch = watchFolderTree(
      root,
      (rel) => seen.add(rel),
      (e) => errors.push(e),
    )
    await sleep(100) // the existing folders are watched
    await fs.writeFile(join(root, 'old', 'deep', 'a.png'), 'a')
    await until(() => seen.has('old/deep/a.png'))

    // A new folder tree, filled quickly: the files land before or after its watch starts; the
    // folder is reported once watched, and what comes later is reported by name.
    await fs.mkdir(join(root, '2026', '03', '01'), { recursive: true })
    await until(() => seen.has('2026'))
    await sleep(100)
    await fs.writeFile(join(root, '2026', '03', '01', 'b.png'), 'b')
    await fs.rename(
      join(root, '2026', '03', '01', 'b.png'),
      join(root, '2026', '03', '01', 'c.png'),
    )
    await until(() => seen.has('2026/03/01/c.png'))
    expect(seen.has('2026/03/01/b.png')).toBe(true)

    // A folder removed and made again is watched again.
    await fs.rm(join(root, '2026'), { recursive: true })
    await until(() => seen.has('2026'))
    seen.clear()
    await sleep(100)
    await fs.mkdir(join(root, '2026', '04'), { recursive: true })
    await until(() => seen.has('2026'))
    await sleep(100)
    await fs.writeFile(join(root, '2026', '04', 'd.png'), 'd')
    await until(() => seen.has('2026/04/d.png'))

    watch.close()
    seen.clear()
    await fs.writeFile(join(root, 'old', 'e.png'), 'e')
    await sleep(300)
    expect([...seen]).toEqual([])
    expect(errors).toEqual([])
  })

  it('throws when the folder cannot be watched at all', () => {
    expect(() =>
      watchFolderTree(
        join(tmpdir(), 'no-such-folder-for-fwatch'),
        () => {},
        () => {},
      ),
    ).toThrow(/ENOENT/)
  })
})

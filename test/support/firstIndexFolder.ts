import { cpSync, promises as fs } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import Database from 'better-sqlite3'

import { writeResults } from './libraryFolder'
import { makePng } from './mediaFixtures'

/**
 * A library folder of `n` saved results in two day folders and one file with a broken sidecar: what
 * the tests of a first index build two ways and compare (reader threads, the writer process, main's
 * thread). The results are `r-0…` in 2025/03/05 and `s-0…` in 2025/03/04. The folder is added to
 * `dirs` for the test to remove; `png` spares a suite that builds many folders a new image each.
 */
export async function firstIndexFolder(n: number, dirs: string[], png?: Buffer): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'first-index-'))
  dirs.push(root)
  png ??= await makePng(8, 8)
  const half = Math.ceil(n / 2)
  // Each its own second: rows created in the same millisecond are keyed in the order they are
  // written, which differs between the two ways of reading.
  const extra = (i: number) => ({
    created: new Date(Date.UTC(2025, 2, 4) + i * 1000).toISOString(),
    prompt: `a lighthouse number ${i}`,
    rating: i % 6,
    tags: i % 3 ? ['sea'] : [],
  })
  await writeResults(join(root, '2025', '03', '05'), half, png, { name: 'r', extra })
  await writeResults(join(root, '2025', '03', '04'), n - half, png, {
    name: 's',
    extra: (i) => extra(half + i),
  })
  await fs.writeFile(join(root, '2025', '03', '04', 'broken.png'), png)
  await fs.writeFile(join(root, '2025', '03', '04', 'broken.png.json'), '{ nope')
  return root
}

/**
 * A copy of a library folder with the same mtimes: the input of the second build the tests compare
 * with (same stamps, so a restart of either finds the same nothing to re-read). Its parent folder
 * is added to `dirs`.
 */
export async function copyOfFolder(root: string, dirs: string[]): Promise<string> {
  const parent = await mkdtemp(join(tmpdir(), 'first-index-copy-'))
  dirs.push(parent)
  const copy = join(parent, 'lib')
  cpSync(root, copy, { recursive: true, preserveTimestamps: true })
  return copy
}

/**
 * What a restart's walk must find in a `firstIndexFolder`: result `r-<edited>`'s sidecar edited
 * (prompt "a harbour", a later mtime), result `r-<removed>` and its sidecar gone, and one new result
 * `new-0` in 2025/03/06.
 */
export async function changeFolder(
  root: string,
  { edited, removed, png }: { edited: number; removed: number; png: Buffer },
): Promise<void> {
  const day = join(root, '2025', '03', '05')
  const sidecar = join(day, `r-${edited}.png.json`)
  const json = JSON.parse(await fs.readFile(sidecar, 'utf8'))
  await fs.writeFile(sidecar, JSON.stringify({ ...json, prompt: 'a harbour' }))
  await fs.utimes(sidecar, new Date(), new Date(Date.now() + 5000))
  await fs.rm(join(day, `r-${removed}.png`))
  await fs.rm(join(day, `r-${removed}.png.json`))
  await writeResults(join(root, '2025', '03', '06'), 1, png, { name: 'new' })
}

/** What a first index holds, row by row: items, tags, month counts and a search's hits. */
export function indexRows(indexPath: string) {
  const db = new Database(indexPath, { readonly: true })
  try {
    return {
      items: db
        .prepare(
          `SELECT id, rel_path, kind, media, ext, prompt, bytes, created, file_mtime, file_size,
             sidecar_mtime, rating, problem IS NOT NULL AS has_problem
           FROM items ORDER BY rel_path`,
        )
        .all()
        // The broken sidecar's row gets an ID derived from its path: the same in every build.
        .map((r) => r as Record<string, unknown>),
      tags: db.prepare('SELECT tag, item FROM item_tags ORDER BY tag, item').all(),
      months: db.prepare('SELECT * FROM month_counts ORDER BY 1, 2, 3, 4').all(),
      search: db
        .prepare("SELECT rowid FROM items_fts WHERE items_fts MATCH 'lighthouse' ORDER BY rowid")
        .pluck()
        .all().length,
    }
  } finally {
    db.close()
  }
}

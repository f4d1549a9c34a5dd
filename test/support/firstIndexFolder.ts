import { promises as fs } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import Database from 'better-sqlite3'

import { writeResults } from './libraryFolder'
import { makePng } from './mediaFixtures'

/**
 * A library folder of `n` saved results in two day folders and one file with a broken sidecar: what
 * the tests of a first index build two ways and compare (reader threads, the writer process, main's
 * thread). The folder is added to `dirs` for the test to remove.
 */
export async function firstIndexFolder(n: number, dirs: string[]): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'first-index-'))
  dirs.push(root)
  const png = await makePng(8, 8)
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

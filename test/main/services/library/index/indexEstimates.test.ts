import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { openDatabase } from '@main/adapters/sqlite/openDatabase'
import { IndexEstimates } from '@main/services/library/index/indexEstimates'
import { MIGRATIONS } from '@main/services/library/index/indexSchema'
import { LibraryIndex } from '@main/services/library/index/LibraryIndex'
import { libraryIndexRow } from '@test/support/libraryIndexRow'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
let index: LibraryIndex

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'index-estimates-'))
  index = new LibraryIndex(join(dir, 'i.sqlite'))
  index.upsert(
    Array.from({ length: 30 }, (_, i) =>
      libraryIndexRow(i, {
        kind: i % 3 ? 'image' : 'art',
        favourite: i % 5 === 0,
        model: i % 2 ? 'm1' : 'm2',
        tags: i % 4 ? [] : ['Cat'],
        rating: i % 6,
      }),
    ),
  )
})
afterEach(() => {
  index.close()
  rmSync(dir, { recursive: true, force: true })
})

const estimates = () => new IndexEstimates(index.db, (sql) => index.db.prepare(sql))
const plain = (where: string) =>
  index.db.prepare(`SELECT count(*) FROM items WHERE ${where}`).pluck().get() as number

describe('IndexEstimates (from the count tables)', () => {
  it('counts side conditions and items conditions as the rows do', () => {
    const e = estimates()
    expect(e.side({ table: 'item_tags', column: 'tag', value: 'cat' })).toBe(8)
    expect(e.side({ table: 'item_ratings', column: 'atleast', value: 3 })).toBe(
      plain('rating >= 3'),
    )
    expect(e.side({ table: 'item_collections', column: 'collection', value: 'none' })).toBe(0)
    expect(e.items({})).toBeNull()
    expect(e.items({ kinds: ['art'], favourites: true })).toBe(
      plain("kind = 'art' AND favourite = 1"),
    )
    expect(e.items({ media: 'image', model: 'm1' })).toBe(
      Math.min(plain("media = 'image'"), plain("model = 'm1'")),
    )
  })

  it('counts again after a write by another connection (the index writer in its own process)', () => {
    const e = estimates()
    const cat = { table: 'item_tags', column: 'tag', value: 'cat' } as const
    expect(e.side(cat)).toBe(8)
    const other = openDatabase({ path: join(dir, 'i.sqlite'), migrations: MIGRATIONS })
    try {
      other.prepare("UPDATE tag_months SET n = n + 5 WHERE tag = 'cat'").run()
    } finally {
      other.close()
    }
    expect(e.side(cat)).toBe(
      8 +
        5 *
          (index.db
            .prepare("SELECT count(*) FROM tag_months WHERE tag = 'cat'")
            .pluck()
            .get() as number),
    )
  })
})

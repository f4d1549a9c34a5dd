import { IndexQueries } from '@main/services/library/index/indexQueries'
import type { LibraryIndex } from '@main/services/library/index/LibraryIndex'
import { vi } from 'vitest'

/**
 * An IndexQueries over the index that records the SQL of every statement it runs, prepared or
 * taken from its cache (issue #33's reads: which tables a page or a month count touched).
 */
export function recordedIndexQueries(ix: LibraryIndex): { queries: IndexQueries; ran: string[] } {
  const place = ix.db.prepare('SELECT rowid AS key, cost FROM items WHERE id = ?')
  const queries = new IndexQueries(ix.db, (id) => place.get(id) as never)
  const ran: string[] = []
  const stmt = queries.stmt.bind(queries)
  vi.spyOn(queries, 'stmt').mockImplementation((sql: string) => {
    ran.push(sql)
    return stmt(sql)
  })
  const prepare = ix.db.prepare.bind(ix.db)
  vi.spyOn(ix.db, 'prepare').mockImplementation(((sql: string) => {
    ran.push(sql)
    return prepare(sql)
  }) as typeof ix.db.prepare)
  return { queries, ran }
}

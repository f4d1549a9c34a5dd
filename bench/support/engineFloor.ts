import type { Statement } from 'better-sqlite3'

import { type Db, openDatabase } from '../../src/main/adapters/sqlite/openDatabase'
import { HeldPrompts } from '../../src/main/services/library/index/heldPrompts'
import {
  type IndexRow,
  inKeyOrder,
  rowValues,
} from '../../src/main/services/library/index/indexRows'
import { KEY_SHIFT, keyOf, monthKeyOf } from '../../src/main/services/library/index/indexSchema'
import { mergeSegments } from '../../src/main/services/library/writer/writerJobs'

/**
 * What SQLite itself costs to take a first index's rows, below anything the index adds (issue
 * #33's first-index goal leaves ~29 µs of CPU a row on two cores: library/writer/README.md):
 * the same columns into a table keyed by rowid alone, no UNIQUE, no secondary index, no side
 * rows, no look-ups; with `fts`, the prompts into an FTS5 table declared as the index's own
 * (same tokenizer, same prefixes), held to each commit and written lowest key first, then merged
 * as a build merges them. Same page cache and pragmas as the index (openDatabase).
 */
export class EngineFloor {
  readonly db: Db
  private readonly insert: Statement
  /** The prompts, held to each commit as the index holds them (heldPrompts.ts); null without FTS5. */
  private readonly held: HeldPrompts | null
  private readonly ties = new Map<number, number>()
  private pending = 0

  /**
   * `like` is an open index whose `items` columns and `items_fts` declaration are copied;
   * `cacheKiB` the page cache the writer builds with.
   */
  constructor(path: string, like: Db, cacheKiB: number, fts: boolean) {
    this.db = openDatabase({ path, migrations: [], cacheKiB })
    const cols = (
      like.prepare("SELECT name, type FROM pragma_table_info('items')").all() as Array<{
        name: string
        type: string
      }>
    ).filter((c) => c.name !== 'rowid')
    this.db.exec(
      `CREATE TABLE items (rowid INTEGER PRIMARY KEY, ${cols.map((c) => `${c.name} ${c.type}`).join(', ')})`,
    )
    const names = cols.map((c) => c.name)
    this.insert = this.db.prepare(
      `INSERT INTO items (rowid, ${names.join(', ')}) VALUES (@rowid, ${names.map((n) => `@${n}`).join(', ')})`,
    )
    this.held = null
    if (fts) {
      const ddl = like.prepare("SELECT sql FROM sqlite_master WHERE name = 'items_fts'").pluck()
      this.db.exec(ddl.get() as string)
      this.held = new HeldPrompts(
        this.db.prepare<[number, string, string]>(
          'INSERT INTO items_fts (rowid, prompt, negative) VALUES (?, ?, ?)',
        ),
      )
    }
  }

  /** One chunk into the open transaction, committed once `commitRows` rows are in it. */
  write(chunk: IndexRow[], commitRows: number): void {
    if (!this.db.inTransaction) {
      this.db.exec('BEGIN IMMEDIATE')
      this.pending = 0
    }
    // Each chunk in key order, as upsertBulk writes it.
    for (const row of inKeyOrder(chunk)) {
      const created = Date.parse(row.sidecar.created)
      const base = keyOf(created)
      const tie = this.ties.get(base) ?? 0
      if (tie >= KEY_SHIFT) throw new Error('more rows in one millisecond than keys')
      this.ties.set(base, tie + 1)
      const rowid = base + tie
      const values = rowValues(row, {
        rowid,
        id: row.sidecar.id,
        created,
        month: monthKeyOf(created),
      })
      this.insert.run(values)
      this.held?.hold(rowid, values.prompt, values.negative)
    }
    this.pending += chunk.length
    if (this.pending >= commitRows) this.end()
  }

  /** Commits what is open, the held prompts first (lowest key first). */
  end(): void {
    if (!this.db.inTransaction) return
    this.held?.flush()
    this.db.exec('COMMIT')
  }

  /** FTS5's segments merged as a build merges them after its last commit. */
  merge(): void {
    if (this.held) mergeSegments(this.db)
  }

  /** Rows in the table. */
  count(): number {
    return this.db.prepare('SELECT count(*) FROM items').pluck().get() as number
  }
}

import type { Statement } from 'better-sqlite3'

/**
 * A first index's prompts, held until its commit and then written to items_fts lowest rowid
 * first. FTS5 writes the terms it holds out as a new segment whenever a row's rowid is below the
 * last one's (sqlite3Fts5IndexBeginWrite), and the reader threads deliver folders newest first,
 * so written with their rows every 500-row chunk became a segment and FTS5's automerge merged
 * them again and again: at 200k rows, 30 µs of CPU a row for the prompts, 20 held, the merge
 * after the build included (each statement timed alone; the whole row in writer/README.md).
 *
 * Rows of the uncommitted bulk are then in `items` but not yet in items_fts, so whatever deletes
 * a row or changes its prompt must `flush` first: a 'delete' whose values are not the ones FTS5
 * indexed for that row has "unpredictable" results (https://sqlite.org/fts5.html#the_delete_command).
 */
export class HeldPrompts {
  private rows: Array<[rowid: number, prompt: string, negative: string]> = []

  constructor(private readonly insert: Statement<[number, string, string]>) {}

  hold(rowid: number, prompt: string, negative: string): void {
    this.rows.push([rowid, prompt, negative])
  }

  /** Writes what is held into items_fts, in the open transaction, lowest rowid first. */
  flush(): void {
    if (!this.rows.length) return
    const rows = this.rows.sort((a, b) => a[0] - b[0])
    this.rows = []
    for (const r of rows) this.insert.run(...r)
  }

  /** Forgets what is held: its rows were rolled back. */
  discard(): void {
    this.rows = []
  }

  /**
   * Before a write that may delete rows: what is held belongs to the transaction still open, so
   * it is written now; with none open the bulk's transaction ended without its commit (rolled
   * back), and its prompts are forgotten.
   */
  settle(open: boolean): void {
    if (open) this.flush()
    else this.discard()
  }
}

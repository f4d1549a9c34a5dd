import {
  DERIVE_OPERATIONS,
  type DeriveOperation,
  type Lineage,
  type LineageView,
} from '@shared/library/lineage'

import type { Db } from '../../../adapters/sqlite/openDatabase'
import { parseParams } from './indexRows'

interface LinkRow {
  id: string | null
  rel_path: string | null
  parent: string
  operation: string
  params: string
  model: string
}

const operationOf = (s: string): DeriveOperation =>
  DERIVE_OPERATIONS.includes(s as DeriveOperation) ? (s as DeriveOperation) : 'resize'
const fileOf = (relPath: string | null): string =>
  relPath ? relPath.slice(relPath.lastIndexOf('/') + 1) : ''

/** Most derived items listed for one parent (the viewer lists them; more is a wall of links). */
export const MAX_DERIVED = 200

/**
 * The index's side of lineage (issue #31, schema 6): one `item_lineage` row per derived item,
 * keyed by the item's rowid so it goes with the row (trigger), pointing at the parent by id.
 * LibraryIndex calls `writeRow` from its upsert, inside its transaction.
 */
export class LineageIndex {
  private readonly st

  constructor(db: Db) {
    this.st = {
      write: db.prepare(
        'INSERT OR REPLACE INTO item_lineage (item, parent, operation, params, model) VALUES (?, ?, ?, ?, ?)',
      ),
      of: db.prepare(`
        SELECT p.id, p.rel_path, l.parent, l.operation, l.params, l.model
        FROM items c JOIN item_lineage l ON l.item = c.rowid LEFT JOIN items p ON p.id = l.parent
        WHERE c.id = ?`),
      children: db.prepare(`
        SELECT c.id, c.rel_path, l.parent, l.operation, l.params, l.model
        FROM item_lineage l JOIN items c ON c.rowid = l.item
        WHERE l.parent = ? ORDER BY l.item DESC LIMIT ${MAX_DERIVED}`),
    }
  }

  /** Records the lineage of the row just written as `key` (nothing for an underived item). */
  writeRow(key: number, l: Lineage | undefined): void {
    if (l) this.st.write.run(key, l.parentId, l.operation, JSON.stringify(l.params), l.model)
  }

  /**
   * The item's own `derivedFrom` as the index holds it, or undefined: a sidecar rebuilt from the
   * index (organise/sidecarFromItem.ts, when the file went missing) keeps its link this way.
   */
  of(id: string): Lineage | undefined {
    const up = this.st.of.get(id) as LinkRow | undefined
    return up
      ? {
          parentId: up.parent,
          operation: operationOf(up.operation),
          params: parseParams(up.params),
          model: up.model,
        }
      : undefined
  }

  /** "Made from" and "derived" of one item, newest derived first. */
  view(id: string): LineageView {
    const up = this.st.of.get(id) as LinkRow | undefined
    const down = this.st.children.all(id) as LinkRow[]
    return {
      madeFrom: up
        ? {
            id: up.parent,
            operation: operationOf(up.operation),
            fileName: fileOf(up.rel_path),
            present: up.id !== null,
            params: parseParams(up.params),
            model: up.model,
          }
        : null,
      derived: down.map((r) => ({
        id: r.id!,
        operation: operationOf(r.operation),
        fileName: fileOf(r.rel_path),
        present: true,
      })),
    }
  }
}

/**
 * index-writes: the CPU a first index's writes cost per row (issue #33), the app's bulk path
 * against a same-run control, both on this thread. The rows are the library bench's synthetic
 * sidecars, in 500-row chunks, newest folders first (as the reader threads walk them), committed
 * as the writer process commits them (`bulkCommitRows`), with the build's page cache.
 *
 * - ours: `LibraryIndex.upsertBulk`, each chunk straight into the bulk's transaction, the prompts
 *   held until the commit and written to FTS5 lowest key first (index/heldPrompts.ts);
 * - control: the same chunks through `upsert` inside the same kind of transaction, each under its
 *   own statement savepoint, each row's prompt into FTS5 with it (the bulk path before, and what
 *   any caller of `upsert` gets).
 *
 * - floors (support/engineFloor.ts): what SQLite itself costs to take the same rows, with
 *   nothing the index adds: the columns into a table keyed by rowid alone (no UNIQUE, no
 *   secondary index, no side rows, no look-ups), and the same with the prompts in an FTS5 table
 *   declared as the index's, held to each commit like ours. Together they show how much of a
 *   first index is the engine's and how much the index's: the first-index goal leaves ~29 µs a
 *   row on two cores (library/writer/README.md).
 *
 * All then merge FTS5's segments as a build does after its last commit (`mergeSegments`).
 *
 * The four take the chunks in turn (the order turning), so all meet the same load on this shared
 * machine; CPU per row is this thread's (`process.cpuUsage`); the two indexes must end with the
 * same rows and the same keys, and each floor with every row. `INDEX_WRITES_ROWS` sets the row
 * count (200k).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { bulkCommitRows } from '../src/main/services/library/index/bulkCommits'
import { type IndexRow, LibraryIndex } from '../src/main/services/library/index/LibraryIndex'
import { BUILD_CACHE_KIB, mergeSegments } from '../src/main/services/library/writer/writerJobs'
import { EngineFloor } from './support/engineFloor'
import { runBench } from './support/stats'
import { syntheticCreated, syntheticRow } from './support/syntheticLibrary'

const ROWS = Number(process.env.INDEX_WRITES_ROWS ?? 200_000)
const CHUNK = 500

function syntheticRows(n: number): IndexRow[] {
  const rows = Array.from({ length: n }, (_, i) => syntheticRow(i, syntheticCreated(), 19))
  // Newest folders first, as the reader threads walk them.
  return rows.sort((a, b) => (a.relPath < b.relPath ? 1 : -1))
}

/** This thread's CPU time in µs. */
const cpu = (): number => {
  const u = process.cpuUsage()
  return u.user + u.system
}

/** Rows, and a sum over their keys: the two indexes must agree on both. */
const contents = (index: LibraryIndex) =>
  index.db.prepare('SELECT count(*) AS n, sum(rowid % 1000003) AS keys FROM items').get() as {
    n: number
    keys: number
  }

/** One way of writing the chunks, timed on this thread. */
interface Side {
  write: (chunk: IndexRow[], commitRows: number) => void
  end: () => void
  merge: () => void
  us: number
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-index-writes-'))
  try {
    const rows = syntheticRows(ROWS)
    const open = (name: string) => {
      const index = new LibraryIndex(join(dir, name))
      index.db.pragma(`cache_size = -${BUILD_CACHE_KIB}`)
      return index
    }
    const ours = open('bulk.sqlite')
    const control = open('savepoints.sqlite')
    const bare = new EngineFloor(join(dir, 'bare.sqlite'), ours.db, BUILD_CACHE_KIB, false)
    const bareFts = new EngineFloor(join(dir, 'bare-fts.sqlite'), ours.db, BUILD_CACHE_KIB, true)
    let controlRows = 0
    const sides: Side[] = [
      {
        write: (chunk, commitRows) => ours.upsertBulk(chunk, commitRows),
        end: () => ours.endBulk(),
        // The build merges FTS5's segments after its last commit (writerJobs.ts): part of each cost.
        merge: () => void mergeSegments(ours.db),
        us: 0,
      },
      {
        write: (chunk, commitRows) => {
          if (!control.db.inTransaction) {
            control.db.exec('BEGIN IMMEDIATE')
            controlRows = 0
          }
          control.upsert(chunk)
          controlRows += chunk.length
          if (controlRows >= commitRows) control.db.exec('COMMIT')
        },
        end: () => void (control.db.inTransaction && control.db.exec('COMMIT')),
        merge: () => void mergeSegments(control.db),
        us: 0,
      },
      ...[bare, bareFts].map((floor): Side => ({
        write: (chunk, commitRows) => floor.write(chunk, commitRows),
        end: () => floor.end(),
        merge: () => floor.merge(),
        us: 0,
      })),
    ]
    /** Runs `step` for every side, timing each; the order turns with `turn` (same load for all). */
    const eachSide = (turn: number, step: (side: Side) => void) => {
      for (let k = 0; k < sides.length; k++) {
        const side = sides[(k + turn) % sides.length]!
        const t = cpu()
        step(side)
        side.us += cpu() - t
      }
    }
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK)
      const commitRows = bulkCommitRows(i)
      eachSide(i / CHUNK, (side) => side.write(chunk, commitRows))
    }
    eachSide(0, (side) => side.end())
    eachSide(1, (side) => side.merge())
    const [a, b] = [contents(ours), contents(control)]
    if (a.n !== ROWS || a.n !== b.n || a.keys !== b.keys)
      throw new Error(`the indexes differ: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`)
    for (const floor of [bare, bareFts])
      if (floor.count() !== ROWS) throw new Error(`a floor table has ${floor.count()} rows`)
    ours.close()
    control.close()
    bare.db.close()
    bareFts.db.close()
    const [oursUs, controlUs, bareUs, bareFtsUs] = sides.map((side) => side.us) as [
      number,
      number,
      number,
      number,
    ]
    const perRow = (us: number) => Number((us / ROWS).toFixed(1))
    const r = {
      bench: 'index-writes',
      rows: ROWS,
      ours_cpu_us_per_row: perRow(oursUs),
      control_savepoints_cpu_us_per_row: perRow(controlUs),
      vs_control: Number((oursUs / controlUs).toFixed(3)),
      floor_bare_row_cpu_us_per_row: perRow(bareUs),
      floor_bare_row_fts_cpu_us_per_row: perRow(bareFtsUs),
      vs_floor_fts: Number((oursUs / bareFtsUs).toFixed(2)),
    }
    console.table({
      'rows written, 500 a chunk': r.rows,
      'ours (upsertBulk): CPU µs a row': r.ours_cpu_us_per_row,
      'control (upsert, a savepoint a chunk): CPU µs a row': r.control_savepoints_cpu_us_per_row,
      'ours / control': r.vs_control,
      'floor: the rows alone, rowid only (no index, no FTS5): CPU µs a row':
        r.floor_bare_row_cpu_us_per_row,
      'floor: the rows and their prompts in FTS5, nothing else: CPU µs a row':
        r.floor_bare_row_fts_cpu_us_per_row,
      'ours / that floor': r.vs_floor_fts,
    })
    console.log(JSON.stringify(r))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

runBench(main)

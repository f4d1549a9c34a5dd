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
 * Both then merge FTS5's segments as a build does after its last commit (`mergeSegments`).
 *
 * The two indexes take the chunks in turn (the order alternating), so both meet the same load on
 * this shared machine; CPU per row is this thread's (`process.cpuUsage`), and the two indexes
 * must end with the same rows and the same keys. `INDEX_WRITES_ROWS` sets the row count (200k).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { bulkCommitRows } from '../src/main/services/library/index/bulkCommits'
import { type IndexRow, LibraryIndex } from '../src/main/services/library/index/LibraryIndex'
import { BUILD_CACHE_KIB, mergeSegments } from '../src/main/services/library/writer/writerJobs'
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
    let controlRows = 0
    const controlChunk = (chunk: IndexRow[], commitRows: number) => {
      if (!control.db.inTransaction) {
        control.db.exec('BEGIN IMMEDIATE')
        controlRows = 0
      }
      control.upsert(chunk)
      controlRows += chunk.length
      if (controlRows >= commitRows) control.db.exec('COMMIT')
    }
    let oursUs = 0
    let controlUs = 0
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK)
      const commitRows = bulkCommitRows(i)
      const oursFirst = (i / CHUNK) % 2 === 0
      for (const side of oursFirst ? ['ours', 'control'] : ['control', 'ours']) {
        const t = cpu()
        if (side === 'ours') {
          ours.upsertBulk(chunk, commitRows)
          oursUs += cpu() - t
        } else {
          controlChunk(chunk, commitRows)
          controlUs += cpu() - t
        }
      }
    }
    let t = cpu()
    ours.endBulk()
    oursUs += cpu() - t
    t = cpu()
    if (control.db.inTransaction) control.db.exec('COMMIT')
    controlUs += cpu() - t
    // The build merges FTS5's segments after its last commit (writerJobs.ts): part of each cost.
    t = cpu()
    mergeSegments(ours.db)
    oursUs += cpu() - t
    t = cpu()
    mergeSegments(control.db)
    controlUs += cpu() - t
    const [a, b] = [contents(ours), contents(control)]
    if (a.n !== ROWS || a.n !== b.n || a.keys !== b.keys)
      throw new Error(`the indexes differ: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`)
    ours.close()
    control.close()
    const perRow = (us: number) => Number((us / ROWS).toFixed(1))
    const r = {
      bench: 'index-writes',
      rows: ROWS,
      ours_cpu_us_per_row: perRow(oursUs),
      control_savepoints_cpu_us_per_row: perRow(controlUs),
      vs_control: Number((oursUs / controlUs).toFixed(3)),
    }
    console.table({
      'rows written, 500 a chunk': r.rows,
      'ours (upsertBulk): CPU µs a row': r.ours_cpu_us_per_row,
      'control (upsert, a savepoint a chunk): CPU µs a row': r.control_savepoints_cpu_us_per_row,
      'ours / control': r.vs_control,
    })
    console.log(JSON.stringify(r))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

runBench(main)

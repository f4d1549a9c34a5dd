import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Worker } from 'node:worker_threads'

import { libraryReaderThread } from '@main/adapters/threads/libraryReaderThread'
import type { ReaderMessage } from '@main/services/library/reader/LibraryReader'
import { READ_CHUNK } from '@main/services/library/reader/readLibrary'
import { writeResults } from '@test/support/libraryFolder'
import { tsWorker } from '@test/support/tsWorker'
import { afterEach, describe, expect, it } from 'vitest'

const ENTRY = resolve(__dirname, '../../../../src/main/workers/libraryReader.ts')

const dirs: string[] = []
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

async function library(files: number): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'reader-thread-'))
  dirs.push(root)
  await writeResults(root, files, Buffer.from('png'))
  return root
}

describe('libraryReaderThread', () => {
  it('hands over every message in order and acknowledges each by asking for the next', async () => {
    const root = await library(READ_CHUNK * 2 + 3)
    const got: ReaderMessage[] = []
    for await (const m of libraryReaderThread(() => tsWorker(ENTRY))(root)) got.push(m)
    expect(got.map((m) => (m.type === 'rows' ? m.rows.length : m.type))).toEqual([
      READ_CHUNK,
      READ_CHUNK,
      3,
      'done',
    ])
  })

  it('merges lanes: each thread reads its share, gets its own acks, and one done ends the loop', async () => {
    const root = await library(READ_CHUNK * 3 + 7)
    const spawned: Worker[] = []
    const got: ReaderMessage[] = []
    const read = libraryReaderThread(() => {
      const w = tsWorker(ENTRY)
      spawned.push(w)
      return w
    }, 2)
    for await (const m of read(root)) got.push(m)
    expect(spawned).toHaveLength(2)
    const rows = got.flatMap((m) => (m.type === 'rows' ? m.rows : []))
    expect(rows).toHaveLength(READ_CHUNK * 3 + 7)
    expect(new Set(rows.map((r) => r.relPath)).size).toBe(READ_CHUNK * 3 + 7)
    // Both lanes sent chunks of rows (an ack sent to the wrong thread would stall the other).
    expect(got.filter((m) => m.type === 'rows').length).toBeGreaterThanOrEqual(4)
    expect(got.filter((m) => m.type === 'done')).toEqual([
      { type: 'done', others: [], errors: [], conflicts: [] },
    ])
    expect(got.at(-1)!.type).toBe('done')
  })

  it('fails when one lane exits before it is done, even after the other finished', async () => {
    let n = 0
    const read = libraryReaderThread(
      () =>
        n++ === 0
          ? new Worker(
              `const { parentPort } = require('node:worker_threads')
               parentPort.once('message', () => parentPort.postMessage({ type: 'done', others: [], errors: [] }))`,
              { eval: true },
            )
          : new Worker(
              "require('node:worker_threads').parentPort.once('message', () => setTimeout(() => process.exit(0), 50))",
              { eval: true },
            ),
      2,
    )
    const consume = async () => {
      for await (const _ of read('/nowhere')) void _
    }
    await expect(consume()).rejects.toThrow('stopped before it finished')
  })

  it('stops the thread when the loop ends early', async () => {
    const root = await library(READ_CHUNK + 1)
    let worker: Worker | null = null
    const read = libraryReaderThread(() => (worker = tsWorker(ENTRY)))
    for await (const m of read(root)) {
      expect(m.type).toBe('rows')
      break
    }
    const [code] = (await once(worker!, 'exit')) as [number]
    // terminate() ends a thread with exit code 1.
    expect(code).toBe(1)
  })

  it('ends with the thread’s error when it fails', async () => {
    const read = libraryReaderThread(
      () => new Worker("throw new Error('the disk said no')", { eval: true }),
    )
    const consume = async () => {
      for await (const _ of read('/nowhere')) void _
    }
    await expect(consume()).rejects.toThrow('the disk said no')
  })

  it('ends with an error when the thread exits before it is done', async () => {
    const read = libraryReaderThread(
      () =>
        new Worker(
          "require('node:worker_threads').parentPort.once('message', () => process.exit(0))",
          { eval: true },
        ),
    )
    const consume = async () => {
      for await (const _ of read('/nowhere')) void _
    }
    await expect(consume()).rejects.toThrow('stopped before it finished')
  })
})

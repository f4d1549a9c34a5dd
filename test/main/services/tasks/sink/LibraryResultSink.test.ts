import type { LibraryService } from '@main/services/library/LibraryService'
import type { DownloadedFile, ResultMeta } from '@main/services/tasks/ports'
import { LibraryResultSink } from '@main/services/tasks/sink/LibraryResultSink'
import type { LibraryItem } from '@shared/library/types'
import { describe, expect, it } from 'vitest'

const meta = (over: Partial<ResultMeta> = {}): ResultMeta => ({
  taskId: 'task-1',
  index: 0,
  kind: 'native',
  model: 'art-v5',
  prompt: 'a fox',
  negativePrompt: '',
  params: { steps: 20 },
  seed: 5,
  costEstimate: 0.0125,
  demo: false,
  batch: null,
  ...over,
})

const file = (path: string): DownloadedFile => ({ path, bytes: 10, mime: 'image/png', ext: 'png' })

/**
 * A library that records what it was asked to save, holding `items` (a task's files already in
 * the folder), whose index has caught up with the folder only once `reconcile()` is called.
 */
function recordingLibrary(items: Array<Pick<LibraryItem, 'id' | 'relPath'>> = []) {
  const saved: Array<Parameters<LibraryService['save']>[0]> = []
  const asked: string[] = []
  let reconciled = false
  let reconcile = () => {}
  const library = {
    save: async (input: Parameters<LibraryService['save']>[0]) => {
      saved.push(input)
      return { id: 'lib-1', relPath: '2026/03/14/x.png' } as LibraryItem
    },
    findBySourceTask: async (taskId: string) => {
      asked.push(taskId)
      return (reconciled ? items : []) as LibraryItem[]
    },
    whenReconciled: () =>
      new Promise<void>((resolve) => {
        reconcile = () => {
          reconciled = true
          resolve()
        }
      }),
  }
  return { saved, asked, reconcile: () => reconcile(), sink: new LibraryResultSink(library) }
}

describe('LibraryResultSink', () => {
  it('hands the batch cell and the estimate to the library with the rest of the metadata', async () => {
    const { saved, sink } = recordingLibrary()
    const batch = { batchId: 'b-1', index: 3, x: 'steps 20', y: null, repeat: 2, picks: [] }
    const result = await sink.save(meta({ batch }), file('/tmp/x.part'))
    expect(result).toEqual({ libraryId: 'lib-1', relPath: '2026/03/14/x.png' })
    expect(saved[0]).toMatchObject({
      kind: 'art',
      costEstimate: 0.0125,
      sourceTaskId: 'task-1',
      batch,
      file: { tempPath: '/tmp/x.part', ext: 'png' },
    })
    await sink.save(meta(), file('/tmp/y.part'))
    expect(saved[1]!.batch).toBeNull()
  })
  it('saves a result made from nothing as having no parent', async () => {
    const { saved, sink } = recordingLibrary()
    await sink.save(meta(), file('/tmp/x.part'))
    expect(saved[0]!.derivedFrom).toBeNull()
  })

  it('finds a file saved before a crash only after the index has read the folder', async () => {
    const { asked, reconcile, sink } = recordingLibrary([
      { id: 'lib-1', relPath: '2026/03/14/a.png' },
      { id: 'lib-2', relPath: '2026/03/14/b.png' },
    ])
    const found = sink.findUnrecorded('task-1', ['lib-1'])
    await new Promise((r) => setImmediate(r))
    expect(asked).toEqual([])
    reconcile()
    await expect(found).resolves.toEqual({ libraryId: 'lib-2', relPath: '2026/03/14/b.png' })
    expect(asked).toEqual(['task-1'])
  })

  it('finds nothing when every file of the task is already recorded', async () => {
    const { reconcile, sink } = recordingLibrary([{ id: 'lib-1', relPath: '2026/03/14/a.png' }])
    const found = sink.findUnrecorded('task-1', ['lib-1'])
    reconcile()
    await expect(found).resolves.toBeNull()
  })
})

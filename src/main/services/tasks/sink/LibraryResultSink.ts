import type { Lineage } from '@shared/library/lineage'
import type { LibraryKind } from '@shared/library/types'
import type { TaskKind } from '@shared/tasks/states'

import type { LibraryService } from '../../library/LibraryService'
import type { DownloadedFile, ResultMeta, ResultSink, SavedResult } from '../ports'

/** Which library area each task kind's results belong to. */
export const LIBRARY_KIND: Readonly<Record<TaskKind, LibraryKind>> = {
  image: 'image',
  edit: 'image',
  video: 'video',
  native: 'art',
  workbench: 'workbench',
}

/**
 * The engine's result sink over the LibraryService: the verified download is moved (not copied)
 * into the library's date folders with the full request metadata (prompt, parameters, seed,
 * estimate, task id, batch cell), which the library writes to the sidecar and, for PNGs (all
 * but the batch cell), into the file.
 */
export class LibraryResultSink implements ResultSink {
  constructor(
    private readonly library: Pick<LibraryService, 'save' | 'findBySourceTask' | 'whenReconciled'>,
    /** The library item a task's results were made from (an expanded canvas, issue #31). */
    private readonly lineageOf: (taskId: string) => Promise<Lineage | null> = async () => null,
  ) {}

  async save(meta: ResultMeta, file: DownloadedFile): Promise<SavedResult> {
    const item = await this.library.save({
      kind: LIBRARY_KIND[meta.kind],
      model: meta.model,
      prompt: meta.prompt,
      negativePrompt: meta.negativePrompt,
      params: meta.params,
      seed: meta.seed,
      costEstimate: meta.costEstimate,
      sourceTaskId: meta.taskId,
      demo: meta.demo,
      batch: meta.batch,
      derivedFrom: await this.lineageOf(meta.taskId),
      file: { tempPath: file.path, ext: file.ext },
    })
    return { libraryId: item.id, relPath: item.relPath }
  }

  async findUnrecorded(taskId: string, known: readonly string[]): Promise<SavedResult | null> {
    // The index must have seen the folder as it is now (files written just before a crash).
    await this.library.whenReconciled()
    const items = await this.library.findBySourceTask(taskId)
    const extra = items.find((i) => !known.includes(i.id))
    return extra ? { libraryId: extra.id, relPath: extra.relPath } : null
  }
}

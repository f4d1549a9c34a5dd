import type { AppError } from '@shared/result'
import type { StateCreator } from 'zustand'

import { api, call } from '../../api/client'
import type { LibraryFileActions, LibraryStore } from './types'

/**
 * The library's file actions, beside the browsing actions in action.ts: each calls one channel
 * and reports the outcome in the screen's notice or error.
 */
export const createLibraryFileActions: StateCreator<LibraryStore, [], [], LibraryFileActions> = (
  set,
  get,
) => {
  const fail = (error: AppError) => set({ error })
  return {
    async importPaths(paths) {
      set({ busy: true, notice: `Importing ${paths.length} file${paths.length === 1 ? '' : 's'}…` })
      const result = await call(() => api().library.import({ paths }))
      set({ busy: false })
      if (!result.ok) {
        set({ notice: null })
        fail(result.error)
        return result
      }
      const { imported, duplicates, failed } = result.value
      const parts = [`Imported ${imported.length}`]
      if (duplicates.length) parts.push(`${duplicates.length} already in the library`)
      if (failed.length)
        parts.push(
          `${failed.length} could not be imported: ${failed.map((f) => `${baseName(f.path)} (${f.message})`).join('; ')}`,
        )
      set({ notice: `${parts.join(', ')}.` })
      await get().refresh(true)
      return result
    },

    async exportIds(ids, options = {}) {
      if (!ids.length) return
      set({ busy: true })
      const result = await call(() => api().library.export({ ids, ...options }))
      set({ busy: false })
      if (!result.ok) return fail(result.error)
      if (result.value) {
        const { count, path, skipped } = result.value
        const left = skipped ? ` (${skipped} left out: not images)` : ''
        set({ notice: `Exported ${count} item${count === 1 ? '' : 's'} to ${path}${left}.` })
      }
    },

    async reveal(id) {
      const result = await call(() => api().library.reveal({ id }))
      if (!result.ok) fail(result.error)
    },

    async openExternal(id) {
      const result = await call(() => api().library.openExternal({ id }))
      if (!result.ok) fail(result.error)
    },

    startDrag(ids) {
      if (ids.length)
        void call(() => api().library.startDrag({ ids })).then((r) => !r.ok && fail(r.error))
    },

    async setPoster(id, dataUrl) {
      const result = await call(() => api().library.setPoster({ id, dataUrl }))
      if (!result.ok) return
      set((s) => {
        const missingThumbs = { ...s.missingThumbs }
        delete missingThumbs[id]
        return {
          missingThumbs,
          posterVersion: { ...s.posterVersion, [id]: (s.posterVersion[id] ?? 0) + 1 },
        }
      })
    },

    async rescan() {
      set({ busy: true })
      const result = await call(() => api().library.reconcile({}))
      set({ busy: false })
      if (!result.ok) return fail(result.error)
      set({ status: result.value })
      await get().refresh(true)
    },
  }
}

function baseName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1)
}

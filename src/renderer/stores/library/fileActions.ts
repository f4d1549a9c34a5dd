import type { AppError } from '@shared/result'
import type { StateCreator } from 'zustand'

import { api, call } from '../../api/client'
import { translate } from '../../i18n/translate'
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
      set({ busy: true, notice: translate('common', 'libraryImporting', { count: paths.length }) })
      const result = await call(() => api().library.import({ paths }))
      set({ busy: false })
      if (!result.ok) {
        set({ notice: null })
        fail(result.error)
        return result
      }
      const { imported, duplicates, failed } = result.value
      const failures = failed
        .map((f) =>
          translate('common', 'libraryImportFailure', {
            name: baseName(f.path),
            message: f.message,
          }),
        )
        .join(translate('common', 'listSeparatorStrong'))
      set({
        notice: translate('common', 'libraryImported', {
          imported: imported.length,
          duplicates: duplicates.length,
          failed: failed.length,
          failures,
        }),
      })
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
        set({ notice: translate('common', 'libraryExported', { count, path, skipped }) })
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

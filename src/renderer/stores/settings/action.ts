import type { SettingsView } from '@shared/ipc/contract'
import type { AppError, Result } from '@shared/result'
import type { StateCreator } from 'zustand'

import { api, call } from '../../api/client'
import type { SettingsState } from './initialState'

export interface SettingsActions {
  load(): Promise<void>
  /** Applies a view pushed by main (settings:changed). */
  receive(view: SettingsView): void
  /** Loads the settings and applies every settings:changed from then on; returns the stop. */
  watch(): () => void
  connect(baseUrl: string, key: string): Promise<Result<SettingsView>>
  updateBaseUrl(baseUrl: string): Promise<Result<SettingsView>>
  updateConcurrency(patch: Partial<SettingsView['concurrency']>): Promise<Result<SettingsView>>
  /** The thumbnail cache's cap, in GiB (one of THUMB_CACHE_GIB_CHOICES). */
  updateThumbCache(gib: number): Promise<Result<SettingsView>>
  setKey(key: string): Promise<Result<SettingsView>>
  clearKey(): Promise<Result<SettingsView>>
  chooseLibraryDir(): Promise<Result<SettingsView>>
  /** Makes `name` the active project (null: none); main checks the name again. */
  setProject(name: string | null): Promise<Result<SettingsView>>
  startDemo(): Promise<Result<SettingsView>>
  stopDemo(): Promise<Result<SettingsView>>
  clearError(): void
}

export type SettingsStore = SettingsState & SettingsActions

/** Runs a settings call, stores the new view on success and the error on failure. */
const mutate =
  (set: (partial: Partial<SettingsState>) => void) =>
  async (run: () => Promise<Result<SettingsView>>): Promise<Result<SettingsView>> => {
    set({ saving: true, error: null })
    const result = await call(run)
    if (result.ok) set({ settings: result.value, saving: false })
    else set({ error: result.error as AppError, saving: false })
    return result
  }

export const createSettingsActions: StateCreator<SettingsStore, [], [], SettingsActions> = (
  set,
  get,
) => {
  const run = mutate(set)
  return {
    async load() {
      set({ loading: true })
      const result = await call(() => api().settings.get({}))
      set(
        result.ok
          ? { settings: result.value, loading: false, error: null }
          : { loading: false, error: result.error },
      )
    },
    receive: (view) => set({ settings: view }),
    watch() {
      void get().load()
      return api().on('settings:changed', (view) => get().receive(view))
    },
    connect: (baseUrl, key) => run(() => api().settings.connect({ baseUrl, key })),
    updateBaseUrl: (baseUrl) => run(() => api().settings.update({ baseUrl })),
    updateConcurrency: (concurrency) => run(() => api().settings.update({ concurrency })),
    updateThumbCache: (thumbCacheGiB) => run(() => api().settings.update({ thumbCacheGiB })),
    setKey: (key) => run(() => api().settings.setKey({ key })),
    clearKey: () => run(() => api().settings.clearKey({})),
    chooseLibraryDir: () => run(() => api().settings.chooseLibraryDir({})),
    setProject: (project) => run(() => api().settings.setProject({ project })),
    startDemo: () => run(() => api().demo.start({})),
    stopDemo: () => run(() => api().demo.stop({})),
    clearError: () => set({ error: null }),
  }
}

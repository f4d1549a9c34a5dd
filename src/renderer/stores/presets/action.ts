import type { Preset, PresetFields, PresetForm } from '@shared/presets/schemas'
import type { Result } from '@shared/result'
import type { StateCreator } from 'zustand'

import { api, call } from '../../api/client'
import type { PresetsState } from './initialState'

export interface PresetsActions {
  /** Asks main for one form's presets (the menu opens; another window may have saved some). */
  load(form: PresetForm): Promise<Result<Preset[]>>
  /** Creates or replaces a preset of that name. */
  save(form: PresetForm, name: string, fields: PresetFields): Promise<Result<Preset[]>>
  remove(form: PresetForm, name: string): Promise<Result<Preset[]>>
}

export type PresetsStore = PresetsState & PresetsActions

/** Every action answers main's Result, so the menu can show a refusal where the user acted. */
export const createPresetsActions: StateCreator<PresetsStore, [], [], PresetsActions> = (set) => {
  const keep = (form: PresetForm, result: Result<Preset[]>) => {
    if (result.ok) set((s) => ({ byForm: { ...s.byForm, [form]: result.value } }))
    return result
  }
  return {
    load: async (form) => keep(form, await call(() => api().presets.list({ form }))),
    save: async (form, name, fields) =>
      keep(form, await call(() => api().presets.save({ form, name, fields }))),
    remove: async (form, name) =>
      keep(form, await call(() => api().presets.delete({ form, name }))),
  }
}

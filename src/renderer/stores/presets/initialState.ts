import type { Preset, PresetForm } from '@shared/presets/schemas'

export interface PresetsState {
  /** Each form's presets by name, once loaded from main (undefined: not asked yet). */
  byForm: Partial<Record<PresetForm, Preset[]>>
}

export const initialState = (): PresetsState => ({ byForm: {} })

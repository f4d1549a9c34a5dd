import type { Preset, PresetForm } from '@shared/presets/schemas'

import type { PresetsState } from './initialState'

const NONE: Preset[] = []

/** One form's presets (an empty list, the same one each time, before they are loaded). */
export const selectPresets = (form: PresetForm) => (s: PresetsState) => s.byForm[form] ?? NONE

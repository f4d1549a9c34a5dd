import type { SettingsView } from '@shared/ipc/contract'
import type { AppError } from '@shared/result'

export interface SettingsState {
  /** null until the first settings:get answered. */
  settings: SettingsView | null
  loading: boolean
  /** The last failure of a settings call, shown where the call was made. */
  error: AppError | null
  saving: boolean
}

export const initialState: SettingsState = {
  settings: null,
  loading: false,
  error: null,
  saving: false,
}

import { api, call } from './client'

/** The crash dumps kept on this machine and their bound. */
export const crashStatus = () => call(() => api().crash.status({}))

/** Builds the "Report a problem" bundle for the user to read. */
export const previewReport = () => call(() => api().crash.previewReport({}))

/** Saves the previewed bundle where the user chooses (a save dialog in main). */
export const saveReport = (id: string) => call(() => api().crash.saveReport({ id }))

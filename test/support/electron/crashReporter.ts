/**
 * `crashReporter` (https://www.electronjs.org/docs/latest/api/crash-reporter): `start(options)`
 * "must be called before using any other crashReporter APIs"; `submitURL` is "Required unless
 * uploadToServer is false"; `uploadToServer` defaults to true. The double writes no dumps (no
 * process crashes here); it records how the app started it.
 */
export interface CrashReporterStart {
  uploadToServer?: boolean
  submitURL?: string
  [key: string]: unknown
}

export function fakeCrashReporter() {
  const started: CrashReporterStart[] = []
  return {
    started,
    start(options: CrashReporterStart = {}): void {
      if (options.uploadToServer !== false && !options.submitURL)
        throw new Error('submitURL must be specified when uploadToServer is true')
      started.push({ ...options })
    },
    getUploadToServer: () => started.at(-1)?.uploadToServer !== false,
    getLastCrashReport: () => null,
    getUploadedReports: () => [],
  }
}

import type { Api } from '../shared/ipc/contract'

declare global {
  interface Window {
    /** The typed bridge to main, provided by src/preload (or the e2e test bridge). */
    api: Api
  }
}

export {}

import type { Handlers } from '@shared/ipc/contract'

import type { Container } from '../../container'
import { appHandlers } from './app'
import { settingsHandlers } from './settings'

/**
 * The exhaustive handler map: one entry per contract channel, composed from one file per domain.
 * Adding a channel to the contract without a handler fails typecheck here.
 */
export function createHandlers(c: Container): Handlers {
  return {
    ...appHandlers(c),
    ...settingsHandlers(c),
    // (one spread per domain, inserted above this line)
  } satisfies Handlers
}

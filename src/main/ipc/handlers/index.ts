import type { Handlers } from '@shared/ipc/contract'

import type { Container } from '../../container'
import { accountHandlers } from './account'
import { appHandlers } from './app'
import { batchHandlers } from './batch'
import { chatHandlers } from './chat'
import { collectionsHandlers } from './collections'
import { crashHandlers } from './crash'
import { demoHandlers } from './demo'
import { generateHandlers } from './generate'
import { libraryHandlers } from './library'
import { pictureHandlers } from './picture'
import { presetsHandlers } from './presets'
import { settingsHandlers } from './settings'
import { spendingHandlers } from './spending'
import { syncHandlers } from './sync'
import { tasksHandlers } from './tasks'
import { updatesHandlers } from './updates'

/**
 * The exhaustive handler map: one entry per contract channel, composed from one file per domain.
 * Adding a channel to the contract without a handler fails typecheck here.
 */
export function createHandlers(c: Container): Handlers {
  return {
    ...appHandlers(c),
    ...settingsHandlers(c),
    ...libraryHandlers(c),
    ...chatHandlers(c),
    ...generateHandlers(c),
    ...accountHandlers(c),
    ...tasksHandlers(c),
    ...demoHandlers(c),
    ...spendingHandlers(c),
    ...batchHandlers(c),
    ...presetsHandlers(c),
    ...collectionsHandlers(c),
    ...updatesHandlers(c),
    ...crashHandlers(c),
    ...syncHandlers(c),
    ...pictureHandlers(c),
  } satisfies Handlers
}

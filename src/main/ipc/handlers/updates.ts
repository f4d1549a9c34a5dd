import type { Handlers } from '@shared/ipc/contract'

import type { Container } from '../../container'

/** updates:* channels. */
export const updatesHandlers = (c: Container) =>
  ({
    'updates:get': () => c.updates.view(),
    'updates:setPrefs': (input) => c.updates.setPrefs(input),
    'updates:check': () => c.updates.check(),
    'updates:restart': () => c.updates.restartNow(),
  }) satisfies Partial<Handlers>

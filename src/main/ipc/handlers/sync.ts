import type { Handlers } from '@shared/ipc/contract'

import type { Container } from '../../container'

/** sync:* channels (issue #28): the library folder's sync state and trash; LibraryService does the work. */
export const syncHandlers = (c: Container) =>
  ({
    'sync:status': () => c.library.syncStatus(),
    'sync:restore': ({ token }) => c.library.undoDelete(token),
  }) satisfies Partial<Handlers>

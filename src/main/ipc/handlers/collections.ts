import type { Handlers } from '@shared/ipc/contract'

import type { Container } from '../../container'

/** collections:* channels (issue #16): named sets of library items; LibraryService does the work. */
export const collectionsHandlers = (c: Container) =>
  ({
    'collections:list': () => c.library.collections.list(),
    'collections:create': ({ name }) => c.library.collections.create(name),
    'collections:rename': ({ id, name }) => c.library.collections.rename(id, name),
    'collections:delete': ({ id }) => c.library.collections.delete(id),
    'collections:restore': ({ collection, items }) =>
      c.library.collections.restore(collection, items),
    'collections:addItems': ({ id, ids }) => c.library.collections.addItems(id, ids),
    'collections:removeItems': ({ id, ids }) => c.library.collections.removeItems(id, ids),
  }) satisfies Partial<Handlers>

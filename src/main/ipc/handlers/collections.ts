import type { Handlers } from '@shared/ipc/contract'

import type { Container } from '../../container'

/** collections:* channels (issue #16): named sets of library items; LibraryService does the work. */
export const collectionsHandlers = (c: Container) =>
  ({
    'collections:list': () => c.library.listCollections(),
    'collections:create': ({ name }) => c.library.createCollection(name),
    'collections:rename': ({ id, name }) => c.library.renameCollection(id, name),
    'collections:delete': ({ id }) => c.library.deleteCollection(id),
    'collections:restore': ({ collection, items }) =>
      c.library.restoreCollection(collection, items),
    'collections:addItems': ({ id, ids }) => c.library.addToCollection(id, ids),
    'collections:removeItems': ({ id, ids }) => c.library.removeFromCollection(id, ids),
  }) satisfies Partial<Handlers>

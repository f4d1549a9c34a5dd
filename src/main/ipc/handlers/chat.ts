import type { Handlers } from '@shared/ipc/contract'

import type { Container } from '../../container'

/** chat:* channels: conversations are read from local SQLite; replies arrive as events. */
export const chatHandlers = (c: Container) =>
  ({
    'chat:list': () => c.chat.list(),
    'chat:get': ({ id }) => c.chat.get(id),
    'chat:create': (input) => c.chat.create(input),
    'chat:rename': ({ id, title }) => c.chat.rename(id, title),
    'chat:delete': ({ id }) => c.chat.delete(id),
    'chat:undoDelete': ({ undoToken }) => c.chat.undoDelete(undoToken),
    'chat:search': ({ query, limit }) => c.chat.search(query, limit),
    'chat:send': (input) => c.chat.send(input),
    'chat:stop': ({ conversationId }) => c.chat.stop(conversationId),
    'chat:regenerate': (input) => c.chat.regenerate(input),
    'chat:editLast': (input) => c.chat.editLast(input),
    'chat:compact': ({ conversationId }) => c.chat.compact(conversationId),
    'chat:models': ({ refresh, cachedOnly }) =>
      cachedOnly ? c.chat.cachedModels() : c.chat.models(refresh ?? false),
  }) satisfies Partial<Handlers>

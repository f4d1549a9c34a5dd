import type { Handlers } from '@shared/ipc/contract'
import { referencePathsOf } from '@shared/tasks/submit'

import type { Container } from '../../container'

/** tasks:* channels: the monitor and the one way generations are started. */
export const tasksHandlers = (c: Container) =>
  ({
    'tasks:list': () => c.tasks.list(),
    'tasks:get': ({ id }) => c.tasks.get(id),
    'tasks:submit': async (input) => {
      await c.chosenFiles.checkedReferences(referencePathsOf(input))
      return c.admission.submit(input)
    },
    'tasks:cancel': ({ id }) => c.tasks.cancel(id),
    'tasks:retryAsNew': ({ id, allowRepeat }) => c.admission.retryAsNew(id, { allowRepeat }),
    'tasks:dismiss': ({ id }) => c.tasks.dismiss(id),
    'tasks:confirmQuote': ({ id, quoteId }) => c.tasks.confirmQuote(id, quoteId),
    'tasks:resume': ({ id }) => c.tasks.resume(id),
    'tasks:openResult': ({ id }) => c.tasks.openResult(id),
    'tasks:request': ({ id }) => c.tasks.queuedRequest(id),
    'tasks:reorder': ({ ids }) => c.tasks.reorder(ids),
    'tasks:runNext': ({ id }) => c.tasks.runNext(id),
    'tasks:edit': ({ id, ...edit }) => c.admission.editQueued(id, edit),
    'tasks:remove': ({ id }) => c.tasks.remove(id),
    'tasks:restore': ({ id }) => c.admission.restoreRemoved(id),
    'tasks:markUnusable': ({ id, reason }) => c.claims.markUnusable(id, reason),
  }) satisfies Partial<Handlers>

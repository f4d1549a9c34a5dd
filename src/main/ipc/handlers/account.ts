import type { Handlers } from '@shared/ipc/contract'

import type { Container } from '../../container'
import { usableCatalogModels } from '../../services/client/accountModels'

/** account:* channels: checks of the stored connection against the service. */
export const accountHandlers = (c: Container) =>
  ({
    'account:testConnection': async () => {
      const models = await c.client.listModels({ headersTimeoutMs: 20_000 })
      return { models, usable: usableCatalogModels(models), checkedAt: Date.now() }
    },
  }) satisfies Partial<Handlers>

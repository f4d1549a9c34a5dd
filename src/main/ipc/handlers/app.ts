import { safeExternalUrl } from '@shared/externalUrl'
import type { Handlers } from '@shared/ipc/contract'
import { fail } from '@shared/result'

import type { Container } from '../../container'

/** app:* and shell:* channels. */
export const appHandlers = (c: Container) =>
  ({
    'app:info': () => c.platform.appInfo(),
    'app:reload': (_payload, { senderId }) => {
      c.platform.reloadWindow(senderId)
      return null
    },
    'shell:openExternal': async ({ url }) => {
      const safe = safeExternalUrl(url)
      if (!safe) return fail('validation', 'Only http and https links can be opened.')
      await c.platform.openExternal(safe)
      return null
    },
  }) satisfies Partial<Handlers>

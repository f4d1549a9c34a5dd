import { safeExternalUrl } from '@shared/externalUrl'
import type { Handlers } from '@shared/ipc/contract'
import { fail } from '@shared/result'

import type { Container } from '../../container'
import { t } from '../../i18n'

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
      if (!safe) return fail('validation', t('onlyHttpLinks'))
      await c.platform.openExternal(safe)
      return null
    },
  }) satisfies Partial<Handlers>

import type { Handlers } from '@shared/ipc/contract'

import type { Container } from '../../container'
import { t } from '../../i18n'

/** settings:* channels. The key goes in, never out. */
export const settingsHandlers = (c: Container) =>
  ({
    'settings:get': () => c.settings.view(),
    'settings:update': (input) => c.settings.update(input),
    'settings:connect': ({ baseUrl, key }) => c.settings.connect(baseUrl, key),
    'settings:setKey': ({ key }) => c.settings.setKey(key),
    'settings:clearKey': () => c.settings.clearKey(),
    // The project's own caps apply from now: spending tells the budget badges.
    'settings:setProject': ({ project }) => c.spending.setActiveProject(project),
    'settings:language': () => c.settings.language(),
    'settings:setLanguage': ({ choice }) => c.settings.setLanguage(choice),
    'settings:chooseLibraryDir': async (_input, ctx) => {
      const dir = await c.platform.chooseDirectory(ctx.senderId, t('dialogLibraryFolder'))
      return dir ? c.settings.setLibraryDir(dir) : c.settings.view()
    },
  }) satisfies Partial<Handlers>

import type { Handlers } from '@shared/ipc/contract'
import { fail } from '@shared/result'

import type { Container } from '../../container'
import { t } from '../../i18n'

/** crash:* channels: all on the machine; saving asks the user where. */
export const crashHandlers = (c: Container) =>
  ({
    'crash:status': () => c.crashes.status(),
    'crash:previewReport': () => c.crashes.preview(),
    'crash:saveReport': async ({ id }, { senderId }) => {
      if (!c.crashes.has(id)) return fail('not_found', t('crashReportGone'))
      const stamp = new Date().toISOString().slice(0, 10)
      const path = await c.platform.chooseSaveFile(senderId, {
        title: t('dialogSaveCrashReport'),
        defaultName: `gen-studio-report-${stamp}.zip`,
        filters: [{ name: t('filterZipArchive'), extensions: ['zip'] }],
      })
      if (!path) return { path: null }
      await c.crashes.save(id, path)
      return { path }
    },
  }) satisfies Partial<Handlers>

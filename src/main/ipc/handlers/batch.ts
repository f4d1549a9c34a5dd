import type { Handlers } from '@shared/ipc/contract'
import { referencePathsOf } from '@shared/tasks/submit'

import type { Container } from '../../container'
import { t } from '../../i18n'

/** batch:* and wildcards:* channels: plan, run and steer batches; the named wildcard lists. */
export const batchHandlers = (c: Container) =>
  ({
    'batch:plan': async ({ base, spec }) => {
      await c.chosenFiles.checkedReferences(referencePathsOf(base))
      return c.batches.plan(base, spec)
    },
    'batch:submit': async ({ base, spec, requestId, overrideBudget }) => {
      await c.chosenFiles.checkedReferences(referencePathsOf(base))
      return c.batches.submit(base, spec, requestId, overrideBudget === true)
    },
    'batch:list': () => c.batches.list(),
    'batch:grid': ({ id }) => c.batches.grid(id),
    'batch:pause': ({ id }) => c.batches.pause(id),
    'batch:resume': ({ id }) => c.batches.resume(id),
    'batch:cancel': ({ id }) => c.batches.cancel(id),
    'batch:prioritize': ({ id, first }) => c.batches.prioritize(id, first),
    'batch:exportGrid': async ({ id }, ctx) => {
      const batch = await c.batches.get(id)
      const dest = await c.platform.chooseSaveFile(ctx.senderId, {
        title: t('dialogBatchGrid'),
        defaultName: `${batch.title.replace(/[^\w.-]+/g, '-').slice(0, 80) || 'batch'}-grid.png`,
        filters: [{ name: t('filterPngImage'), extensions: ['png'] }],
      })
      if (!dest) return null
      return c.batches.exportGrid(id, dest)
    },
    'wildcards:list': () => c.wildcards.list(),
    'wildcards:save': (list) => c.wildcards.save(list),
    'wildcards:delete': ({ name }) => c.wildcards.delete(name),
  }) satisfies Partial<Handlers>

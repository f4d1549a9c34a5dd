import type { Handlers } from '@shared/ipc/contract'

import type { Container } from '../../container'

/** spending:* and budget:* channels: the ledger's summaries, its CSV, and the caps. */
export const spendingHandlers = (c: Container) =>
  ({
    'spending:summary': (range) => c.spending.summary(range),
    'spending:exportCsv': async (range, ctx) => {
      const dest = await c.platform.chooseSaveFile(ctx.senderId, {
        title: 'Export spending as CSV',
        defaultName: `gen-studio-spending-${range.from}-to-${range.to}.csv`,
        filters: [{ name: 'CSV', extensions: ['csv'] }],
      })
      if (!dest) return null
      return c.spending.exportCsv(range, dest)
    },
    'budget:get': () => c.spending.state(),
    'budget:set': ({ budgets }) => c.spending.setBudgets(budgets),
  }) satisfies Partial<Handlers>

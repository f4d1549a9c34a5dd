import type { Handlers } from '@shared/ipc/contract'

import type { Container } from '../../container'

/** spending:* and budget:* channels: the ledger's summaries, its CSV, claims, and the caps. */
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
    'spending:claimCandidates': (query) => c.claims.candidates(query),
    'spending:exportClaim': async (req, ctx) => {
      const dest = await c.platform.chooseSaveFile(ctx.senderId, {
        title: 'Save the claim pack',
        defaultName: `gen-studio-claim-${req.from}-to-${req.to}.zip`,
        filters: [{ name: 'ZIP', extensions: ['zip'] }],
      })
      if (!dest) return null
      return c.claims.exportPack(req, dest)
    },
    'spending:costPerKept': ({ model }) => c.spending.costPerKept(model),
    'budget:get': () => c.spending.state(),
    'budget:set': ({ budgets }) => c.spending.setBudgets(budgets),
  }) satisfies Partial<Handlers>

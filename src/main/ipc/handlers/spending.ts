import type { Handlers } from '@shared/ipc/contract'

import type { Container } from '../../container'
import { t } from '../../i18n'

/** "gen-studio-invoice-client-x-2026-11-01-to-2026-11-30.csv": a name any file system takes. */
export function invoiceFileName(r: { from: string; to: string; project: string | null }): string {
  const slug =
    (r.project ?? 'no-project')
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'project'
  return `gen-studio-invoice-${slug}-${r.from}-to-${r.to}.csv`
}

/** spending:* and budget:* channels: the ledger's summaries, its CSV, invoices, claims, and the caps. */
export const spendingHandlers = (c: Container) =>
  ({
    'spending:summary': (range) => c.spending.summary(range),
    'spending:exportCsv': async (range, ctx) => {
      const dest = await c.platform.chooseSaveFile(ctx.senderId, {
        title: t('dialogSpendingCsv'),
        defaultName: `gen-studio-spending-${range.from}-to-${range.to}.csv`,
        filters: [{ name: 'CSV', extensions: ['csv'] }],
      })
      if (!dest) return null
      return c.spending.exportCsv(range, dest)
    },
    'spending:exportInvoice': async (range, ctx) => {
      const dest = await c.platform.chooseSaveFile(ctx.senderId, {
        title: t('dialogInvoiceCsv'),
        defaultName: invoiceFileName(range),
        filters: [{ name: 'CSV', extensions: ['csv'] }],
      })
      if (!dest) return null
      return c.spending.exportInvoice(range, dest)
    },
    'spending:claimCandidates': (query) => c.claims.candidates(query),
    'spending:exportClaim': async (req, ctx) => {
      const dest = await c.platform.chooseSaveFile(ctx.senderId, {
        title: t('dialogClaimPack'),
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

/** The `budget:` channels: the daily and monthly caps main enforces at every submission. */
import { z } from 'zod'

import { budgetsSchema } from '../../spending/schemas'
import type { BudgetState } from '../../spending/types'
import { channel, type DomainChannels, empty } from './define'

/** The caps and their use; changes are announced as `spending:changed`. */
export const budgetChannels = {
  'budget:get': channel<BudgetState>()(
    'The caps and how far each is used today and this month (what every form shows next to its estimate).',
    empty,
  ),
  'budget:set': channel<BudgetState>()(
    'Set the daily and monthly caps (overall and per kind) and the warning threshold; enforced in main at every submission.',
    z.object({ budgets: budgetsSchema }).strict(),
  ),
} as const satisfies DomainChannels<'budget'>

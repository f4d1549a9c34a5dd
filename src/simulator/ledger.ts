/** Every charge and refund the simulator makes, in integer micro-dollars, readable by tests. */
import type { Account, AccountName } from './accounts'
import { SimError } from './errors'
import { MICROS_PER_USD } from './pricing'

export interface LedgerEntry {
  seq: number
  /** The API key that was charged. */
  key: string
  account: AccountName
  /** `METHOD /path` of the charging endpoint. */
  route: string
  model: string
  usd: number
  micros: number
  kind: 'charge' | 'refund'
  paidFrom: 'wallet' | 'allowance'
  approximate: boolean
  /** The Idempotency-Key or client_request_id of the request, when one was sent. */
  idempotencyKey: string | null
  taskId?: string
  at: number
}

export class Ledger {
  private readonly entries: LedgerEntry[] = []

  constructor(private readonly now: () => number) {}

  /**
   * Debits the account or refuses with 402 insufficient_balance (nothing recorded). The
   * allowance is used first when `preferAllowance` and it covers the whole amount.
   */
  charge(
    account: Account,
    e: Omit<LedgerEntry, 'seq' | 'key' | 'account' | 'usd' | 'kind' | 'paidFrom' | 'at'>,
    preferAllowance = false,
  ): LedgerEntry {
    const paidFrom = preferAllowance && account.allowanceMicros >= e.micros ? 'allowance' : 'wallet'
    if (paidFrom === 'wallet' && account.balanceMicros < e.micros) {
      throw new SimError(
        402,
        'insufficient_balance',
        'The wallet balance is too low for this request',
        {
          type: 'billing_error',
        },
      )
    }
    if (paidFrom === 'wallet') account.balanceMicros -= e.micros
    else account.allowanceMicros -= e.micros
    return this.push(account, { ...e, kind: 'charge', paidFrom })
  }

  /** Gives a charge back (a failed task); recorded as a negative entry. */
  refund(account: Account, original: LedgerEntry): LedgerEntry {
    if (original.paidFrom === 'wallet') account.balanceMicros += original.micros
    else account.allowanceMicros += original.micros
    return this.push(account, {
      route: original.route,
      model: original.model,
      micros: -original.micros,
      approximate: original.approximate,
      idempotencyKey: original.idempotencyKey,
      taskId: original.taskId,
      kind: 'refund',
      paidFrom: original.paidFrom,
    })
  }

  private push(
    account: Account,
    e: Omit<LedgerEntry, 'seq' | 'key' | 'account' | 'usd' | 'at'>,
  ): LedgerEntry {
    const entry: LedgerEntry = {
      ...e,
      seq: this.entries.length + 1,
      key: account.config.key,
      account: account.name,
      usd: e.micros / MICROS_PER_USD,
      at: this.now(),
    }
    this.entries.push(entry)
    return entry
  }

  /** A copy of every entry, oldest first. */
  charges(): LedgerEntry[] {
    return this.entries.map((e) => ({ ...e }))
  }

  /** Net micro-dollars charged (charges minus refunds), for one key or all. */
  totalMicros(key?: string): number {
    return this.entries
      .filter((e) => key === undefined || e.key === key)
      .reduce((s, e) => s + e.micros, 0)
  }

  /** Net USD charged, for one key or all. */
  total(key?: string): number {
    return this.totalMicros(key) / MICROS_PER_USD
  }
}

/**
 * The simulator's accounts. Each has a documented, fixed key (README.md) so the standalone
 * simulator can be used by hand; tests may override any field through `startSimulator`.
 */
export type AccountName = 'full' | 'walletOnly' | 'emptyWallet' | 'restricted'
export const ACCOUNT_NAMES: readonly AccountName[] = [
  'full',
  'walletOnly',
  'emptyWallet',
  'restricted',
]

export interface AccountConfig {
  key: string
  /** Membership: workbench charges are paid from the allowance while it lasts. */
  membership: boolean
  balanceUsd: number
  /** Membership allowance for workbench generations, in USD (0 without membership). */
  allowanceUsd: number
  /** Models the key may use; null means every public model. */
  allowedModels: readonly string[] | null
  /**
   * Models GET /v1/models lists beyond the catalog: a service that added a model after the app
   * was built (the app names them "not supported by this version"). None by default.
   */
  extraListedModels?: readonly string[]
}

export const DEFAULT_ACCOUNTS: Readonly<Record<AccountName, AccountConfig>> = {
  full: {
    key: 'sk-sim-full-0000000000000000000001',
    membership: true,
    balanceUsd: 1000,
    allowanceUsd: 5,
    allowedModels: null,
  },
  walletOnly: {
    key: 'sk-sim-wallet-00000000000000000002',
    membership: false,
    balanceUsd: 1000,
    allowanceUsd: 0,
    allowedModels: null,
  },
  emptyWallet: {
    key: 'sk-sim-empty-000000000000000000003',
    membership: false,
    balanceUsd: 0,
    allowanceUsd: 0,
    allowedModels: null,
  },
  restricted: {
    key: 'sk-sim-restricted-0000000000000004',
    membership: true,
    balanceUsd: 1000,
    allowanceUsd: 0,
    allowedModels: [
      'std-image-2',
      'std-image-2.5-sunburst',
      'art-v4.5',
      'motion-2.0-fast',
      'clip-h3',
      'lite-v4.1-flash',
      'std-6-sol',
    ],
  },
}

/** An account's live state: balances move as the ledger records charges. */
export interface Account {
  name: AccountName
  config: AccountConfig
  balanceMicros: number
  allowanceMicros: number
}

export const mayUse = (account: Account, model: string): boolean =>
  account.config.allowedModels === null || account.config.allowedModels.includes(model)

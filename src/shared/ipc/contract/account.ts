/** The `account:` channel: checking the stored address and key against the service. */
import { channel, type DomainChannels, empty } from './define'

/** What "Test connection" found: the models the key may use. */
export interface ConnectionCheck {
  /** Every model id GET /v1/models listed for this key. */
  models: string[]
  /** The catalog model ids this account can use (listed directly or via a native variant). */
  usable: string[]
  checkedAt: number
}

/** The account as the service sees it. */
export const accountChannels = {
  'account:testConnection': channel<ConnectionCheck>()(
    'Settings "Test connection": GET /v1/models with the stored address and key; errors as auth/forbidden/network/… Results.',
    empty,
  ),
} as const satisfies DomainChannels<'account'>

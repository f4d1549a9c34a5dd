import { PRICES_CHECKED_AT } from '@shared/catalog'

import { formatDateTime } from '../i18n/format'

/**
 * The day the built-in price tables were checked, in the interface language (issue #30's "prices
 * as of <date>", issue #34's dates through Intl): Settings and every estimate's tooltip say it.
 */
export const pricesDate = (): string =>
  formatDateTime(new Date(`${PRICES_CHECKED_AT}T00:00:00Z`), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })

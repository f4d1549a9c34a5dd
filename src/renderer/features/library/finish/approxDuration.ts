import { formatNumber } from '../../../i18n/format'
import { translate } from '../../../i18n/translate'

const unit = (value: number, name: 'second' | 'minute' | 'hour', digits = 0) =>
  formatNumber(value, { style: 'unit', unit: name, maximumFractionDigits: digits })

/**
 * "about 3 min", "about 40 s": a measured estimate, never written more precisely than it is
 * (seconds in fives, minutes whole, hours to a tenth), in the interface language.
 */
export function approxDuration(seconds: number): string {
  const amount =
    seconds < 60
      ? unit(Math.max(1, Math.round(seconds / 5) * 5 || 1), 'second')
      : seconds < 3600
        ? unit(Math.round(seconds / 60), 'minute')
        : unit(seconds / 3600, 'hour', 1)
  return translate('library', 'approxDuration', { amount })
}

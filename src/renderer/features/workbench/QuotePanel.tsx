import { defineKeys } from '@shared/i18n/keys'
import { useTranslation } from 'react-i18next'

import { formatDateTime, formatMoneyUsd, formatNumber } from '../../i18n/format'
import type { WorkbenchQuote } from '../../stores/generate/workbench'
import {
  allowanceInRows,
  PAYMENT_METHOD_LABELS,
  QUOTE_FIELD_LABELS,
  QUOTE_FLAG_WORDS,
  type QuoteRow,
  quoteRows,
  quoteValueOf,
} from './quoteFields'
import type { quoteProblem } from './quoteFlow'

const PROBLEM_TEXT = defineKeys('workbench', { changed: 'quoteChanged', expired: 'quoteExpired' })

/** The expiry is minutes away: the time of day says it. */
const TIME_ONLY: Intl.DateTimeFormatOptions = { timeStyle: 'medium' }

/**
 * The quote the service gave, every field labelled for people in the interface language: no
 * service field name or raw `true`/`false` reaches the screen (issue #34, item 5).
 */
export function QuotePanel({
  quote,
  problem,
}: {
  quote: WorkbenchQuote | null
  problem: ReturnType<typeof quoteProblem>
}) {
  const { t } = useTranslation('workbench')
  if (!quote) return <p className="field-hint">{t('quoteNone')}</p>
  const s = quote.summary
  const { known, other } = quoteRows(s)
  const notStated = t('notStated')
  const payment =
    s.paymentMethod === null
      ? notStated
      : s.paymentMethod in PAYMENT_METHOD_LABELS
        ? t(PAYMENT_METHOD_LABELS[s.paymentMethod as keyof typeof PAYMENT_METHOD_LABELS])
        : s.paymentMethod
  return (
    <div className="quote" data-testid="quote" aria-live="polite">
      <dl className="facts">
        <dt>{t('quotePrice')}</dt>
        <dd data-testid="quote-price">
          {s.priceUsd === null ? notStated : formatMoneyUsd(s.priceUsd)}
        </dd>
        <dt>{t('quotePayment')}</dt>
        <dd data-testid="quote-payment">{payment}</dd>
        {allowanceInRows(s) ? null : (
          <>
            <dt>{t('quoteAllowance')}</dt>
            <dd data-testid="quote-allowance">
              {s.allowance === null ? (
                notStated
              ) : (
                <ValueText field="allowance" value={quoteValueOf('allowance', s.allowance)} />
              )}
            </dd>
          </>
        )}
        {s.expiresAt !== null ? (
          <>
            <dt>{t('quoteValidUntil')}</dt>
            <dd>{formatDateTime(s.expiresAt, TIME_ONLY)}</dd>
          </>
        ) : null}
        {known.map((row) => (
          <FactRow key={row.field} row={row} />
        ))}
      </dl>
      {other.length > 0 ? (
        <details className="quote-other" data-testid="quote-other">
          <summary>{t('quoteOther')}</summary>
          <dl className="facts">
            {other.map((row) => (
              <FactRow key={row.field} row={row} />
            ))}
          </dl>
        </details>
      ) : null}
      {problem === 'changed' || problem === 'expired' ? (
        <p className="field-error" role="alert" data-testid="quote-problem">
          {t(PROBLEM_TEXT[problem])}
        </p>
      ) : null}
    </div>
  )
}

/** One labelled row; a field the app does not know keeps the service's name, shown as code. */
function FactRow({ row }: { row: QuoteRow }) {
  const { t } = useTranslation('workbench')
  return (
    <>
      <dt>
        {row.field in QUOTE_FIELD_LABELS ? (
          t(QUOTE_FIELD_LABELS[row.field as keyof typeof QUOTE_FIELD_LABELS])
        ) : (
          <code>{row.field}</code>
        )}
      </dt>
      <dd data-testid={`quote-${row.field}`}>
        <ValueText field={row.field} value={row.value} />
      </dd>
    </>
  )
}

/** A value in the language: money, a number, a model's name, or yes/no in the field's own words. */
function ValueText({ field, value }: { field: string; value: QuoteRow['value'] }) {
  const { t } = useTranslation('workbench')
  switch (value.kind) {
    case 'flag': {
      const words = QUOTE_FLAG_WORDS[field as keyof typeof QUOTE_FLAG_WORDS]
      if (words) return <>{t(value.value ? words.yes : words.no)}</>
      return <>{value.value ? t('flagYes') : t('flagNo')}</>
    }
    case 'usd':
      return <>{formatMoneyUsd(value.value)}</>
    case 'number':
      return <>{formatNumber(value.value)}</>
    case 'model':
      return <>{value.label}</>
    case 'text':
      return <>{value.value}</>
  }
}

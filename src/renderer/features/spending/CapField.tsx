import type { BudgetUse } from '@shared/spending/types'
import { useTranslation } from 'react-i18next'

import { Field } from '../../components/Field'
import { overBy } from '../../components/spendFormat'
import { capLineText } from './spendWords'

/**
 * One cap's field in a budget panel: an amount typed as text ('' = no cap, checked on save), and
 * under it how far the saved cap is used, as a meter and in words ("No cap" when none is set);
 * a cap already gone past (over it once) reads as over, in the danger colour.
 */
export function CapField({
  label,
  value,
  error,
  use,
  warnAt,
  testId,
  onChange,
}: {
  label: string
  value: string
  error: string | undefined
  use: BudgetUse | null
  warnAt: number
  /** `use-<testId>` on the words of the use. */
  testId: string
  onChange(value: string): void
}) {
  const { t } = useTranslation('spending')
  return (
    <Field
      label={label}
      error={error}
      hint={
        use ? (
          <>
            <meter
              min={0}
              max={use.capUsd}
              value={Math.min(use.spentUsd, use.capUsd)}
              high={use.capUsd * warnAt}
              optimum={0}
              aria-hidden="true"
            />{' '}
            <span
              data-testid={`use-${testId}`}
              className={overBy(use) > 0 ? 'cap-over' : undefined}
            >
              {capLineText(use)}
            </span>
          </>
        ) : (
          t('noCap')
        )
      }
    >
      {(props) => (
        <input
          {...props}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('noCap')}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  )
}

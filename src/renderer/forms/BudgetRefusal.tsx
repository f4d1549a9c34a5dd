import type { BudgetRefusal as Refusal } from '@shared/result'
import { Trans, useTranslation } from 'react-i18next'

import { usd } from '../components/spendFormat'
import { useNavigationStore } from '../stores/navigation'
import { useBudgetRefusals, useSpendingStore } from '../stores/spending'
import { capScope } from './capScope'
import { PayChoice } from './PayChoice'

/**
 * "This request ($0.01) would go over today's cap of $0.05: …" — main refused before sending.
 * The user chooses: raise the cap (the Spending screen's budget panel) or send this one request
 * over it. Nothing is re-sent unless "Go over the cap once" is clicked.
 */
export function BudgetRefusal({
  refusal,
  subject = 'request',
  onOverride,
  onDismiss,
}: {
  refusal: Refusal
  /** What was refused: "This request" or "This batch" opens the sentence. */
  subject?: 'request' | 'batch'
  onOverride(): Promise<void> | void
  onDismiss?(): void
}) {
  const raise = () => {
    useSpendingStore.getState().requestBudgetFocus()
    useNavigationStore.getState().go('spending')
  }
  const { t } = useTranslation('common')
  const r = refusal
  return (
    <PayChoice
      testId="budget-refusal"
      other={
        <button type="button" onClick={raise}>
          {t('budgetRaise')}
        </button>
      }
      payLabel={t('budgetOverrideOnce')}
      onPay={onOverride}
      {...(onDismiss ? { onDismiss } : {})}
    >
      <Trans
        t={t}
        i18nKey="budgetRefusal"
        values={{
          subject,
          request: usd(r.requestUsd),
          scope: capScope(r.period, r.kind, r.project),
          project: r.project ?? '',
          cap: usd(r.capUsd),
          spent: usd(r.spentUsd),
          left: usd(r.remainingUsd),
        }}
        components={{ b: <strong /> }}
      />
    </PayChoice>
  )
}

/** The refusal waiting on one form (see useRun), or nothing. */
export function FormBudgetRefusal({ form }: { form: string }) {
  const pending = useBudgetRefusals((s) => s.byForm[form])
  const clear = useBudgetRefusals((s) => s.clear)
  if (!pending) return null
  return (
    <BudgetRefusal
      refusal={pending.refusal}
      onOverride={pending.overrideOnce}
      onDismiss={() => clear(form)}
    />
  )
}

import type { BudgetRefusal as Refusal } from '@shared/result'

import { capName, usd } from '../components/spendFormat'
import { useNavigationStore } from '../stores/navigation'
import { useBudgetRefusals, useSpendingStore } from '../stores/spending'
import { PayChoice } from './PayChoice'

/**
 * "This request ($0.01) would go over today's cap of $0.05: …" — main refused before sending.
 * The user chooses: raise the cap (the Spending screen's budget panel) or send this one request
 * over it. Nothing is re-sent unless "Go over the cap once" is clicked.
 */
export function BudgetRefusal({
  refusal,
  subject = 'This request',
  onOverride,
  onDismiss,
}: {
  refusal: Refusal
  /** "This request", "This batch". */
  subject?: string
  onOverride(): Promise<void> | void
  onDismiss?(): void
}) {
  const raise = () => {
    useSpendingStore.getState().requestBudgetFocus()
    useNavigationStore.getState().go('spending')
  }
  const r = refusal
  return (
    <PayChoice
      testId="budget-refusal"
      other={
        <button type="button" onClick={raise}>
          Raise the cap…
        </button>
      }
      payLabel="Go over the cap once"
      onPay={onOverride}
      {...(onDismiss ? { onDismiss } : {})}
    >
      <strong>
        {subject} ({usd(r.requestUsd)}) would go over {capName(r.period, r.kind, r.project)} of{' '}
        {usd(r.capUsd)}
      </strong>
      : {usd(r.spentUsd)} already committed, {usd(r.remainingUsd)} left.
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

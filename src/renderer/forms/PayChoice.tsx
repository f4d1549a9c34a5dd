import './budget.css'

import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The frame of a refusal main answered before sending, when the user may still choose to pay
 * (over a cap, or again for a request already paid for): what happened, the other ways out, the
 * button that sends the same submission once (a double click never sends twice: it says
 * "Sending…" and does nothing more until the answer), and "Not now".
 */
export function PayChoice({
  testId,
  children,
  other,
  payLabel,
  onPay,
  onDismiss,
}: {
  testId: string
  /** What main refused and why. */
  children: ReactNode
  /** Buttons before the paying one (Raise the cap…, Open it). */
  other: ReactNode
  payLabel: string
  onPay(): Promise<void> | void
  onDismiss?(): void
}) {
  const { t } = useTranslation('common')
  const [sending, setSending] = useState(false)
  const pay = async () => {
    if (sending) return
    setSending(true)
    try {
      await onPay()
    } finally {
      setSending(false)
    }
  }
  return (
    <div className="budget-refusal" role="alert" data-testid={testId}>
      <p>{children}</p>
      <div className="row">
        {other}
        <button type="button" className="danger" disabled={sending} onClick={() => void pay()}>
          {sending ? t('sending') : payLabel}
        </button>
        {onDismiss ? (
          <button type="button" className="ghost" onClick={onDismiss}>
            {t('notNow')}
          </button>
        ) : null}
      </div>
    </div>
  )
}

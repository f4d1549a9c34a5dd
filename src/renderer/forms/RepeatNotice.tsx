import type { PaidRepeat } from '@shared/result'
import { Trans, useTranslation } from 'react-i18next'

import { usd } from '../components/spendFormat'
import { formatDateTime } from '../i18n/format'
import { useLibraryStore } from '../stores/library'
import { useNavigationStore } from '../stores/navigation'
import { useRepeatNotices } from '../stores/spending'
import { PayChoice } from './PayChoice'

/** Opens the first saved result of the paid request in the library's detail view. */
export function openPaidResult(repeat: PaidRepeat): void {
  const id = repeat.libraryIds[0]
  if (!id) return
  useNavigationStore.getState().go('library')
  void useLibraryStore.getState().openDetail(id)
}

/**
 * "You paid $0.04 for this on 20 Nov 2026 — Open it · Generate again anyway": main refused an
 * exact repeat of a request whose result is already in the library, before sending anything.
 * Nothing is sent again unless "Generate again anyway" is clicked.
 */
export function RepeatNotice({
  repeat,
  onAgain,
  onDismiss,
}: {
  repeat: PaidRepeat
  onAgain(): Promise<void> | void
  onDismiss?(): void
}) {
  const { t } = useTranslation('common')
  const paid = repeat.amountUsd === null ? repeat.costLabel : usd(repeat.amountUsd)
  const on = formatDateTime(new Date(repeat.paidAt), { dateStyle: 'medium' })
  return (
    <PayChoice
      testId="repeat-notice"
      other={
        repeat.libraryIds.length > 0 ? (
          <button type="button" onClick={() => openPaidResult(repeat)}>
            {t('repeatOpen')}
          </button>
        ) : null
      }
      payLabel={t('repeatAgain')}
      onPay={onAgain}
      {...(onDismiss ? { onDismiss } : {})}
    >
      <Trans t={t} i18nKey="repeatNotice" values={{ paid, on }} components={{ b: <strong /> }} />
    </PayChoice>
  )
}

/** The repeat notice waiting on one form (see useRun), or nothing. */
export function FormRepeatNotice({ form }: { form: string }) {
  const pending = useRepeatNotices((s) => s.byForm[form])
  const clear = useRepeatNotices((s) => s.clear)
  if (!pending) return null
  return (
    <RepeatNotice
      repeat={pending.repeat}
      onAgain={pending.sendAnyway}
      onDismiss={() => clear(form)}
    />
  )
}

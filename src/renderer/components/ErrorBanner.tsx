import type { AppError } from '@shared/result'
import { CircleAlert, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** A failure with what to do about it; dismissible. */
export function ErrorBanner({
  error,
  onDismiss,
}: {
  error: AppError | null
  onDismiss?: () => void
}) {
  const { t } = useTranslation('common')
  if (!error) return null
  return (
    <div className="banner banner-error" role="alert">
      <CircleAlert className="banner-icon" aria-hidden />
      <div className="banner-body">
        <strong>{error.message}</strong>
        {error.action ? <p>{error.action}</p> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          className="ghost icon-only"
          onClick={onDismiss}
          aria-label={t('dismiss')}
        >
          <X aria-hidden />
        </button>
      ) : null}
    </div>
  )
}

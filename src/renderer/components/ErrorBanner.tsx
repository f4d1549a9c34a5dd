import type { AppError } from '@shared/result'
import { CircleAlert, X } from 'lucide-react'

/** A failure with what to do about it; dismissible. */
export function ErrorBanner({
  error,
  onDismiss,
}: {
  error: AppError | null
  onDismiss?: () => void
}) {
  if (!error) return null
  return (
    <div className="banner banner-error" role="alert">
      <CircleAlert className="banner-icon" aria-hidden />
      <div className="banner-body">
        <strong>{error.message}</strong>
        {error.action ? <p>{error.action}</p> : null}
      </div>
      {onDismiss ? (
        <button type="button" className="ghost icon-only" onClick={onDismiss} aria-label="Dismiss">
          <X aria-hidden />
        </button>
      ) : null}
    </div>
  )
}

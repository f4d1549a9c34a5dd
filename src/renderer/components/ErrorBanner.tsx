import type { AppError } from '@shared/result'

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
      <div>
        <strong>{error.message}</strong>
        {error.action ? <p>{error.action}</p> : null}
      </div>
      {onDismiss ? (
        <button type="button" className="ghost" onClick={onDismiss} aria-label="Dismiss">
          ×
        </button>
      ) : null}
    </div>
  )
}

import { Undo2, X } from 'lucide-react'
import { type ReactNode, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

interface Props {
  children: ReactNode
  /** Shows an "Undo" button (the primary action) when given. */
  onUndo?: () => void
  /** What Undo says; "Undo" unless the action needs naming. */
  undoLabel?: string
  onDismiss: () => void
  /** When (Date.now() ms) the toast dismisses itself; never without it. */
  dismissAt?: number
  /** Where the screen places it: its own class (absolute in a screen), or fixed at the bottom. */
  className?: string
  'data-testid'?: string
}

/**
 * The app's one toast: a short message that something happened, with Undo and Dismiss, read out
 * politely (role=status) and gone by itself at `dismissAt`. The look is .toast in styles/app.css.
 */
export function Toast({
  children,
  onUndo,
  undoLabel,
  onDismiss,
  dismissAt,
  className = 'toast-fixed',
  'data-testid': testId,
}: Props) {
  const { t } = useTranslation('common')
  // The latest onDismiss, so a new callback each render does not restart the timer.
  const dismiss = useRef(onDismiss)
  useEffect(() => {
    dismiss.current = onDismiss
  }, [onDismiss])
  useEffect(() => {
    if (dismissAt === undefined) return
    const t = setTimeout(() => dismiss.current(), Math.max(0, dismissAt - Date.now()))
    return () => clearTimeout(t)
  }, [dismissAt])

  return (
    <div className={`toast ${className}`} role="status" aria-live="polite" data-testid={testId}>
      <span className="toast-message">{children}</span>
      <span className="toast-actions">
        {onUndo ? (
          <button type="button" className="primary" onClick={onUndo}>
            <Undo2 aria-hidden />
            {undoLabel ?? t('undo')}
          </button>
        ) : null}
        <button
          type="button"
          className="ghost icon-only"
          onClick={onDismiss}
          aria-label={t('dismiss')}
        >
          <X aria-hidden />
        </button>
      </span>
    </div>
  )
}

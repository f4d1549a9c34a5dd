import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

import { useLibraryStore } from '../../../stores/library'
import { useOrganiseStore } from '../../../stores/organise'
import { REMOVE_MARK } from '../symbols'

/** How long the toast stays; the change can still be undone with Ctrl/Cmd+Z after. */
const TOAST_MS = 8000

/**
 * "Rated 3 items ★★★★ · Undo" after every organising change (like the delete toast), plus the
 * messages of a change that failed or had to leave items alone.
 */
export function OrganiseToast() {
  const { t } = useTranslation('library')
  const toast = useOrganiseStore((s) => s.toast)
  const error = useOrganiseStore((s) => s.error)
  const notice = useOrganiseStore((s) => s.notice)
  const deleteToast = useLibraryStore((s) => s.toast)
  const store = useOrganiseStore.getState()

  useEffect(() => {
    if (!toast) return
    const timer = setTimeout(() => useOrganiseStore.getState().dismissToast(), TOAST_MS)
    return () => clearTimeout(timer)
  }, [toast])

  async function undo() {
    const restored = await store.undo()
    if (restored) useLibraryStore.getState().applyOrganise(restored)
  }

  return (
    <div className={`org-toasts${deleteToast ? ' above' : ''}`}>
      {error || notice ? (
        <div
          className={`banner ${error ? 'banner-error' : 'banner-info'}`}
          role={error ? 'alert' : 'status'}
        >
          <span>
            {error?.message ?? notice}
            {error?.action ? ` ${error.action}` : ''}
          </span>
          <button
            type="button"
            className="ghost"
            onClick={store.clearMessages}
            aria-label={t('dismissMessage')}
          >
            {REMOVE_MARK}
          </button>
        </div>
      ) : null}
      {toast ? (
        <div
          className="lib-toast org-toast"
          role="status"
          aria-live="polite"
          data-testid="organise-toast"
        >
          <span>{t('organiseToast', { label: toast.label })}</span>
          <button type="button" className="primary" onClick={() => void undo()}>
            {t('undo')}
          </button>
          <button
            type="button"
            className="ghost"
            onClick={store.dismissToast}
            aria-label={t('dismiss')}
          >
            {REMOVE_MARK}
          </button>
        </div>
      ) : null}
    </div>
  )
}

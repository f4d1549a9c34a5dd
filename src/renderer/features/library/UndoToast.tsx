import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { Toast } from '../../components/Toast'
import { useLibraryStore } from '../../stores/library'

/**
 * "Deleted N items · Undo" until the undo window closes; Ctrl/Cmd+Z does the same. Later the
 * delete can still be restored from the library's trash in Settings → Sync for 30 days.
 */
export function UndoToast() {
  const { t } = useTranslation('library')
  const toast = useLibraryStore((s) => s.toast)
  const undo = useLibraryStore((s) => s.undoDelete)
  const dismiss = useLibraryStore((s) => s.dismissToast)
  const [, tick] = useState(0)

  // The countdown in the message moves once a second.
  useEffect(() => {
    if (!toast) return
    const i = setInterval(() => tick((n) => n + 1), 1000)
    return () => clearInterval(i)
  }, [toast])

  if (!toast) return null
  const seconds = Math.max(0, Math.ceil((toast.undoUntil - Date.now()) / 1000))
  return (
    <Toast
      className="lib-toast"
      onUndo={() => void undo()}
      onDismiss={dismiss}
      dismissAt={toast.undoUntil}
    >
      {t('deletedToast', { count: toast.count, seconds })}
    </Toast>
  )
}

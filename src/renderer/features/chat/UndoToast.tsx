import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

import { Toast } from '../../components/Toast'
import { useChatStore } from '../../stores/chat'

const SHOW_MS = 10_000

/** "Deleted … Undo": the conversation stays restorable in main until it is purged. */
export function UndoToast() {
  const { t } = useTranslation('chat')
  const undo = useChatStore((s) => s.undo)
  const undoRemove = useChatStore((s) => s.undoRemove)
  const dismiss = useChatStore((s) => s.dismissUndo)
  // Each deletion shows for its own SHOW_MS.
  const dismissAt = useMemo(() => (undo ? Date.now() + SHOW_MS : undefined), [undo])
  if (!undo) return null
  return (
    <Toast
      className="toast-fixed chat-toast"
      onUndo={() => void undoRemove()}
      onDismiss={dismiss}
      dismissAt={dismissAt}
    >
      {t('deletedToast', { title: undo.title })}
    </Toast>
  )
}

import { useEffect } from 'react'

import { useChatStore } from '../../stores/chat'

const SHOW_MS = 10_000

/** "Deleted … Undo": the conversation stays restorable in main until it is purged. */
export function UndoToast() {
  const undo = useChatStore((s) => s.undo)
  const undoRemove = useChatStore((s) => s.undoRemove)
  const dismiss = useChatStore((s) => s.dismissUndo)
  useEffect(() => {
    if (!undo) return
    const t = setTimeout(dismiss, SHOW_MS)
    return () => clearTimeout(t)
  }, [undo, dismiss])
  if (!undo) return null
  return (
    <div className="chat-toast" role="status">
      <span>Deleted “{undo.title}”.</span>
      <button type="button" onClick={() => void undoRemove()}>
        Undo
      </button>
      <button type="button" className="ghost" aria-label="Dismiss" onClick={dismiss}>
        ×
      </button>
    </div>
  )
}

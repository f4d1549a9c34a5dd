import { useEffect, useState } from 'react'

import { useLibraryStore } from '../../stores/library'

/** "Deleted N items · Undo" until the undo window closes; Ctrl/Cmd+Z does the same. */
export function UndoToast() {
  const toast = useLibraryStore((s) => s.toast)
  const undo = useLibraryStore((s) => s.undoDelete)
  const dismiss = useLibraryStore((s) => s.dismissToast)
  const [, tick] = useState(0)

  useEffect(() => {
    if (!toast) return
    const left = toast.undoUntil - Date.now()
    const t = setTimeout(dismiss, Math.max(0, left))
    const i = setInterval(() => tick((n) => n + 1), 1000)
    return () => {
      clearTimeout(t)
      clearInterval(i)
    }
  }, [toast, dismiss])

  if (!toast) return null
  const seconds = Math.max(0, Math.ceil((toast.undoUntil - Date.now()) / 1000))
  return (
    <div className="lib-toast" role="status" aria-live="polite">
      <span>
        Deleted {toast.count} {toast.count === 1 ? 'item' : 'items'}. They go to the system trash in{' '}
        {seconds} s.
      </span>
      <button type="button" className="primary" onClick={() => void undo()}>
        Undo
      </button>
      <button type="button" className="ghost" onClick={dismiss} aria-label="Dismiss">
        ×
      </button>
    </div>
  )
}

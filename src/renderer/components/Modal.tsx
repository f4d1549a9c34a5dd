import './modal.css'

import {
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
  useEffect,
  useId,
  useRef,
} from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'

import { trapTab } from './focusTrap'

/** The close button's mark: a symbol, not a word (its name is the translated aria-label). */
const CLOSE_MARK = '×'

/** React events bubble along the component tree, portals included: keep ours out of the form. */
const stop = (e: SyntheticEvent) => e.stopPropagation()

/** On close: the element named by `ref` as it is then (the opener may have re-rendered), else `fallback`. */
const focusBack = (ref: RefObject<HTMLElement | null> | undefined, fallback: HTMLElement | null) =>
  (ref?.current ?? fallback)?.focus?.()

/**
 * A modal dialog drawn over the whole window (WAI-ARIA dialog pattern): Tab stays inside, Esc
 * and the backdrop close it, focus goes back to what had it before. Rendered in a portal, and its
 * key, submit and drop events are stopped, because it is opened from inside a generation form
 * whose Ctrl+Enter and drop handlers must not see what happens in the dialog.
 */
export function Modal({
  title,
  onClose,
  className = '',
  children,
  testId,
  returnTo,
}: {
  title: string
  /** Where focus goes on close; by default what had focus when the dialog opened. */
  returnTo?: RefObject<HTMLElement | null>
  onClose(): void
  className?: string
  children: ReactNode
  testId?: string
}) {
  const { t } = useTranslation('common')
  const titleId = useId()
  const box = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    const el = box.current
    const first =
      el?.querySelector<HTMLElement>('input, select, textarea') ?? el?.querySelector('button')
    first?.focus()
    return () => focusBack(returnTo, opener)
  }, [returnTo])

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose()
      }}
    >
      <div
        ref={box}
        className={`modal ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        onKeyDown={(e) => {
          e.stopPropagation()
          if (e.key === 'Escape') {
            e.preventDefault()
            onClose()
          } else trapTab(e, box.current)
        }}
        onSubmit={stop}
        onDragOver={stop}
        onDrop={stop}
      >
        <div className="modal-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="ghost" onClick={onClose} aria-label={t('close')}>
            <span aria-hidden>{CLOSE_MARK}</span>
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  )
}

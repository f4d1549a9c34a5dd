import type { KeyboardEvent } from 'react'

/** What Tab can reach inside a dialog: controls that are focusable and not taken out of the order. */
const FOCUSABLE = 'button, [href], input, select, textarea, video[controls], [tabindex]'

/**
 * Keeps Tab and Shift+Tab cycling inside `container`, as a modal dialog must (WAI-ARIA dialog
 * pattern): from the last control Tab goes to the first, and back. Other keys are left alone.
 */
export function trapTab(e: KeyboardEvent, container: HTMLElement | null): void {
  if (e.key !== 'Tab' || !container) return
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled,
  )
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  if (!first || !last) return
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault()
    last.focus()
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault()
    first.focus()
  }
}

import type { KeyboardEvent } from 'react'

import { trapTab } from '../../components/focusTrap'

/** + and − zoom by this factor (viewer and compare). */
export const KEY_ZOOM = 1.25

/** Keys that belong to the focused control (a slider, a field, a video), not to the overlay. */
export const ownsKeys = (el: HTMLElement): boolean =>
  el.tagName === 'INPUT' ||
  el.tagName === 'TEXTAREA' ||
  el.tagName === 'SELECT' ||
  el.tagName === 'VIDEO'

/**
 * The keys the full-window overlays (viewer, compare) share: Esc closes, Tab stays inside,
 * Ctrl/Cmd+0 fits, Ctrl/Cmd+1 shows 100 %, + and − zoom. Answers `taken` when the key was used,
 * `theirs` when it belongs to a focused control or carries a modifier, `free` for the overlay's
 * own keys (arrows, rating, favourite…).
 */
export function overlayKey(
  e: KeyboardEvent<HTMLElement>,
  o: {
    close(): void
    dialog: HTMLElement | null
    zoom: { fit(): void; actual(): void; zoomBy(factor: number): void }
  },
): 'taken' | 'theirs' | 'free' {
  const mod = e.ctrlKey || e.metaKey
  if (e.key === 'Escape') {
    e.preventDefault()
    o.close()
  } else if (e.key === 'Tab') trapTab(e, o.dialog)
  else if (mod && (e.key === '0' || e.key === '1')) {
    e.preventDefault()
    if (e.key === '0') o.zoom.fit()
    else o.zoom.actual()
  } else if (mod || e.altKey || ownsKeys(e.target as HTMLElement)) return 'theirs'
  else if (e.key === '+' || e.key === '=') o.zoom.zoomBy(KEY_ZOOM)
  else if (e.key === '-' || e.key === '_') o.zoom.zoomBy(1 / KEY_ZOOM)
  else return 'free'
  return 'taken'
}

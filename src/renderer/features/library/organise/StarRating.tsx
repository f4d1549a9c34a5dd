import { MAX_RATING } from '@shared/library/organise'
import { type KeyboardEvent, useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { STAR_OFF, STAR_ON } from '../symbols'

const STARS = Array.from({ length: MAX_RATING }, (_, i) => i + 1)

/**
 * Stars 0–5 as a radio group (WAI-ARIA radio pattern: one tab stop, arrows move and choose,
 * Home/End, Delete or 0 clears). Clicking the chosen star again clears it. Used in the detail
 * view; tiles show a compact read-only "★4" (an option of the grid's listbox cannot hold
 * controls), and the grid's 0–5 keys rate the selection.
 */
export function StarRating({
  value,
  onChange,
  label,
}: {
  value: number
  onChange(rating: number): void
  label?: string
}) {
  const { t } = useTranslation('library')
  const group = useRef<HTMLDivElement>(null)
  const focusStar = (n: number) =>
    group.current?.querySelector<HTMLElement>(`[data-star="${Math.max(1, n)}"]`)?.focus()

  const onKeyDown = (e: KeyboardEvent) => {
    let next: number | null = null
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') next = Math.min(MAX_RATING, value + 1)
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') next = Math.max(0, value - 1)
    else if (e.key === 'Home') next = 1
    else if (e.key === 'End') next = MAX_RATING
    else if (e.key === 'Delete' || e.key === 'Backspace') next = 0
    if (next === null) return
    e.preventDefault()
    // Keep the arrows away from the detail view's ←/→ (previous/next item).
    e.stopPropagation()
    onChange(next)
    focusStar(next)
  }

  return (
    <div
      className="org-stars"
      role="radiogroup"
      aria-label={label ?? t('rating')}
      ref={group}
      onKeyDown={onKeyDown}
    >
      {STARS.map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          data-star={n}
          aria-checked={value === n}
          aria-label={t('stars', { count: n })}
          tabIndex={value === n || (value === 0 && n === 1) ? 0 : -1}
          className={n <= value ? 'on' : ''}
          onClick={() => onChange(value === n ? 0 : n)}
        >
          {n <= value ? STAR_ON : STAR_OFF}
        </button>
      ))}
      <span className="muted org-stars-text" aria-hidden="true">
        {value ? t('ratingOutOf', { value, max: MAX_RATING }) : t('notRated')}
      </span>
    </div>
  )
}

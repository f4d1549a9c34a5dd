import { normalizeTag, type TagCount, tagKey } from '@shared/library/organise'
import { type KeyboardEvent, useEffect, useId, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'

import { tagSuggestions } from '../../../api/library'

/** Suggestions shown under the input. */
const LIMIT = 8
/** Pause in typing before asking main. */
const DEBOUNCE_MS = 120

export interface TagComboboxProps {
  /** The visible label ("Add tag", "Filter by tag"). */
  label: string
  placeholder?: string
  /** Tags already chosen (not suggested again), compared case-insensitively. */
  exclude?: readonly string[]
  /** Called with a normalised tag when the user picks a suggestion or commits what they typed. */
  onPick(tag: string): void
  /**
   * Only suggestions can be picked (a filter by a tag no item has would show nothing): Enter
   * takes the suggestion matching what was typed, or the first one starting with it.
   */
  suggestionsOnly?: boolean
}

/**
 * A tag input with autocomplete, as the WAI-ARIA combobox pattern (list autocomplete): the
 * library's tags starting with what was typed, most used first, each with its count. ↓/↑ move
 * through them (aria-activedescendant, focus stays in the input), Enter or a comma picks the
 * highlighted one or what was typed, Escape closes the list (and only the list).
 */
export function TagCombobox({
  label,
  placeholder,
  exclude = [],
  onPick,
  suggestionsOnly = false,
}: TagComboboxProps) {
  const { t } = useTranslation('library')
  const id = useId()
  const listId = `${id}-list`
  const [text, setText] = useState('')
  const [focused, setFocused] = useState(false)
  const [options, setOptions] = useState<TagCount[]>([])
  const [active, setActive] = useState(-1)
  const excluded = new Set(exclude.map(tagKey))
  const shown = options.filter((o) => !excluded.has(tagKey(o.tag)))
  const open = focused && shown.length > 0

  useEffect(() => {
    if (!focused) return
    let stale = false
    const timer = setTimeout(() => {
      const prefix = text.trim().replace(/^#+/u, '')
      void tagSuggestions({ prefix, limit: LIMIT + 4 }).then((r) => {
        if (stale) return
        setOptions(r.ok ? r.value : [])
        setActive(-1)
      })
    }, DEBOUNCE_MS)
    return () => {
      stale = true
      clearTimeout(timer)
    }
  }, [text, focused])

  const visible = shown.slice(0, LIMIT)

  function pick(tag: string) {
    const clean = normalizeTag(tag)
    if (!clean) return
    onPick(clean)
    setText('')
    setActive(-1)
  }

  /** Enter: the highlighted suggestion, else what was typed (or, suggestions only, its match). */
  function commit() {
    const chosen = active >= 0 ? visible[active] : undefined
    if (chosen) return pick(chosen.tag)
    if (!suggestionsOnly) return pick(text)
    const key = tagKey(normalizeTag(text) ?? '')
    const match =
      visible.find((o) => tagKey(o.tag) === key) ??
      visible.find((o) => key && tagKey(o.tag).startsWith(key))
    if (match) pick(match.tag)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!visible.length) return
      e.preventDefault()
      const step = e.key === 'ArrowDown' ? 1 : -1
      // Down from the last wraps to the first, Up from the first (or none) to the last.
      setActive((a) => (step > 0 ? (a + 1) % visible.length : a <= 0 ? visible.length - 1 : a - 1))
    } else if (e.key === 'Enter' || e.key === ',') {
      if (active < 0 && !text.trim()) return
      e.preventDefault()
      commit()
    } else if (e.key === 'Escape' && open) {
      e.preventDefault()
      e.stopPropagation()
      setOptions([])
    }
  }

  return (
    <div className="org-combo">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
        placeholder={placeholder}
        value={text}
        maxLength={80}
        onChange={(e) => setText(e.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={t('tagSuggestions', { label })} hidden={!open}>
        {visible.map((o, i) => (
          <li
            key={o.tag}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'active' : ''}
            // Keep the focus in the input: the click picks, the blur would close first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(o.tag)}
          >
            <Trans
              t={t}
              i18nKey="tagOption"
              values={{ tag: o.tag, count: o.count }}
              components={{ muted: <span className="muted" /> }}
            />
          </li>
        ))}
      </ul>
    </div>
  )
}

import './reuse.css'

import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { type FormId, useFormsStore } from '../stores/forms'
import { acceptSuggestion, type Suggestion, usePromptSuggestions } from './promptSuggest'

/** Ends a prompt cut short in the history list: a symbol, not a word. */
const ELLIPSIS = '…'

/**
 * The prompt with its history: prompts that were submitted from this form are offered in a list
 * (newest first) and by Alt+↑ / Alt+↓ inside the text box. Ctrl/Cmd+Enter is handled by the form.
 * While typing, the tag or word at the caret is completed from the user's own prompts (library and
 * history, ranked by use; promptSuggest.ts): a text box with aria-autocomplete="list" and a
 * listbox (a textarea cannot take the combobox role); ↓/↑ choose, Enter or Tab accept, Esc closes.
 */
export function PromptBox({
  form,
  value,
  onChange,
  error,
  label,
  rows = 4,
}: {
  form: FormId
  value: string
  onChange(v: string): void
  error?: string | null
  label?: string
  rows?: number
}) {
  const { t } = useTranslation('common')
  const history = useFormsStore((s) => s.history[form])
  const forget = useFormsStore((s) => s.forget)
  const position = useRef(-1)
  const id = useId()
  const messageId = `${id}-message`
  const listId = `${id}-suggestions`
  const box = useRef<HTMLTextAreaElement>(null)
  /** The caret as of the last keystroke that typed; null: not typing (no suggestions). */
  const [caret, setCaret] = useState<number | null>(null)
  const [active, setActive] = useState(-1)
  const placeCaret = useRef<number | null>(null)
  const { fragment, suggestions } = usePromptSuggestions(form, value, caret)
  const open = fragment !== null && suggestions.length > 0

  useLayoutEffect(() => {
    if (placeCaret.current === null || !box.current) return
    box.current.setSelectionRange(placeCaret.current, placeCaret.current)
    placeCaret.current = null
  })

  const close = () => {
    setCaret(null)
    setActive(-1)
  }

  const accept = (s: Suggestion) => {
    if (!fragment) return
    const next = acceptSuggestion(value, fragment, s)
    placeCaret.current = next.caret
    close()
    onChange(next.text)
  }

  /** ↓/↑ move through the open list, Enter or Tab take the chosen one, Esc closes it. */
  const onListKey = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || e.altKey || e.ctrlKey || e.metaKey) return false
    const n = suggestions.length
    if (e.key === 'ArrowDown') setActive((a) => (a + 1) % n)
    else if (e.key === 'ArrowUp') setActive((a) => (a <= 0 ? n - 1 : a - 1))
    else if (e.key === 'Escape') close()
    else if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey && active >= 0)
      accept(suggestions[Math.min(active, n - 1)]!)
    else return false
    e.preventDefault()
    return true
  }

  const step = (delta: number) => {
    if (history.length === 0) return
    position.current = Math.min(Math.max(position.current + delta, 0), history.length - 1)
    onChange(history[position.current]!)
  }

  return (
    <div className="field prompt-box">
      <div className="prompt-head">
        <label htmlFor={id}>{label ?? t('promptLabel')}</label>
        {history.length > 0 ? (
          <div className="row prompt-history">
            <label htmlFor={`${id}-history`} className="sr-only">
              {t('promptRecent')}
            </label>
            <select
              id={`${id}-history`}
              value=""
              onChange={(e) => {
                const i = Number(e.target.value)
                if (Number.isInteger(i) && history[i] !== undefined) {
                  position.current = i
                  onChange(history[i])
                }
              }}
            >
              <option value="">{t('promptRecentCount', { count: history.length })}</option>
              {history.map((p, i) => (
                <option key={`${i}-${p.slice(0, 20)}`} value={i}>
                  {p.length > 90 ? p.slice(0, 90) + ELLIPSIS : p}
                </option>
              ))}
            </select>
            {history.includes(value.trim()) ? (
              <button type="button" className="ghost" onClick={() => forget(form, value.trim())}>
                {t('promptForget')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="prompt-input">
        <textarea
          ref={box}
          id={id}
          name={`${form}-prompt`}
          rows={rows}
          value={value}
          aria-invalid={Boolean(error)}
          aria-describedby={messageId}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          onChange={(e) => {
            position.current = -1
            setCaret(e.target.selectionStart)
            setActive(-1)
            onChange(e.target.value)
          }}
          onKeyDown={(e) => {
            if (onListKey(e)) return
            if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
              e.preventDefault()
              close()
              step(e.key === 'ArrowUp' ? 1 : -1)
            }
          }}
          onClick={close}
          onBlur={close}
        />
        {open ? (
          <ul
            className="prompt-suggestions"
            role="listbox"
            id={listId}
            aria-label={t('promptSuggestions')}
          >
            {suggestions.map((s, i) => (
              <li
                key={s.key}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => accept(s)}
              >
                <span>{s.text}</span>
                <span className="count" aria-hidden="true">
                  {s.count}
                </span>
                <span className="sr-only">{t('promptSuggestionUses', { count: s.count })}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {error ? (
        <p className="field-error" id={messageId} role="alert">
          {error}
        </p>
      ) : (
        <p className="field-hint" id={messageId}>
          {t('promptKeys', {
            history: history.length > 0 ? 'yes' : 'no',
            suggestions: open ? 'yes' : 'no',
          })}
        </p>
      )}
    </div>
  )
}

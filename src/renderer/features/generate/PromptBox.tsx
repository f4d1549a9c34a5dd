import { useId, useRef } from 'react'

import { type FormId, useFormsStore } from '../../stores/forms'

/**
 * The prompt with its history: prompts that were submitted from this form are offered in a list
 * (newest first) and by Alt+↑ / Alt+↓ inside the text box. Ctrl/Cmd+Enter is handled by the form.
 */
export function PromptBox({
  form,
  value,
  onChange,
  error,
  label = 'Prompt',
  rows = 4,
}: {
  form: FormId
  value: string
  onChange(v: string): void
  error?: string | null
  label?: string
  rows?: number
}) {
  const history = useFormsStore((s) => s.history[form])
  const forget = useFormsStore((s) => s.forget)
  const position = useRef(-1)
  const id = useId()
  const messageId = `${id}-message`

  const step = (delta: number) => {
    if (history.length === 0) return
    position.current = Math.min(Math.max(position.current + delta, 0), history.length - 1)
    onChange(history[position.current]!)
  }

  return (
    <div className="field prompt-box">
      <div className="prompt-head">
        <label htmlFor={id}>{label}</label>
        {history.length > 0 ? (
          <div className="row prompt-history">
            <label htmlFor={`${id}-history`} className="sr-only">
              Recent prompts
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
              <option value="">Recent prompts ({history.length})</option>
              {history.map((p, i) => (
                <option key={`${i}-${p.slice(0, 20)}`} value={i}>
                  {p.length > 90 ? `${p.slice(0, 90)}…` : p}
                </option>
              ))}
            </select>
            {history.includes(value.trim()) ? (
              <button type="button" className="ghost" onClick={() => forget(form, value.trim())}>
                Forget this prompt
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      <textarea
        id={id}
        name={`${form}-prompt`}
        rows={rows}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={messageId}
        onChange={(e) => {
          position.current = -1
          onChange(e.target.value)
        }}
        onKeyDown={(e) => {
          if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
            e.preventDefault()
            step(e.key === 'ArrowUp' ? 1 : -1)
          }
        }}
      />
      {error ? (
        <p className="field-error" id={messageId} role="alert">
          {error}
        </p>
      ) : (
        <p className="field-hint" id={messageId}>
          Ctrl+Enter generates{history.length > 0 ? ' · Alt+↑/↓ recalls earlier prompts' : ''}
        </p>
      )}
    </div>
  )
}

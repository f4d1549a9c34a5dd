import type { ReactNode } from 'react'

import { Field } from '../components/Field'

/** What every labelled control takes: its label, its message (or hint) and its form name. */
interface Base {
  label: string
  error?: string | null
  hint?: ReactNode
  name: string
}

/** A control edited as text; numbers are text too (see NumberInput), so this is most of them. */
interface TextValue {
  value: string
  onChange(v: string): void
  placeholder?: string
}

/** A labelled text input whose message sits under it (the allowed range when it is wrong). */
export function TextInput({
  label,
  error,
  hint,
  name,
  value,
  onChange,
  inputMode,
  placeholder,
  disabled,
}: Base &
  TextValue & {
    inputMode?: 'numeric' | 'decimal' | 'text' | 'url'
    disabled?: boolean
  }) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(p) => (
        <input
          {...p}
          name={name}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          disabled={disabled}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  )
}

/**
 * A number typed as text: the browser does not clamp or drop what the user typed, so an
 * out-of-range value stays visible next to the message giving the allowed range.
 */
export function NumberInput(props: Base & TextValue & { decimal?: boolean; disabled?: boolean }) {
  return <TextInput {...props} inputMode={props.decimal ? 'decimal' : 'numeric'} />
}

/** A labelled select; its message sits under it like every other field's. */
export function SelectInput<T extends string>({
  label,
  error,
  hint,
  name,
  value,
  options,
  onChange,
  disabled,
}: Base & {
  value: T
  options: ReadonlyArray<{ value: T; label: string; disabled?: boolean }>
  onChange(v: T): void
  disabled?: boolean
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(p) => (
        <select
          {...p}
          name={name}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value as T)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/** A labelled multi-line field (negative prompts, URL lists). */
export function TextArea({
  label,
  error,
  hint,
  name,
  value,
  onChange,
  rows = 3,
  placeholder,
}: Base & TextValue & { rows?: number }) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(p) => (
        <textarea
          {...p}
          name={name}
          rows={rows}
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  )
}

/** A group of radio buttons with a visible legend (fieldset), reachable with arrow keys. */
export function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
}: {
  legend: string
  name: string
  value: T
  options: ReadonlyArray<{ value: T; label: string; disabled?: boolean }>
  onChange(v: T): void
  error?: string | null
}) {
  return (
    <fieldset className="radio-group">
      <legend>{legend}</legend>
      <div className="radio-options">
        {options.map((o) => (
          <label key={o.value} className={o.value === value ? 'radio checked' : 'radio'}>
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={o.value === value}
              disabled={o.disabled}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
      <FieldsetError error={error} />
    </fieldset>
  )
}

/**
 * The message of a whole group of controls (a fieldset), shown under the group; single controls
 * get theirs from Field, which also links it to the control.
 */
export function FieldsetError({ error }: { error?: string | null }) {
  return error ? (
    <p className="field-error" role="alert">
      {error}
    </p>
  ) : null
}

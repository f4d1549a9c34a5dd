import { type ReactNode, useId } from 'react'

interface FieldProps {
  label: string
  /** Shown under the control in red and linked with aria-describedby. */
  error?: string | null
  hint?: ReactNode
  children: (props: {
    id: string
    'aria-invalid': boolean
    'aria-describedby'?: string
  }) => ReactNode
}

/** A labelled form control with its hint and error, wired for screen readers. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId()
  const messageId = `${id}-message`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': error || hint ? messageId : undefined,
      })}
      {error ? (
        <p className="field-error" id={messageId} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="field-hint" id={messageId}>
          {hint}
        </p>
      ) : null}
    </div>
  )
}

import { Field } from '../components/Field'

export interface ModelOption {
  value: string
  label: string
  /** Why it cannot be chosen here (web workspace only, other screen); shown in the option. */
  unavailable?: string | null
}

/**
 * The model select. Models the account cannot use (they were missing from GET /v1/models the last
 * time the connection was tested) stay selectable but say so, since the list can be stale and the
 * service decides per call; models this screen cannot send are shown disabled with the reason.
 */
export function ModelPicker({
  label = 'Model',
  name,
  value,
  options,
  onChange,
  access,
  error,
  hint,
}: {
  label?: string
  name: string
  value: string
  options: readonly ModelOption[]
  onChange(v: string): void
  /** Identifiers the account can use, or null when unknown (not tested yet). */
  access: ReadonlySet<string> | null
  error?: string | null
  hint?: string
}) {
  const noAccess = (id: string) => access !== null && !access.has(id)
  const current = options.find((o) => o.value === value)
  const warning =
    current && noAccess(current.value)
      ? `Your account did not list ${current.label} when the connection was last tested; the service may refuse it.`
      : null
  return (
    <Field label={label} error={error ?? null} hint={warning ?? hint}>
      {(p) => (
        <select
          {...p}
          name={name}
          value={value}
          data-access={current && noAccess(current.value) ? 'missing' : 'ok'}
          onChange={(e) => onChange(e.target.value)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={Boolean(o.unavailable)}>
              {o.label}
              {o.unavailable ? ` — ${o.unavailable}` : noAccess(o.value) ? ' — no access' : ''}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

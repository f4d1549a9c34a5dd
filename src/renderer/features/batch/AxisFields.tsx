import type { AxisOption } from '@shared/batch/axes'
import type { AxisField } from '@shared/batch/types'

import { SelectInput, TextArea } from '../../forms/inputs'
import { type AxisDraft, parseValues } from './spec'

/**
 * One axis of the batch (X or Y): which setting it varies and the values it takes. Values are
 * typed as "20, 30, 40" or one per line (for prompts, whose values often hold commas); the count
 * parsed so far is shown so the user sees how the text was read.
 */
export function AxisFields({
  axis,
  value,
  options,
  disabled,
  errors,
  onChange,
}: {
  axis: 'x' | 'y'
  value: AxisDraft
  options: readonly AxisOption[]
  /** Y is only offered once X varies something. */
  disabled?: boolean
  errors: { field?: string; values?: string }
  onChange(next: AxisDraft): void
}) {
  const name = axis.toUpperCase()
  const chosen = options.find((o) => o.field === value.field)
  const count = parseValues(value.text).length
  return (
    <fieldset className="batch-axis" disabled={disabled}>
      <legend>
        {name} axis{axis === 'y' ? ' (optional)' : ''}
      </legend>
      <SelectInput<AxisField | ''>
        label={`${name} varies`}
        name={`batch-${axis}-field`}
        value={value.field}
        options={[
          { value: '', label: 'Nothing' },
          ...options.map((o) => ({ value: o.field, label: o.label })),
        ]}
        onChange={(field) => onChange({ ...value, field })}
        hint={disabled ? 'Choose an X axis first' : undefined}
        error={errors.field}
      />
      {value.field ? (
        <TextArea
          label={`${name} values`}
          name={`batch-${axis}-values`}
          rows={value.field === 'prompt' ? 4 : 2}
          placeholder={value.field === 'prompt' ? 'red hair\nblue hair\ngreen hair' : '20, 30, 40'}
          value={value.text}
          onChange={(text) => onChange({ ...value, text })}
          hint={`${chosen?.hint ?? ''}. Comma-separated, or one per line. ${count} value${count === 1 ? '' : 's'}.`}
          error={errors.values}
        />
      ) : null}
    </fieldset>
  )
}

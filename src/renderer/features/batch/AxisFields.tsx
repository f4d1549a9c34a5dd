import type { AxisOption } from '@shared/batch/axes'
import type { AxisField } from '@shared/batch/types'
import type { TaskKind } from '@shared/tasks/states'
import { useTranslation } from 'react-i18next'

import { SelectInput, TextArea } from '../../forms/inputs'
import { AXIS_HINTS, axisLabel } from './batchWords'
import { type AxisDraft, parseValues } from './spec'

/** The seed axis's upper end, written as a seed is typed (no grouping). */
const SEED_MAX = '4294967295'
/** Example values: data, not words. */
const PROMPT_EXAMPLE = 'red hair\nblue hair\ngreen hair'
const NUMBER_EXAMPLE = '20, 30, 40'

/**
 * One axis of the batch (X or Y): which setting it varies and the values it takes. Values are
 * typed as "20, 30, 40" or one per line (for prompts, whose values often hold commas); the count
 * parsed so far is shown so the user sees how the text was read.
 */
export function AxisFields({
  axis,
  kind,
  value,
  options,
  disabled,
  errors,
  onChange,
}: {
  axis: 'x' | 'y'
  /** The form's kind: the workbench's model axis is its model variant. */
  kind: TaskKind
  value: AxisDraft
  options: readonly AxisOption[]
  /** Y is only offered once X varies something. */
  disabled?: boolean
  errors: { field?: string; values?: string }
  onChange(next: AxisDraft): void
}) {
  const { t } = useTranslation('batch')
  const count = parseValues(value.text).length
  return (
    <fieldset className="batch-axis" disabled={disabled}>
      <legend>{axis === 'y' ? t('axisYLegend') : t('axisXLegend')}</legend>
      <SelectInput<AxisField | ''>
        label={axis === 'y' ? t('axisYVaries') : t('axisXVaries')}
        name={`batch-${axis}-field`}
        value={value.field}
        options={[
          { value: '', label: t('axisNothing') },
          ...options.map((o) => ({ value: o.field, label: axisLabel(o.field, kind) })),
        ]}
        onChange={(field) => onChange({ ...value, field })}
        hint={disabled ? t('axisChooseXFirst') : undefined}
        error={errors.field}
      />
      {value.field ? (
        <TextArea
          label={axis === 'y' ? t('axisYValues') : t('axisXValues')}
          name={`batch-${axis}-values`}
          rows={value.field === 'prompt' ? 4 : 2}
          placeholder={value.field === 'prompt' ? PROMPT_EXAMPLE : NUMBER_EXAMPLE}
          value={value.text}
          onChange={(text) => onChange({ ...value, text })}
          hint={
            <>
              {t(AXIS_HINTS[value.field], { max: SEED_MAX })} {t('valuesHint', { count })}
            </>
          }
          error={errors.values}
        />
      ) : null}
    </fieldset>
  )
}

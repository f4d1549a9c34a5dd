import { defineKeys } from '@shared/i18n/keys'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

import { type RangePreset, selectRange, useSpendingStore } from '../../stores/spending'

const LABELS = defineKeys('spending', {
  today: 'rangeToday',
  week: 'rangeWeek',
  month: 'rangeMonth',
  custom: 'rangeCustom',
}) satisfies Record<RangePreset, string>

/**
 * Which days the screen sums: presets end today (local calendar days); Custom shows two date
 * inputs. Radios, so the arrow keys move between presets as in any radio group. The demo's
 * activity is kept apart and is only added when the box is ticked.
 */
export function RangeChooser() {
  const { t } = useTranslation('spending')
  const name = useId()
  const preset = useSpendingStore((s) => s.preset)
  const custom = useSpendingStore((s) => s.custom)
  const includeDemo = useSpendingStore((s) => s.includeDemo)
  const setPreset = useSpendingStore((s) => s.setPreset)
  const setCustom = useSpendingStore((s) => s.setCustom)
  const setIncludeDemo = useSpendingStore((s) => s.setIncludeDemo)
  const problem = useSpendingStore((s) => selectRange(s).problem)
  const problemId = `${name}-problem`

  return (
    <div className="spend-range">
      <fieldset className="segmented">
        <legend className="spend-hidden">{t('range')}</legend>
        {(Object.keys(LABELS) as RangePreset[]).map((p) => (
          <label key={p} className={p === preset ? 'checked' : undefined}>
            <input
              type="radio"
              name={name}
              value={p}
              checked={p === preset}
              onChange={() => setPreset(p)}
            />
            {t(LABELS[p])}
          </label>
        ))}
      </fieldset>
      {preset === 'custom' ? (
        <div className="row spend-custom">
          <label>
            {t('rangeFrom')}{' '}
            <input
              type="date"
              value={custom.from}
              max={custom.to || undefined}
              aria-invalid={Boolean(problem)}
              aria-describedby={problem ? problemId : undefined}
              onChange={(e) => setCustom({ from: e.target.value })}
            />
          </label>
          <label>
            {t('rangeTo')}{' '}
            <input
              type="date"
              value={custom.to}
              min={custom.from || undefined}
              aria-invalid={Boolean(problem)}
              aria-describedby={problem ? problemId : undefined}
              onChange={(e) => setCustom({ to: e.target.value })}
            />
          </label>
          {problem ? (
            <p className="field-error" id={problemId} role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
      <label className="spend-demo">
        <input
          type="checkbox"
          checked={includeDemo}
          onChange={(e) => setIncludeDemo(e.target.checked)}
        />{' '}
        {t('includeDemo')}
      </label>
    </div>
  )
}

import { useTranslation } from 'react-i18next'

import { Field } from '../components/Field'
import { useAccessStore } from './access'

export interface ModelOption {
  value: string
  label: string
  /** Why it cannot be chosen here (web workspace only, other screen); shown in the option. */
  unavailable?: string | null
}

/**
 * The model select. Models the account no longer lists (GET /v1/models, compared at connect and
 * daily) are hidden, with a note naming them; one still chosen (a saved draft) stays, marked, since
 * the service decides per call. Models the service lists that this version does not know are named
 * too: they need an update. Models this screen cannot send are shown disabled with the reason.
 */
export function ModelPicker({
  label,
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
  const { t } = useTranslation('common')
  const unknown = useAccessStore((s) => s.unknown)
  const noAccess = (id: string) => access !== null && !access.has(id)
  const current = options.find((o) => o.value === value)
  // Options shown disabled with their own reason (web workspace only, another screen) stay.
  const hide = (o: ModelOption) => o.value !== value && !o.unavailable && noAccess(o.value)
  const shown = options.filter((o) => !hide(o))
  const hidden = options.filter(hide)
  const warning =
    current && noAccess(current.value) ? t('modelNotListed', { model: current.label }) : null
  return (
    <>
      <Field label={label ?? t('modelLabel')} error={error ?? null} hint={warning ?? hint}>
        {(p) => (
          <select
            {...p}
            name={name}
            value={value}
            data-access={current && noAccess(current.value) ? 'missing' : 'ok'}
            onChange={(e) => onChange(e.target.value)}
          >
            {shown.map((o) => (
              <option key={o.value} value={o.value} disabled={Boolean(o.unavailable)}>
                {o.unavailable
                  ? t('modelOptionUnavailable', { model: o.label, reason: o.unavailable })
                  : noAccess(o.value)
                    ? t('modelOptionNoAccess', { model: o.label })
                    : o.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {hidden.length > 0 ? (
        <p className="field-hint" data-testid="models-hidden">
          {t('modelsHidden', { models: hidden.map((o) => o.label).join(t('listSeparator')) })}
        </p>
      ) : null}
      {unknown.length > 0 ? (
        <p className="field-hint field-warning" role="status" data-testid="models-unknown">
          {t('modelsUnknown', {
            models: unknown.join(t('listSeparator')),
            count: unknown.length,
          })}
        </p>
      ) : null}
    </>
  )
}

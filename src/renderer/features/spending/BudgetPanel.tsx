import { NO_BUDGETS } from '@shared/spending/types'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { ErrorBanner } from '../../components/ErrorBanner'
import { Field } from '../../components/Field'
import { capUse, useSpendingStore } from '../../stores/spending'
import { type BudgetDraft, CAP_FIELDS, capLabel, draftFrom, parseBudgetDraft } from './budgetForm'
import { CapField } from './CapField'

/**
 * The caps main enforces before sending: overall and per kind, per day and per month, each
 * optional, and when to warn. Every field is checked here first (a message at the field, nothing
 * sent); each saved cap shows how far it is used as a meter under its field.
 */
export function BudgetPanel() {
  const { t } = useTranslation('spending')
  const budget = useSpendingStore((s) => s.budget)
  const error = useSpendingStore((s) => s.budgetError)
  const saving = useSpendingStore((s) => s.saving)
  const save = useSpendingStore((s) => s.saveBudgets)
  /** null until the user edits: the fields then show what main holds, even if it loads late. */
  const [edited, setEdited] = useState<BudgetDraft | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saved, setSaved] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const draft = edited ?? draftFrom(budget?.budgets ?? NO_BUDGETS)

  useEffect(() => {
    if (!useSpendingStore.getState().takeBudgetFocus()) return
    form.current?.scrollIntoView?.({ block: 'start' })
    form.current?.querySelector<HTMLInputElement>('input')?.focus()
  }, [])

  const edit = (patch: Partial<BudgetDraft>, key: string) => {
    setEdited({ ...draft, ...patch })
    setSaved(false)
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest)
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const parsed = parseBudgetDraft(draft)
    setErrors(parsed.errors)
    if (!parsed.ok) {
      queueMicrotask(() =>
        form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus(),
      )
      return
    }
    // The project caps are edited in their own panel: kept as they are.
    const perProject = budget?.budgets.perProject
    const r = await save({ ...parsed.budgets, ...(perProject ? { perProject } : {}) })
    if (r.ok) {
      setEdited(null)
      setSaved(true)
    }
  }

  return (
    <section className="panel" aria-labelledby="spend-budget-title" id="budgets">
      <h2 id="spend-budget-title">{t('budgetsTitle')}</h2>
      <p className="field-hint">{t('budgetsHint')}</p>
      <ErrorBanner error={error} />
      <form ref={form} className="spend-budget-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="spend-caps">
          {CAP_FIELDS.map((f) => {
            const use = capUse(budget, f.period, f.kind)
            return (
              <CapField
                key={f.key}
                label={capLabel(f)}
                value={draft.caps[f.key] ?? ''}
                error={errors[f.key]}
                use={use}
                warnAt={budget?.budgets.warnAt ?? 0.8}
                testId={f.key}
                onChange={(v) => edit({ caps: { ...draft.caps, [f.key]: v } }, f.key)}
              />
            )
          })}
        </div>
        <div className="row spend-budget-actions">
          <Field label={t('warnAt')} error={errors.warnAt} hint={t('warnAtHint')}>
            {(props) => (
              <input
                {...props}
                type="number"
                min={50}
                max={100}
                step={5}
                value={draft.warnAt}
                onChange={(e) => edit({ warnAt: e.target.value }, 'warnAt')}
              />
            )}
          </Field>
          <button type="submit" className="primary" disabled={saving}>
            {saving ? t('saving') : t('budgetsSave')}
          </button>
          {saved ? (
            <span role="status" className="muted">
              {t('budgetsSaved')}
            </span>
          ) : null}
        </div>
      </form>
    </section>
  )
}

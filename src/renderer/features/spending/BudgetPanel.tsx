import { NO_BUDGETS } from '@shared/spending/types'
import { type FormEvent, useEffect, useRef, useState } from 'react'

import { ErrorBanner } from '../../components/ErrorBanner'
import { Field } from '../../components/Field'
import { capLine, overBy } from '../../components/spendFormat'
import { capUse, useSpendingStore } from '../../stores/spending'
import { type BudgetDraft, CAP_FIELDS, draftFrom, parseBudgetDraft } from './budgetForm'

/**
 * The caps main enforces before sending: overall and per kind, per day and per month, each
 * optional, and when to warn. Every field is checked here first (a message at the field, nothing
 * sent); each saved cap shows how far it is used as a meter under its field.
 */
export function BudgetPanel() {
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
    const r = await save(parsed.budgets)
    if (r.ok) {
      setEdited(null)
      setSaved(true)
    }
  }

  return (
    <section className="panel" aria-labelledby="spend-budget-title" id="budgets">
      <h2 id="spend-budget-title">Budgets</h2>
      <p className="field-hint">
        The app refuses a request that would go over a cap, before anything is sent, and tells you
        by how much; you can then raise the cap or go over it once. Leave a field empty for no cap.
      </p>
      <ErrorBanner error={error} />
      <form ref={form} className="spend-budget-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="spend-caps">
          {CAP_FIELDS.map((f) => {
            const use = capUse(budget, f.period, f.kind)
            return (
              <Field
                key={f.key}
                label={f.label}
                error={errors[f.key]}
                hint={
                  use ? (
                    <>
                      <meter
                        min={0}
                        max={use.capUsd}
                        value={Math.min(use.spentUsd, use.capUsd)}
                        high={use.capUsd * (budget?.budgets.warnAt ?? 0.8)}
                        optimum={0}
                        aria-hidden="true"
                      />{' '}
                      <span
                        data-testid={`use-${f.key}`}
                        className={overBy(use) > 0 ? 'cap-over' : undefined}
                      >
                        {capLine(use)}
                      </span>
                    </>
                  ) : (
                    'No cap'
                  )
                }
              >
                {(props) => (
                  <input
                    {...props}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="No cap"
                    value={draft.caps[f.key] ?? ''}
                    onChange={(e) =>
                      edit({ caps: { ...draft.caps, [f.key]: e.target.value } }, f.key)
                    }
                  />
                )}
              </Field>
            )
          })}
        </div>
        <div className="row spend-budget-actions">
          <Field
            label="Warn at (%)"
            error={errors.warnAt}
            hint="A notification when a cap is this far used (50 to 100)."
          >
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
            {saving ? 'Saving…' : 'Save budgets'}
          </button>
          {saved ? (
            <span role="status" className="muted">
              Budgets saved.
            </span>
          ) : null}
        </div>
      </form>
    </section>
  )
}

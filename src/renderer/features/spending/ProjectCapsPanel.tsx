import { NO_BUDGETS } from '@shared/spending/types'
import { type FormEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { Field } from '../../components/Field'
import { selectActiveProject, useSettingsStore } from '../../stores/settings'
import { capUse, useSpendingStore } from '../../stores/spending'
import { CapField } from './CapField'
import {
  newProjectProblem,
  parseProjectRows,
  type ProjectCapsRow,
  projectRowsFrom,
} from './projectCapsForm'

/** A row's two fields and the period each caps. */
const PERIODS = [
  { field: 'daily', period: 'day' },
  { field: 'monthly', period: 'month' },
] as const

/**
 * Caps per project (issue #29): what is committed in a project (the project active when each
 * request was admitted) may not cross its own daily or monthly cap. The active project is listed
 * first; others can be added by name. Saving keeps every other cap as it is.
 */
export function ProjectCapsPanel() {
  const { t } = useTranslation('spending')
  const budget = useSpendingStore((s) => s.budget)
  const saving = useSpendingStore((s) => s.saving)
  const save = useSpendingStore((s) => s.saveBudgets)
  const active = useSettingsStore(selectActiveProject)
  const [edited, setEdited] = useState<ProjectCapsRow[] | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [adding, setAdding] = useState('')
  const [saved, setSaved] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const budgets = budget?.budgets ?? NO_BUDGETS
  const rows = edited ?? projectRowsFrom(budgets.perProject, active)

  const edit = (project: string, patch: Partial<ProjectCapsRow>, key: string) => {
    setEdited(rows.map((r) => (r.project === project ? { ...r, ...patch } : r)))
    setSaved(false)
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest)
  }

  const add = () => {
    const problem = newProjectProblem(adding, rows)
    if (problem) {
      setErrors((e) => ({ ...e, adding: problem }))
      return
    }
    setEdited([...rows, { project: adding.trim(), daily: '', monthly: '' }])
    setAdding('')
    setSaved(false)
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const parsed = parseProjectRows(rows)
    if (!parsed.ok) {
      setErrors(parsed.errors)
      queueMicrotask(() =>
        form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus(),
      )
      return
    }
    setErrors({})
    const r = await save({ ...budgets, perProject: parsed.perProject })
    if (r.ok) {
      setEdited(null)
      setSaved(true)
    }
  }

  return (
    <section className="panel" aria-labelledby="spend-project-caps-title" id="project-caps">
      <h2 id="spend-project-caps-title">{t('projectCapsTitle')}</h2>
      <p className="field-hint">{t('projectCapsHint')}</p>
      <form ref={form} className="spend-budget-form" noValidate onSubmit={(e) => void submit(e)}>
        {rows.length === 0 ? <p className="muted">{t('projectCapsNone')}</p> : null}
        {rows.map((r) => (
          <fieldset key={r.project} className="spend-caps" data-testid="project-caps-row">
            <legend>{r.project}</legend>
            {PERIODS.map(({ field, period }) => {
              const key = `${r.project}.${field}`
              const use = capUse(budget, period, null, r.project)
              return (
                <CapField
                  key={field}
                  label={t('projectCapLabel', { project: r.project, period: field })}
                  value={r[field]}
                  error={errors[key]}
                  use={use}
                  warnAt={budgets.warnAt}
                  testId={key}
                  onChange={(v) => edit(r.project, { [field]: v }, key)}
                />
              )
            })}
          </fieldset>
        ))}
        <div className="row spend-budget-actions">
          <Field label={t('projectAdd')} error={errors.adding}>
            {(props) => (
              <input
                {...props}
                type="text"
                autoComplete="off"
                value={adding}
                onChange={(e) => {
                  setAdding(e.target.value)
                  if (errors.adding) setErrors(({ adding: _, ...rest }) => rest)
                }}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter') return
                  e.preventDefault()
                  add()
                }}
              />
            )}
          </Field>
          <button type="button" onClick={add}>
            {t('add')}
          </button>
          <button type="submit" className="primary" disabled={saving}>
            {saving ? t('saving') : t('projectCapsSave')}
          </button>
          {saved ? (
            <span role="status" className="muted">
              {t('projectCapsSaved')}
            </span>
          ) : null}
        </div>
      </form>
    </section>
  )
}

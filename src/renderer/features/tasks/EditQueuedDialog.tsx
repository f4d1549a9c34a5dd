import type { AppError } from '@shared/result'
import type { QueuedRequestView, TaskView } from '@shared/tasks/views'
import { useEffect, useMemo, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'

import { editQueued, queuedRequest } from '../../api/tasks'
import { ErrorBanner } from '../../components/ErrorBanner'
import { Field } from '../../components/Field'
import { Modal } from '../../components/Modal'
import { useTasksStore } from '../../stores/tasks'
import {
  EDIT_FIELDS,
  editable,
  type EditField,
  fieldErrorsOf,
  liveCheck,
  priceOf,
  requestWith,
  valuesOf,
} from './editFields'
import { useTaskText } from './format'

const NO_FIELDS: EditField[] = []

/** The fields the dialog offers for a kind (none for a quoted workbench request). */
const fieldsOf = (kind: TaskView['kind']): EditField[] =>
  editable(kind) ? EDIT_FIELDS[kind] : NO_FIELDS

/**
 * Edits a queued task that was never sent: its prompt, negative prompt, seed and the kind's main
 * settings, checked live with the shared catalog validators and priced as the forms price, then
 * sent to main, which validates, prices and checks the budget again before anything is sent. A
 * refusal is shown on its fields; over a cap or a paid repeat, the user may choose to go on once.
 */
export function EditQueuedDialog({ task, onClose }: { task: TaskView; onClose(): void }) {
  const { t } = useTranslation('tasks')
  const text = useTaskText()
  const receive = useTasksStore((s) => s.receive)
  const [loaded, setLoaded] = useState<QueuedRequestView | null>(null)
  const [values, setValues] = useState<Record<string, string>>({})
  const [error, setError] = useState<AppError | null>(null)
  const [sending, setSending] = useState(false)
  const fields = fieldsOf(task.kind)

  useEffect(() => {
    let live = true
    void queuedRequest(task.id).then((r) => {
      if (!live) return
      if (!r.ok) return setError(r.error)
      setLoaded(r.value)
      setValues(valuesOf(fieldsOf(task.kind), r.value.request))
    })
    return () => {
      live = false
    }
  }, [task.id, task.kind])

  const request = useMemo(
    () => (loaded ? requestWith(loaded.request, fields, values) : null),
    [loaded, fields, values],
  )
  const live = useMemo(() => (request ? liveCheck(task.kind, request) : {}), [request, task.kind])
  const price = request ? priceOf(task.kind, request, loaded?.referenceCount ?? 0) : null
  const fromMain = fieldErrorsOf(error?.fields)
  const shown = new Set(fields.map((f) => f.path))
  const otherErrors = Object.entries({ ...live, ...fromMain }).filter(([k]) => !shown.has(k))
  const canGoOn = error?.code === 'over_budget' || error?.code === 'repeat'
  const before = text.estimate(task.costUsd, task.costLabel)

  function change(path: string, value: string) {
    setValues({ ...values, [path]: value })
    setError(null)
  }

  async function save(goOn = false) {
    if (!request) return
    setSending(true)
    const r = await editQueued({
      id: task.id,
      request,
      ...(goOn && error?.code === 'over_budget' ? { overrideBudget: true } : {}),
      ...(goOn && error?.code === 'repeat' ? { allowRepeat: true } : {}),
    })
    setSending(false)
    if (!r.ok) return setError(r.error)
    receive({ changed: [r.value] })
    onClose()
  }

  return (
    <Modal title={t('editTitle')} onClose={onClose} testId="edit-queued">
      <form
        className="queue-edit"
        onSubmit={(e) => {
          e.preventDefault()
          if (Object.keys(live).length === 0) void save()
        }}
      >
        {!loaded && !error ? <p aria-busy="true">{t('editLoading')}</p> : null}
        {loaded
          ? fields.map((f) => (
              <Field
                key={f.path}
                label={t(f.label)}
                error={fromMain[f.path] ?? live[f.path] ?? null}
              >
                {(props) =>
                  f.type === 'prompt' ? (
                    <textarea
                      {...props}
                      rows={4}
                      value={values[f.path] ?? ''}
                      onChange={(e) => change(f.path, e.target.value)}
                    />
                  ) : (
                    <input
                      {...props}
                      inputMode={f.type === 'number' ? 'numeric' : undefined}
                      value={values[f.path] ?? ''}
                      onChange={(e) => change(f.path, e.target.value)}
                    />
                  )
                }
              </Field>
            ))
          : null}
        {otherErrors.length > 0 ? (
          <ul className="task-error" role="alert">
            {otherErrors.map(([k, m]) => (
              <li key={k} title={k}>
                {t('fieldError', { field: text.field(k), message: m })}
              </li>
            ))}
          </ul>
        ) : null}
        {error && !error.fields ? <ErrorBanner error={error} /> : null}
        <p data-testid="edit-price">
          {price && price.costLabel !== task.costLabel ? (
            <Trans
              t={t}
              i18nKey="editEstimateChanged"
              values={{ before, after: text.estimate(price.costUsd, price.costLabel) }}
              components={{ b: <strong /> }}
            />
          ) : (
            <Trans
              t={t}
              i18nKey="editEstimate"
              values={{ before }}
              components={{ b: <strong /> }}
            />
          )}
        </p>
        <div className="task-actions">
          <button
            type="submit"
            className="primary"
            disabled={!loaded || sending || Object.keys(live).length > 0}
          >
            {t('saveChanges')}
          </button>
          {canGoOn ? (
            <button type="button" disabled={sending} onClick={() => void save(true)}>
              {error?.code === 'over_budget' ? t('overCapOnce') : t('payAgain')}
            </button>
          ) : null}
          <button type="button" onClick={onClose}>
            {t('keepAsIs')}
          </button>
        </div>
      </form>
    </Modal>
  )
}

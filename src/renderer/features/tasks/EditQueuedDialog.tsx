import type { AppError } from '@shared/result'
import type { QueuedRequestView, TaskView } from '@shared/tasks/views'
import { useEffect, useMemo, useState } from 'react'

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

const NO_FIELDS: EditField[] = []

/**
 * Edits a queued task that was never sent: its prompt, negative prompt, seed and the kind's main
 * settings, checked live with the shared catalog validators and priced as the forms price, then
 * sent to main, which validates, prices and checks the budget again before anything is sent. A
 * refusal is shown on its fields; over a cap or a paid repeat, the user may choose to go on once.
 */
export function EditQueuedDialog({ task, onClose }: { task: TaskView; onClose(): void }) {
  const receive = useTasksStore((s) => s.receive)
  const [loaded, setLoaded] = useState<QueuedRequestView | null>(null)
  const [values, setValues] = useState<Record<string, string>>({})
  const [error, setError] = useState<AppError | null>(null)
  const [sending, setSending] = useState(false)
  const fields = editable(task.kind) ? EDIT_FIELDS[task.kind] : NO_FIELDS

  useEffect(() => {
    let live = true
    void queuedRequest(task.id).then((r) => {
      if (!live) return
      if (!r.ok) return setError(r.error)
      setLoaded(r.value)
      setValues(valuesOf(fields, r.value.request))
    })
    return () => {
      live = false
    }
    // The dialog edits one task; its fields follow its kind.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [task.id])

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
    <Modal title="Edit queued request" onClose={onClose} testId="edit-queued">
      <form
        className="queue-edit"
        onSubmit={(e) => {
          e.preventDefault()
          if (Object.keys(live).length === 0) void save()
        }}
      >
        {!loaded && !error ? <p aria-busy="true">Loading the request…</p> : null}
        {loaded
          ? fields.map((f) => (
              <Field key={f.path} label={f.label} error={fromMain[f.path] ?? live[f.path] ?? null}>
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
              <li key={k}>
                <span className="mono">{k}</span>: {m}
              </li>
            ))}
          </ul>
        ) : null}
        {error && !error.fields ? <ErrorBanner error={error} /> : null}
        <p data-testid="edit-price">
          Estimate: <strong>{task.costLabel}</strong>
          {price && price.costLabel !== task.costLabel ? (
            <>
              {' → '}
              <strong>{price.costLabel}</strong>
            </>
          ) : null}
        </p>
        <div className="task-actions">
          <button
            type="submit"
            className="primary"
            disabled={!loaded || sending || Object.keys(live).length > 0}
          >
            Save changes
          </button>
          {canGoOn ? (
            <button type="button" disabled={sending} onClick={() => void save(true)}>
              {error?.code === 'over_budget' ? 'Go over the cap once' : 'Pay again'}
            </button>
          ) : null}
          <button type="button" onClick={onClose}>
            Keep as is
          </button>
        </div>
      </form>
    </Modal>
  )
}

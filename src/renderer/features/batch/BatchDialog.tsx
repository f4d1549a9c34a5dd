import './batch.css'

import { axesFor, hasSeed } from '@shared/batch/axes'
import type { BatchView } from '@shared/batch/types'
import { KIND_LABELS } from '@shared/tasks/states'
import type { SubmitTaskPayload } from '@shared/tasks/submit'
import { type RefObject, useMemo, useState } from 'react'

import { ErrorBanner } from '../../components/ErrorBanner'
import { Modal } from '../../components/Modal'
import { NumberInput, TextInput } from '../../forms/inputs'
import { AxisFields } from './AxisFields'
import { PlanRepeats } from './PlanRepeats'
import { PlanSummary } from './PlanSummary'
import { runLabel, splitFieldErrors } from './spec'
import { usePlan } from './usePlan'
import { WildcardManager } from './WildcardManager'

const modelOf = (base: SubmitTaskPayload): string => {
  const r = base.request as { model?: unknown; model_variant?: unknown }
  return String(base.kind === 'workbench' ? (r.model_variant ?? r.model) : (r.model ?? ''))
}

/**
 * "Batch…": the form's request run many times — repeated, varied along an X and a Y axis, and
 * through the prompt's wildcards — priced in full before the first request is sent. The Run
 * button only exists for a fresh price and names the count and the total it was priced at.
 */
export function BatchDialog({
  base,
  onClose,
  onStarted,
  returnTo,
}: {
  /** The form's request exactly as its Generate would send it. */
  base: SubmitTaskPayload
  onClose(): void
  onStarted(batch: BatchView): void
  /** The control focus goes back to on close (the Batch… button). */
  returnTo?: RefObject<HTMLElement | null>
}) {
  const p = usePlan(base)
  const [showLists, setShowLists] = useState(false)
  const axes = useMemo(() => axesFor(base.kind), [base.kind])
  const seeded = hasSeed(base.kind)
  const { fields: mainFields, rest } = splitFieldErrors(p.error)
  const errors = { ...mainFields, ...p.localErrors }
  const { draft, update } = p

  const run = async () => {
    const batch = await p.run()
    if (batch) onStarted(batch)
  }

  return (
    <Modal
      title="Batch"
      onClose={onClose}
      className="batch-dialog"
      testId="batch-dialog"
      returnTo={returnTo}
    >
      <p className="muted">
        {KIND_LABELS[base.kind]} · {modelOf(base)}. Runs this form’s request many times; each
        request is an ordinary task with its own key, listed in Tasks.
      </p>
      <div className="batch-fields">
        <NumberInput
          label="Repeat"
          name="batch-repeat"
          value={draft.repeat}
          onChange={(repeat) => update({ repeat })}
          hint="1 to 100: how many times each combination runs"
          error={errors.repeat}
        />
        <NumberInput
          label="Seed base (optional)"
          name="batch-seed"
          value={draft.seedBase}
          onChange={(seedBase) => update({ seedBase })}
          disabled={!seeded}
          hint={
            seeded
              ? 'A new seed each time: repeats use this seed, then +1, +2 … Empty: the form’s seed.'
              : 'This kind of model has no seed: repeats are new samples of the same request.'
          }
          error={errors.seedBase}
        />
        <TextInput
          label="Title"
          name="batch-title"
          value={draft.title}
          placeholder="Steps against guidance"
          onChange={(title) => update({ title })}
          hint="Names the batch in Tasks and in the library filter"
          error={errors.title}
        />
      </div>
      <AxisFields
        axis="x"
        value={draft.x}
        options={axes}
        errors={{ field: errors['x.field'], values: errors['x.values'] }}
        onChange={(x) => update({ x })}
      />
      <AxisFields
        axis="y"
        value={draft.y}
        options={axes}
        disabled={!draft.x.field}
        errors={{ field: errors['y.field'], values: errors['y.values'] }}
        onChange={(y) => update({ y })}
      />
      <div className="batch-wildcard-hint">
        <p className="field-hint">
          Wildcards in the form’s prompt make one request per choice:{' '}
          <code>{'{red|blue|green}'}</code> uses each option in turn, <code>__colours__</code> each
          value of the list named colours. Groups nest (<code>{'{a|{b|c}}'}</code> makes a, b and
          c); braces without a <code>|</code> stay as typed; write <code>{'\\{'}</code> for a lone
          brace.
        </p>
        <button type="button" aria-expanded={showLists} onClick={() => setShowLists((v) => !v)}>
          Wildcard lists…
        </button>
      </div>
      {showLists ? <WildcardManager /> : null}
      <ErrorBanner error={p.error} />
      {rest.length > 0 ? (
        <ul className="field-error batch-rest" aria-label="Problems with the form’s request">
          {rest.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
      {p.plan ? (
        <>
          <PlanRepeats
            repeats={p.plan.repeats}
            drop={draft.dropRepeats}
            onDrop={(dropRepeats) => {
              update({ dropRepeats })
              void p.price({ ...draft, dropRepeats })
            }}
          />
          <PlanSummary plan={p.plan} override={p.override} onOverride={p.setOverride} />
        </>
      ) : (
        <p className="muted" data-testid="batch-unpriced">
          Price the batch to see how many requests it makes and what it is expected to cost.
        </p>
      )}
      <div className="row batch-actions">
        <button type="button" disabled={p.busy !== null} onClick={() => void p.price()}>
          {p.busy === 'pricing' ? 'Pricing…' : p.plan ? 'Price it again' : 'Price it'}
        </button>
        <button type="button" className="primary" disabled={!p.canRun} onClick={() => void run()}>
          {p.busy === 'running' ? 'Starting…' : p.plan ? runLabel(p.plan) : 'Run'}
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  )
}

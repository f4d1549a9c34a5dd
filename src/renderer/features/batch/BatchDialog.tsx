import './batch.css'

import { axesFor, hasSeed } from '@shared/batch/axes'
import type { BatchView } from '@shared/batch/types'
import type { SubmitTaskPayload } from '@shared/tasks/submit'
import { type RefObject, useMemo, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'

import { ErrorBanner } from '../../components/ErrorBanner'
import { Modal } from '../../components/Modal'
import { NumberInput, TextInput } from '../../forms/inputs'
import { TASK_KIND_KEYS } from '../../forms/taskStateKeys'
import { AxisFields } from './AxisFields'
import { runLabel } from './batchWords'
import { PlanRepeats } from './PlanRepeats'
import { PlanSummary } from './PlanSummary'
import { splitFieldErrors } from './spec'
import { usePlan } from './usePlan'
import { WildcardManager } from './WildcardManager'

const modelOf = (base: SubmitTaskPayload): string => {
  const r = base.request as { model?: unknown; model_variant?: unknown }
  return String(base.kind === 'workbench' ? (r.model_variant ?? r.model) : (r.model ?? ''))
}

/** The wildcard syntax the hint shows, as typed (placeholders: braces are ICU's own syntax). */
const WILDCARD_EXAMPLES = {
  group: '{red|blue|green}',
  list: '__colours__',
  listName: 'colours',
  nested: '{a|{b|c}}',
  bar: '|',
  escape: '\\{',
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
  const { t } = useTranslation('batch')
  const { t: tc } = useTranslation('common')
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
      title={t('dialogTitle')}
      onClose={onClose}
      className="batch-dialog"
      testId="batch-dialog"
      returnTo={returnTo}
    >
      <p className="muted">
        {t('dialogIntro', { kind: tc(TASK_KIND_KEYS[base.kind]), model: modelOf(base) })}
      </p>
      <div className="batch-fields">
        <NumberInput
          label={t('repeat')}
          name="batch-repeat"
          value={draft.repeat}
          onChange={(repeat) => update({ repeat })}
          hint={t('repeatHint', { max: 100 })}
          error={errors.repeat}
        />
        <NumberInput
          label={t('seedBase')}
          name="batch-seed"
          value={draft.seedBase}
          onChange={(seedBase) => update({ seedBase })}
          disabled={!seeded}
          hint={seeded ? t('seedBaseHint') : t('seedBaseNone')}
          error={errors.seedBase}
        />
        <TextInput
          label={t('title')}
          name="batch-title"
          value={draft.title}
          placeholder={t('titlePlaceholder')}
          onChange={(title) => update({ title })}
          hint={t('titleHint')}
          error={errors.title}
        />
      </div>
      <AxisFields
        axis="x"
        kind={base.kind}
        value={draft.x}
        options={axes}
        errors={{ field: errors['x.field'], values: errors['x.values'] }}
        onChange={(x) => update({ x })}
      />
      <AxisFields
        axis="y"
        kind={base.kind}
        value={draft.y}
        options={axes}
        disabled={!draft.x.field}
        errors={{ field: errors['y.field'], values: errors['y.values'] }}
        onChange={(y) => update({ y })}
      />
      <div className="batch-wildcard-hint">
        <p className="field-hint">
          <Trans
            t={t}
            i18nKey="wildcardHint"
            values={WILDCARD_EXAMPLES}
            components={{ code: <code /> }}
          />
        </p>
        <button type="button" aria-expanded={showLists} onClick={() => setShowLists((v) => !v)}>
          {t('wildcardListsOpen')}
        </button>
      </div>
      {showLists ? <WildcardManager /> : null}
      <ErrorBanner error={p.error} />
      {rest.length > 0 ? (
        <ul className="field-error batch-rest" aria-label={t('requestProblems')}>
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
          {t('unpriced')}
        </p>
      )}
      <div className="row batch-actions">
        <button type="button" disabled={p.busy !== null} onClick={() => void p.price()}>
          {p.busy === 'pricing' ? t('pricing') : p.plan ? t('priceAgain') : t('price')}
        </button>
        <button type="button" className="primary" disabled={!p.canRun} onClick={() => void run()}>
          {p.busy === 'running' ? t('starting') : p.plan ? runLabel(p.plan) : t('run')}
        </button>
        <button type="button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </Modal>
  )
}

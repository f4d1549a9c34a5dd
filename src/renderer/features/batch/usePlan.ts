import type { BatchPlanView, BatchView } from '@shared/batch/types'
import type { AppError } from '@shared/result'
import type { SubmitTaskPayload } from '@shared/tasks/submit'
import { useRef, useState } from 'react'

import { planBatch, submitBatch } from '../../api/batch'
import { newRequestId } from '../../api/tasks'
import { useBatchStore } from '../../stores/batch'
import { type BatchDraft, draftErrors, EMPTY_DRAFT, type SpecErrors, toSpec } from './spec'

interface Priced {
  view: BatchPlanView
  /** The wildcard lists the price was made with (a change to them makes it stale). */
  wildcardsVersion: number
  /** One id per priced plan: pressing Run twice never starts two batches. */
  requestId: string
}

/**
 * The batch dialog's cycle: edit → "Price it" (`batch:plan`) → "Run" (`batch:submit`). Any edit
 * to the spec, or to the wildcard lists, drops the price, so what runs is always what was priced.
 * Local checks run first and nothing is asked of main while a field shows a message.
 */
export function usePlan(base: SubmitTaskPayload) {
  const [draft, setDraft] = useState<BatchDraft>(EMPTY_DRAFT)
  const [priced, setPriced] = useState<Priced | null>(null)
  const [localErrors, setLocalErrors] = useState<SpecErrors>({})
  const [error, setError] = useState<AppError | null>(null)
  const [override, setOverride] = useState(false)
  const [busy, setBusy] = useState<'pricing' | 'running' | null>(null)
  const wildcardsVersion = useBatchStore((s) => s.wildcardsVersion)
  const inFlight = useRef(false)

  const plan = priced && priced.wildcardsVersion === wildcardsVersion ? priced.view : null

  const update = (patch: Partial<BatchDraft>) => {
    setDraft((d) => ({ ...d, ...patch }))
    setPriced(null)
    setOverride(false)
    setLocalErrors({})
    setError(null)
  }

  /** Prices the draft (or `next`, a draft just changed whose state has not landed yet). */
  const price = async (next: BatchDraft = draft) => {
    const problems = draftErrors(next)
    setLocalErrors(problems)
    if (Object.keys(problems).length > 0 || inFlight.current) return
    inFlight.current = true
    setBusy('pricing')
    setError(null)
    const version = useBatchStore.getState().wildcardsVersion
    const r = await planBatch({ base, spec: toSpec(next) })
    inFlight.current = false
    setBusy(null)
    if (!r.ok) {
      setPriced(null)
      setError(r.error)
      return
    }
    setOverride(false)
    setPriced({ view: r.value, wildcardsVersion: version, requestId: newRequestId() })
  }

  /** Sends the priced batch; answers its view, or null (the error is shown in the dialog). */
  const run = async (): Promise<BatchView | null> => {
    if (!priced || !plan || inFlight.current) return null
    inFlight.current = true
    setBusy('running')
    setError(null)
    const r = await submitBatch({
      base,
      spec: toSpec(draft),
      requestId: priced.requestId,
      ...(override ? { overrideBudget: true } : {}),
    })
    inFlight.current = false
    setBusy(null)
    if (r.ok) {
      useBatchStore.getState().receive(r.value)
      return r.value
    }
    setError(r.error)
    const refusal = r.error.code === 'over_budget' ? r.error.budget : undefined
    // The budget moved since the price was shown: show the refusal there and ask again.
    if (refusal) {
      setPriced({ ...priced, view: { ...priced.view, budget: { fits: false, refusal } } })
      setOverride(false)
    }
    return null
  }

  const canRun =
    plan !== null &&
    busy === null &&
    plan.count > 0 &&
    plan.missingLists.length === 0 &&
    (plan.budget.fits || override)

  return {
    draft,
    update,
    plan,
    localErrors,
    error,
    override,
    setOverride,
    busy,
    price,
    run,
    canRun,
  }
}

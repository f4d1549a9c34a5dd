import '../../forms/generate.css'

import { WORKBENCH_LIMITS } from '@shared/catalog'
import { formatUsdMicros } from '@shared/pricing'
import { ok } from '@shared/result'
import { useEffect, useMemo, useState } from 'react'

import { submitTask } from '../../api/tasks'
import { stageBytes } from '../../forms/addFiles'
import { ArtImageSettings, NativeVariantPicker } from '../../forms/ArtFields'
import { GenerateShell } from '../../forms/GenerateShell'
import { NumberInput, TextArea } from '../../forms/inputs'
import { useReferenceIntent } from '../../forms/libraryRef'
import { MaskPainter } from '../../forms/MaskPainter'
import { PromptBox } from '../../forms/PromptBox'
import { ReferenceDropZone } from '../../forms/ReferenceDropZone'
import { useFormScreen } from '../../forms/useFormScreen'
import { useGenerateStore } from '../../stores/generate'
import { useWorkbenchStore, type WorkbenchQuote } from '../../stores/generate/workbench'
import { batchBaseOf } from '../batch/batchBase'
import { BatchButton } from '../batch/BatchButton'
import { quoteProblem, requestQuote, workbenchRequest } from './quoteFlow'
import { buildWorkbenchForm, WORKBENCH_MAX_REFERENCES, type WorkbenchField } from './workbenchForm'

const usd = (v: number) => formatUsdMicros(Math.round(v * 1_000_000))

const PROBLEM_TEXT = {
  changed: 'The settings changed since this quote; get a new quote before generating.',
  expired: 'This quote has expired; get a new quote before generating.',
} as const

/** Art workbench: assets uploaded first, a quote the user sees, then a streamed generation. */
export default function WorkbenchScreen() {
  // "Use as reference" (library, results): the image becomes the workbench's source image.
  const onReference = useReferenceIntent('workbench.source', 1)
  const { draft, set, fieldMessage, runner, shell } = useFormScreen('workbench', { onReference })
  const source = useGenerateStore((s) => s.slots['workbench.source'])
  const references = useGenerateStore((s) => s.slots['workbench.references'])
  const mask = useGenerateStore((s) => s.masks.workbench)
  const clearMask = useGenerateStore((s) => s.clearMask)
  const quote = useWorkbenchStore((s) => s.quote)
  const quoting = useWorkbenchStore((s) => s.quoting)
  const [now, setNow] = useState(() => Date.now())
  const maskKey = useMemo(() => ({ painted: mask.painted, version: mask.version }), [mask])
  const form = useMemo(
    () => buildWorkbenchForm(draft, { source, mask: maskKey, references }),
    [draft, source, maskKey, references],
  )
  const errorOf = (field: WorkbenchField) => fieldMessage(form.errors, field)
  const problem = quoteProblem(quote, form.fingerprint, now)

  // Re-check expiry every few seconds while a quote is shown.
  useEffect(() => {
    if (!quote?.summary.expiresAt) return
    const t = setInterval(() => setNow(Date.now()), 2000)
    return () => clearInterval(t)
  }, [quote])

  // A painted mask without a source means nothing; drop it with the source.
  useEffect(() => {
    if (source.length === 0 && mask.painted) clearMask('workbench')
  }, [source.length, mask.painted, clearMask])

  const getQuote = () =>
    void runner.run(form.ok, draft.prompt, async () => {
      const store = useWorkbenchStore.getState()
      store.setQuoting(true)
      try {
        const q = await requestQuote(form, draft, { source, mask, references })
        if (!q.ok) return q
        store.setQuote(q.value)
        setNow(Date.now())
        return { ok: true, value: null }
      } finally {
        store.setQuoting(false)
      }
    })

  const generate = (q: WorkbenchQuote) =>
    void runner.run(form.ok, draft.prompt, async (o) => {
      const result = await submitTask({
        kind: 'workbench',
        request: q.request,
        quote: { quoteId: q.summary.quoteId, priceUsd: q.summary.priceUsd },
        ...o,
      })
      // A quote buys one generation: the next image gets its own quote and request id.
      if (result.ok) useWorkbenchStore.getState().setQuote(null)
      return result
    })

  const submit = () => (quote && !problem ? generate(quote) : getQuote())

  return (
    <GenerateShell
      id="workbench"
      title="Workbench"
      intro="Files are uploaded first, the service quotes the exact request, and Generate uses that quote. Previews stream in while it runs."
      kinds={['workbench']}
      estimate={form.estimate}
      summary={<QuotePanel quote={quote} problem={problem} />}
      {...shell}
      actions={
        <>
          <button
            type="button"
            className={quote && !problem ? '' : 'primary'}
            disabled={runner.submitting}
            onClick={getQuote}
          >
            {quoting ? 'Getting quote…' : quote ? 'Get new quote' : 'Get quote'}
          </button>
          <button
            type="button"
            className={quote && !problem ? 'primary' : ''}
            disabled={runner.submitting || !quote || problem !== null}
            onClick={() => quote && generate(quote)}
          >
            Generate
          </button>
        </>
      }
      onSubmit={submit}
      batch={(disabled) => (
        <BatchButton
          getBase={batchBaseOf(runner.run, form.ok, draft.prompt, async () => {
            const r = await workbenchRequest(form, draft, { source, mask, references })
            return r.ok ? ok({ kind: 'workbench', request: r.value }) : r
          })}
          disabled={disabled}
        />
      )}
    >
      <NativeVariantPicker
        prefix="workbench"
        value={draft.variant}
        error={errorOf('variant')}
        hint={`Sent as model ${WORKBENCH_LIMITS.model} with this model_variant`}
        onChange={(variant) => set({ variant })}
      />
      <PromptBox
        form="workbench"
        value={draft.prompt}
        onChange={(prompt) => set({ prompt })}
        error={errorOf('prompt')}
      />
      <TextArea
        label="Negative prompt"
        name="workbench-negative"
        rows={2}
        value={draft.negativePrompt}
        onChange={(negativePrompt) => set({ negativePrompt })}
        error={errorOf('negative_prompt')}
      />
      <ArtImageSettings
        prefix="workbench"
        draft={draft}
        onChange={set}
        errorOf={errorOf}
        variant={form.variant}
        stepsHint={`${WORKBENCH_LIMITS.steps.min} to ${WORKBENCH_LIMITS.steps.max}`}
        guidanceHint={`${WORKBENCH_LIMITS.guidance.min} to ${WORKBENCH_LIMITS.guidance.max}`}
        countField={
          <NumberInput
            label="Count"
            name="workbench-count"
            value={draft.count}
            onChange={(count) => set({ count })}
            hint={`${WORKBENCH_LIMITS.count.min} to ${WORKBENCH_LIMITS.count.max} images`}
            error={errorOf('count')}
          />
        }
      />
      <ReferenceDropZone
        slot="workbench.source"
        label="Source image (optional)"
        hint="One PNG, JPEG or WebP, at most 24 MB and 24 megapixels; uploaded before the quote"
        max={1}
        error={errorOf('source')}
        stage={stageBytes}
      />
      {source[0] ? (
        <>
          <div className="gen-grid">
            <NumberInput
              label="Source strength"
              name="workbench-strength"
              decimal
              value={draft.sourceStrength}
              onChange={(sourceStrength) => set({ sourceStrength })}
              hint="Greater than 0 and at most 1"
              error={errorOf('source_strength')}
            />
            <NumberInput
              label="Source noise"
              name="workbench-noise"
              decimal
              value={draft.sourceNoise}
              onChange={(sourceNoise) => set({ sourceNoise })}
              hint={`${WORKBENCH_LIMITS.sourceNoise.min} to ${WORKBENCH_LIMITS.sourceNoise.max}`}
              error={errorOf('source_noise')}
            />
          </div>
          <MaskPainter maskId="workbench" source={source[0]} error={errorOf('mask')} />
        </>
      ) : null}
      <ReferenceDropZone
        slot="workbench.references"
        label="Precise references (optional)"
        hint={`Up to ${WORKBENCH_MAX_REFERENCES} PNG, JPEG or WebP images, at most 24 MB and 24 megapixels each`}
        max={WORKBENCH_MAX_REFERENCES}
        error={errorOf('references')}
        stage={stageBytes}
      />
    </GenerateShell>
  )
}

function QuotePanel({
  quote,
  problem,
}: {
  quote: WorkbenchQuote | null
  problem: ReturnType<typeof quoteProblem>
}) {
  if (!quote) {
    return <p className="field-hint">Get a quote to see the price the service will charge.</p>
  }
  const s = quote.summary
  const extra = Object.entries(s.fields).filter(
    ([k]) => !/price|payment|allowance|quote_id|expires/i.test(k),
  )
  return (
    <div className="quote" data-testid="quote" aria-live="polite">
      <dl className="facts">
        <dt>Quoted price</dt>
        <dd data-testid="quote-price">{s.priceUsd === null ? 'not stated' : usd(s.priceUsd)}</dd>
        <dt>Payment method</dt>
        <dd data-testid="quote-payment">{s.paymentMethod ?? 'not stated'}</dd>
        <dt>Allowance use</dt>
        <dd data-testid="quote-allowance">{s.allowance ?? 'not stated'}</dd>
        {s.expiresAt !== null ? (
          <>
            <dt>Valid until</dt>
            <dd>{new Date(s.expiresAt).toLocaleTimeString()}</dd>
          </>
        ) : null}
        {extra.map(([k, v]) => (
          <FactRow key={k} name={k} value={String(v)} />
        ))}
      </dl>
      {problem === 'changed' || problem === 'expired' ? (
        <p className="field-error" role="alert" data-testid="quote-problem">
          {PROBLEM_TEXT[problem]}
        </p>
      ) : null}
    </div>
  )
}

function FactRow({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt>{name.replaceAll('_', ' ')}</dt>
      <dd>{value}</dd>
    </>
  )
}

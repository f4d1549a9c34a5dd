import '../../forms/generate.css'

import { WORKBENCH_LIMITS } from '@shared/catalog'
import { ok } from '@shared/result'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'

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
import { formatNumber } from '../../i18n/format'
import { useGenerateStore } from '../../stores/generate'
import { useWorkbenchStore, type WorkbenchQuote } from '../../stores/generate/workbench'
import { batchBaseOf } from '../batch/batchBase'
import { BatchButton } from '../batch/BatchButton'
import { quoteProblem, requestQuote, workbenchRequest } from './quoteFlow'
import { QuotePanel } from './QuotePanel'
import { buildWorkbenchForm, WORKBENCH_MAX_REFERENCES, type WorkbenchField } from './workbenchForm'

const L = WORKBENCH_LIMITS
/** "{min} to {max}" with both ends in the language's number format. */
const range = (r: { min: number; max: number }) => ({
  min: formatNumber(r.min),
  max: formatNumber(r.max),
})

/** Art workbench: assets uploaded first, a quote the user sees, then a streamed generation. */
export default function WorkbenchScreen() {
  const { t, i18n } = useTranslation('workbench')
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
  const language = i18n.resolvedLanguage
  const form = useMemo(() => {
    void language // the form's own messages are in the interface language: rebuilt when it changes
    return buildWorkbenchForm(draft, { source, mask: maskKey, references })
  }, [draft, source, maskKey, references, language])
  const errorOf = (field: WorkbenchField) => fieldMessage(form.errors, field)
  const problem = quoteProblem(quote, form.fingerprint, now)

  // Re-check expiry every few seconds while a quote is shown.
  useEffect(() => {
    if (!quote?.summary.expiresAt) return
    const timer = setInterval(() => setNow(Date.now()), 2000)
    return () => clearInterval(timer)
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
      title={t('title')}
      intro={t('intro')}
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
            {quoting ? t('quoting') : quote ? t('quoteAgain') : t('quoteGet')}
          </button>
          <button
            type="button"
            className={quote && !problem ? 'primary' : ''}
            disabled={runner.submitting || !quote || problem !== null}
            onClick={() => quote && generate(quote)}
          >
            {t('generate')}
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
        hint={t('variantHint', { model: L.model })}
        onChange={(variant) => set({ variant })}
      />
      <PromptBox
        form="workbench"
        value={draft.prompt}
        onChange={(prompt) => set({ prompt })}
        error={errorOf('prompt')}
      />
      <TextArea
        label={t('negativePrompt')}
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
        stepsHint={t('rangeHint', range(L.steps))}
        guidanceHint={t('rangeHint', range(L.guidance))}
        countField={
          <NumberInput
            label={t('count')}
            name="workbench-count"
            value={draft.count}
            onChange={(count) => set({ count })}
            hint={t('countHint', range(L.count))}
            error={errorOf('count')}
          />
        }
      />
      <ReferenceDropZone
        slot="workbench.source"
        label={t('sourceLabel')}
        hint={t('sourceHint')}
        max={1}
        error={errorOf('source')}
        stage={stageBytes}
      />
      {source[0] ? (
        <>
          <div className="gen-grid">
            <NumberInput
              label={t('sourceStrength')}
              name="workbench-strength"
              decimal
              value={draft.sourceStrength}
              onChange={(sourceStrength) => set({ sourceStrength })}
              hint={t('sourceStrengthHint')}
              error={errorOf('source_strength')}
            />
            <NumberInput
              label={t('sourceNoise')}
              name="workbench-noise"
              decimal
              value={draft.sourceNoise}
              onChange={(sourceNoise) => set({ sourceNoise })}
              hint={t('rangeHint', range(L.sourceNoise))}
              error={errorOf('source_noise')}
            />
          </div>
          <MaskPainter maskId="workbench" source={source[0]} error={errorOf('mask')} />
        </>
      ) : null}
      <ReferenceDropZone
        slot="workbench.references"
        label={t('referencesLabel')}
        hint={t('referencesHint', { max: WORKBENCH_MAX_REFERENCES })}
        max={WORKBENCH_MAX_REFERENCES}
        error={errorOf('references')}
        stage={stageBytes}
      />
    </GenerateShell>
  )
}

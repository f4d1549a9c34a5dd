import { NATIVE_MODELS } from '@shared/catalog'
import { defineKeys } from '@shared/i18n/keys'
import {
  expandRequest,
  type ExpandSpec,
  MAX_EXPAND_FACTOR,
  planExpand,
} from '@shared/library/expand'
import { CROP_RATIOS, parseRatio } from '@shared/library/pictureEdits'
import type { LibraryItem } from '@shared/library/types'
import { estimateArt } from '@shared/pricing'
import type { AppError, BudgetRefusal as Refusal } from '@shared/result'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { expandPrepare, submitExpand } from '../../../api/picture'
import { newRequestId } from '../../../api/tasks'
import { CanvasStage } from '../../../components/CanvasStage'
import { originalSrc } from '../../../components/media'
import { BudgetRefusal } from '../../../forms/BudgetRefusal'
import { CostBadge } from '../../../forms/CostBadge'
import { randomSeed } from '../../../forms/numbers'

const SIDES = ['left', 'right', 'top', 'bottom'] as const
const STEPS = 23

const SIDE_LABELS = defineKeys('library', {
  left: 'sideLeft',
  right: 'sideRight',
  top: 'sideTop',
  bottom: 'sideBottom',
}) satisfies Record<(typeof SIDES)[number], string>

/**
 * Why planExpand refused `spec` (it answers in English, shared with main), as the key of this
 * catalog's message: the same checks in the same order, read from the spec rather than the text.
 */
function refusalKey(spec: ExpandSpec, w: number, h: number) {
  if (spec.mode === 'sides') {
    const sides = [spec.left, spec.right, spec.top, spec.bottom]
    if (!sides.every((n) => Number.isSafeInteger(n) && n >= 0)) return 'expandWholePixels'
    if (sides.every((n) => n === 0)) return 'expandNoSides'
    return 'expandTooMuch'
  }
  const r = parseRatio(spec.ratio)
  if (!r || !CROP_RATIOS.includes(spec.ratio)) return 'expandNotModelRatio'
  return Math.abs(r[0] / r[1] - w / h) < 0.01 ? 'expandAlreadyRatio' : 'expandTooFar'
}
const REFUSALS = defineKeys('library', {
  expandWholePixels: 'expandWholePixels',
  expandNoSides: 'expandNoSides',
  expandTooMuch: 'expandTooMuch',
  expandNotModelRatio: 'expandNotModelRatio',
  expandAlreadyRatio: 'expandAlreadyRatio',
  expandTooFar: 'expandTooFar',
  expandSizeUnknown: 'expandSizeUnknown',
})

/**
 * Expand the canvas (outpaint, issue #31): a direction and an amount, or a target aspect ratio;
 * the new area is shown on the shared canvas view and priced before anything is sent. Expand
 * builds the padded picture and its mask in main and sends the art model's infill as an ordinary
 * task (priced, budget-checked and journaled by admission); the result arrives as a new item.
 */
export function ExpandPanel({
  item,
  onError,
  onSent,
}: {
  item: LibraryItem
  onError(e: AppError): void
  onSent(message: string): void
}) {
  const { t } = useTranslation('library')
  const [mode, setMode] = useState<'sides' | 'ratio'>('ratio')
  const [ratio, setRatio] = useState(CROP_RATIOS.find((r) => r === '16:9') ?? CROP_RATIOS[0]!)
  const [sides, setSides] = useState({ left: 0, right: 256, top: 0, bottom: 0 })
  const [prompt, setPrompt] = useState(item.prompt)
  const [model, setModel] = useState('art-diffusion-5-full')
  const [sending, setSending] = useState(false)
  /** A cap main refused this expand for, waiting for "Go over the cap once" (cleared by any edit). */
  const [refused, setRefused] = useState<Refusal | null>(null)
  const w = item.width ?? 0
  const h = item.height ?? 0
  const spec: ExpandSpec = mode === 'ratio' ? { mode, ratio } : { mode, ...sides }
  const plan = w && h ? planExpand(w, h, spec) : REFUSALS.expandSizeUnknown
  const refusal =
    typeof plan !== 'string'
      ? null
      : w && h
        ? t(REFUSALS[refusalKey(spec, w, h)], {
            factor: MAX_EXPAND_FACTOR,
            ratio: spec.mode === 'ratio' ? spec.ratio : '',
          })
        : t(REFUSALS.expandSizeUnknown)
  const estimate =
    typeof plan === 'string'
      ? null
      : estimateArt({
          variant: model,
          width: plan.width,
          height: plan.height,
          steps: STEPS,
          count: 1,
        })

  const specKey = JSON.stringify(spec)
  useEffect(() => setRefused(null), [specKey, prompt, model])

  /** Prepares and sends the expand; `overrideBudget` only after the user chose to go over a cap. */
  const send = async (opts: { overrideBudget?: true } = {}) => {
    if (typeof plan === 'string') return
    setSending(true)
    setRefused(null)
    const requestId = newRequestId()
    const prepared = await expandPrepare({ id: item.id, spec, requestId, model })
    if (!prepared.ok) {
      setSending(false)
      return onError(prepared.error)
    }
    const native = expandRequest(prepared.value.plan, {
      prompt,
      negativePrompt: item.negativePrompt,
      model,
      steps: STEPS,
      seed: randomSeed(),
    })
    const r = await submitExpand({
      requestId,
      request: { ...native, parameters: { ...native.parameters } },
      image: prepared.value.image,
      mask: prepared.value.mask,
      ...opts,
    })
    setSending(false)
    if (!r.ok && r.error.code === 'over_budget' && r.error.budget && !opts.overrideBudget)
      return setRefused(r.error.budget)
    if (!r.ok) return onError(r.error)
    onSent(
      t('expandSent', { width: prepared.value.plan.width, height: prepared.value.plan.height }),
    )
  }
  const pct = (v: number, of: number) => `${(v / of) * 100}%`
  return (
    <div className="finish-expand" data-testid="expand">
      <div className="row">
        <label>
          <input
            type="radio"
            name="expand-mode"
            checked={mode === 'ratio'}
            onChange={() => setMode('ratio')}
          />{' '}
          {t('expandToRatio')}
        </label>
        <label>
          <input
            type="radio"
            name="expand-mode"
            checked={mode === 'sides'}
            onChange={() => setMode('sides')}
          />{' '}
          {t('expandBySides')}
        </label>
        {mode === 'ratio' ? (
          <select
            value={ratio}
            onChange={(e) => setRatio(e.target.value)}
            aria-label={t('targetRatio')}
          >
            {CROP_RATIOS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        ) : (
          SIDES.map((s) => (
            <label key={s} className="finish-num">
              {t(SIDE_LABELS[s])}
              <input
                type="number"
                min={0}
                step={64}
                value={sides[s]}
                aria-label={t('expandSideName', { side: s })}
                onChange={(e) =>
                  setSides({ ...sides, [s]: Math.max(0, Math.round(Number(e.target.value) || 0)) })
                }
              />
            </label>
          ))
        )}
      </div>
      {typeof plan === 'string' ? (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      ) : (
        <CanvasStage
          width={plan.width}
          height={plan.height}
          reserve="22rem"
          className="finish-expand-stage"
          testId="expand-stage"
        >
          <img
            src={originalSrc(item.relPath)}
            alt=""
            style={{
              left: pct(plan.x, plan.width),
              top: pct(plan.y, plan.height),
              width: pct(plan.w, plan.width),
              height: pct(plan.h, plan.height),
            }}
          />
        </CanvasStage>
      )}
      <label className="finish-prompt">
        {t('expandPrompt')}
        <textarea rows={2} value={prompt} onChange={(e) => setPrompt(e.target.value)} />
      </label>
      <div className="row">
        <label>
          {t('modelLabel')}{' '}
          <select
            value={model}
            onChange={(e) => setModel(e.target.value)}
            aria-label={t('expandModel')}
          >
            {NATIVE_MODELS.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        <CostBadge estimate={estimate} />
        <button
          type="button"
          className="primary"
          disabled={sending || typeof plan === 'string' || !prompt.trim()}
          onClick={() => void send()}
        >
          {sending ? t('sending') : t('expand')}
        </button>
      </div>
      {refused && (
        <BudgetRefusal
          refusal={refused}
          onOverride={() => send({ overrideBudget: true })}
          onDismiss={() => setRefused(null)}
        />
      )}
    </div>
  )
}

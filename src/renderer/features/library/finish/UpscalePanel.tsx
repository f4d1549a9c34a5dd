import { defineKeys } from '@shared/i18n/keys'
import type { LibraryItem } from '@shared/library/types'
import {
  ESTIMATE_FROM_PIXELS,
  type UpscaleEngine,
  type UpscaleEstimate,
  type UpscaleJobState,
} from '@shared/library/upscale'
import type { AppError } from '@shared/result'
import { useEffect, useMemo, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'

import { cancelUpscale, startUpscale, upscaleEstimate } from '../../../api/picture'
import { useLibraryStore } from '../../../stores/library'
import { isActive, jobsOf, usePictureStore } from '../../../stores/picture'
import { approxDuration } from './approxDuration'

/** A finished job's state when main gave no message with it. */
const STATE_LABELS = defineKeys('library', {
  running: 'upscaleRunning',
  saving: 'upscaleSaving',
  done: 'upscaleDone',
  failed: 'upscaleFailed',
  cancelled: 'upscaleCancelled',
}) satisfies Record<UpscaleJobState, string>

/**
 * Local ×2/×4 upscale (issue #31): the model (best, runs off main's thread) or Lanczos (fast).
 * A large picture gets a measured estimate first and starts only when the user says so. Progress
 * and Cancel here and in Tasks; free, nothing sent to the service.
 */
export function UpscalePanel({ item, onError }: { item: LibraryItem; onError(e: AppError): void }) {
  const { t } = useTranslation('library')
  const [scale, setScale] = useState<2 | 4>(2)
  const [engine, setEngine] = useState<UpscaleEngine>('model')
  const [estimate, setEstimate] = useState<UpscaleEstimate | null>(null)
  const [measuring, setMeasuring] = useState(false)
  const all = usePictureStore((s) => s.jobs)
  const jobs = useMemo(() => jobsOf({ jobs: all }, item.id), [all, item.id])
  useEffect(() => usePictureStore.getState().connect(), [])
  useEffect(() => setEstimate(null), [item.id, scale, engine])
  const running = jobs.find(isActive)
  const last = jobs[0]

  const start = async (estimateSec: number | null) => {
    setEstimate(null)
    const r = await startUpscale({ id: item.id, scale, engine, estimateSec })
    if (!r.ok) onError(r.error)
    else usePictureStore.getState().receive(r.value)
  }
  const ask = async () => {
    const px = (item.width ?? 0) * (item.height ?? 0)
    if (engine === 'lanczos' || px < ESTIMATE_FROM_PIXELS) return start(null)
    setMeasuring(true)
    const r = await upscaleEstimate({ id: item.id, scale })
    setMeasuring(false)
    if (r.ok) setEstimate(r.value)
    else onError(r.error)
  }
  return (
    <div className="finish-upscale" data-testid="upscale">
      <div className="row">
        <label>
          {t('upscaleScale')}{' '}
          <select
            value={scale}
            onChange={(e) => setScale(Number(e.target.value) as 2 | 4)}
            aria-label={t('upscaleFactor')}
          >
            <option value={2}>{t('scaleTimes', { scale: 2 })}</option>
            <option value={4}>{t('scaleTimes', { scale: 4 })}</option>
          </select>
        </label>
        <label>
          {t('upscaleMethod')}{' '}
          <select
            value={engine}
            onChange={(e) => setEngine(e.target.value as UpscaleEngine)}
            aria-label={t('upscaleMethodLabel')}
          >
            <option value="model">{t('engineModel')}</option>
            <option value="lanczos">{t('engineLanczos')}</option>
          </select>
        </label>
        <button type="button" disabled={!!running || measuring} onClick={() => void ask()}>
          {measuring ? t('measuring') : t('upscale')}
        </button>
      </div>
      <p className="field-hint">{t('upscaleLocalHint')}</p>
      {estimate ? (
        <div
          className="banner banner-warning"
          role="alertdialog"
          aria-label={t('upscaleEstimate')}
          data-testid="upscale-estimate"
        >
          <p>
            <Trans
              t={t}
              i18nKey="upscaleWillTake"
              values={{
                width: estimate.width,
                height: estimate.height,
                outWidth: estimate.outWidth,
                outHeight: estimate.outHeight,
                duration: approxDuration(estimate.seconds),
              }}
              components={{ b: <strong /> }}
            />
          </p>
          <div className="row">
            <button type="button" className="primary" onClick={() => void start(estimate.seconds)}>
              {t('start')}
            </button>
            <button type="button" onClick={() => setEstimate(null)}>
              {t('notNow')}
            </button>
          </div>
        </div>
      ) : null}
      {running ? (
        <div className="row" data-testid="upscale-progress">
          <progress value={running.done} max={running.total} aria-label={t('upscaleProgress')} />
          <span>
            {running.state === 'saving'
              ? t('upscaleSaving')
              : t('upscaleTiles', { done: running.done, total: running.total })}
          </span>
          <button type="button" onClick={() => void cancelUpscale(running.jobId)}>
            {t('cancel')}
          </button>
        </div>
      ) : last ? (
        <p role="status" data-testid="upscale-status">
          {last.state === 'done' && last.resultId ? (
            <>
              {t('upscaledBy', { scale: last.scale })}{' '}
              <button
                type="button"
                className="link"
                onClick={() => void useLibraryStore.getState().openDetail(last.resultId!)}
              >
                {t('openResult')}
              </button>
            </>
          ) : (
            (last.message ?? t(STATE_LABELS[last.state]))
          )}
        </p>
      ) : null}
    </div>
  )
}

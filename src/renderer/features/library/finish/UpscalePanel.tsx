import type { LibraryItem } from '@shared/library/types'
import {
  aboutDuration,
  ESTIMATE_FROM_PIXELS,
  type UpscaleEngine,
  type UpscaleEstimate,
} from '@shared/library/upscale'
import type { AppError } from '@shared/result'
import { useEffect, useMemo, useState } from 'react'

import { cancelUpscale, startUpscale, upscaleEstimate } from '../../../api/picture'
import { useLibraryStore } from '../../../stores/library'
import { isActive, jobsOf, usePictureStore } from '../../../stores/picture'

/**
 * Local ×2/×4 upscale (issue #31): the model (best, runs off main's thread) or Lanczos (fast).
 * A large picture gets a measured estimate first and starts only when the user says so. Progress
 * and Cancel here and in Tasks; free, nothing sent to the service.
 */
export function UpscalePanel({ item, onError }: { item: LibraryItem; onError(e: AppError): void }) {
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
          Scale{' '}
          <select
            value={scale}
            onChange={(e) => setScale(Number(e.target.value) as 2 | 4)}
            aria-label="Upscale factor"
          >
            <option value={2}>×2</option>
            <option value={4}>×4</option>
          </select>
        </label>
        <label>
          Method{' '}
          <select
            value={engine}
            onChange={(e) => setEngine(e.target.value as UpscaleEngine)}
            aria-label="Upscale method"
          >
            <option value="model">Model (ESRGAN, best, slower)</option>
            <option value="lanczos">Lanczos (fast)</option>
          </select>
        </label>
        <button type="button" disabled={!!running || measuring} onClick={() => void ask()}>
          {measuring ? 'Measuring…' : 'Upscale'}
        </button>
      </div>
      <p className="field-hint">On this computer: free, nothing is sent to the service.</p>
      {estimate ? (
        <div
          className="banner banner-warning"
          role="alertdialog"
          aria-label="Upscale estimate"
          data-testid="upscale-estimate"
        >
          <p>
            {estimate.width} × {estimate.height} → {estimate.outWidth} × {estimate.outHeight} will
            take <strong>{aboutDuration(estimate.seconds)}</strong> on this computer.
          </p>
          <div className="row">
            <button type="button" className="primary" onClick={() => void start(estimate.seconds)}>
              Start
            </button>
            <button type="button" onClick={() => setEstimate(null)}>
              Not now
            </button>
          </div>
        </div>
      ) : null}
      {running ? (
        <div className="row" data-testid="upscale-progress">
          <progress value={running.done} max={running.total} aria-label="Upscale progress" />
          <span>
            {running.state === 'saving' ? 'Saving…' : `${running.done} / ${running.total} tiles`}
          </span>
          <button type="button" onClick={() => void cancelUpscale(running.jobId)}>
            Cancel
          </button>
        </div>
      ) : last ? (
        <p role="status" data-testid="upscale-status">
          {last.state === 'done' && last.resultId ? (
            <>
              Upscaled ×{last.scale}.{' '}
              <button
                type="button"
                className="link"
                onClick={() => void useLibraryStore.getState().openDetail(last.resultId!)}
              >
                Open the result
              </button>
            </>
          ) : (
            (last.message ?? last.state)
          )}
        </p>
      ) : null}
    </div>
  )
}

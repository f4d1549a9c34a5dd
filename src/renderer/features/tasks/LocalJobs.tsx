import { defineKeys } from '@shared/i18n/keys'
import type { UpscaleJobState } from '@shared/library/upscale'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'

import { cancelUpscale } from '../../api/picture'
import { formatNumber } from '../../i18n/format'
import { isActive, jobList, usePictureStore } from '../../stores/picture'

/** A local upscale's state in words, a `tasks` key. */
const JOB_STATE_LABELS = defineKeys('tasks', {
  running: 'jobRunning',
  saving: 'jobSaving',
  done: 'jobDone',
  failed: 'jobFailed',
  cancelled: 'jobCancelled',
}) satisfies Record<UpscaleJobState, string>

/**
 * "about 3 min", "about 40 s" as the language writes units: an estimate, never more precise than
 * it is (5 s steps under a minute, whole minutes under an hour, then tenths of an hour).
 */
function roughDuration(seconds: number): string {
  const unit = { style: 'unit', unitDisplay: 'short' } as const
  if (seconds < 60)
    return formatNumber(Math.max(1, Math.round(seconds / 5) * 5 || 1), { ...unit, unit: 'second' })
  if (seconds < 3600) return formatNumber(Math.round(seconds / 60), { ...unit, unit: 'minute' })
  return formatNumber(Math.round(seconds / 360) / 10, { ...unit, unit: 'hour' })
}

/**
 * Local work (issue #31): the upscales running on this computer, beside the service's tasks,
 * with progress and Cancel. Free: no charge, nothing sent. Hidden while there is none.
 */
export function LocalJobs() {
  const all = usePictureStore((s) => s.jobs)
  const jobs = useMemo(() => jobList({ jobs: all }), [all])
  const { t } = useTranslation('tasks')
  useEffect(() => usePictureStore.getState().connect(), [])
  if (jobs.length === 0) return null
  return (
    <section
      className="panel local-jobs"
      aria-labelledby="local-jobs-title"
      data-testid="local-jobs"
    >
      <h2 id="local-jobs-title">{t('localTitle')}</h2>
      <ul>
        {jobs.map((j) => (
          <li key={j.jobId} className="row" data-testid="local-job" data-state={j.state}>
            <span>
              {j.engine === 'model'
                ? t('localJobModel', {
                    state: t(JOB_STATE_LABELS[j.state]),
                    scale: j.scale,
                    fileName: j.fileName,
                  })
                : t('localJobLanczos', {
                    state: t(JOB_STATE_LABELS[j.state]),
                    scale: j.scale,
                    fileName: j.fileName,
                  })}
            </span>
            {isActive(j) ? (
              <>
                <progress
                  value={j.done}
                  max={j.total}
                  aria-label={t('localProgressOf', { fileName: j.fileName })}
                />
                <span className="muted">
                  {j.estimateSec
                    ? t('localProgressEstimate', {
                        done: j.done,
                        total: j.total,
                        time: roughDuration(j.estimateSec),
                      })
                    : t('localProgress', { done: j.done, total: j.total })}
                </span>
                <button type="button" onClick={() => void cancelUpscale(j.jobId)}>
                  {t('cancel')}
                </button>
              </>
            ) : (
              <span className="muted">{j.message ?? t('localFree')}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

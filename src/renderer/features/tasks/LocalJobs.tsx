import { aboutDuration } from '@shared/library/upscale'
import { useEffect, useMemo } from 'react'

import { cancelUpscale } from '../../api/picture'
import { isActive, jobList, usePictureStore } from '../../stores/picture'

const STATE: Record<string, string> = {
  running: 'Upscaling',
  saving: 'Saving',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
}

/**
 * Local work (issue #31): the upscales running on this computer, beside the service's tasks,
 * with progress and Cancel. Free: no charge, nothing sent. Hidden while there is none.
 */
export function LocalJobs() {
  const all = usePictureStore((s) => s.jobs)
  const jobs = useMemo(() => jobList({ jobs: all }), [all])
  useEffect(() => usePictureStore.getState().connect(), [])
  if (jobs.length === 0) return null
  return (
    <section
      className="panel local-jobs"
      aria-labelledby="local-jobs-title"
      data-testid="local-jobs"
    >
      <h2 id="local-jobs-title">On this computer</h2>
      <ul>
        {jobs.map((j) => (
          <li key={j.jobId} className="row" data-testid="local-job" data-state={j.state}>
            <span>
              {STATE[j.state]} ×{j.scale} {j.engine === 'model' ? '(model)' : '(Lanczos)'} ·{' '}
              {j.fileName}
            </span>
            {isActive(j) ? (
              <>
                <progress value={j.done} max={j.total} aria-label={`Progress of ${j.fileName}`} />
                <span className="muted">
                  {j.done} / {j.total}
                  {j.estimateSec ? ` · estimated ${aboutDuration(j.estimateSec)}` : ''}
                </span>
                <button type="button" onClick={() => void cancelUpscale(j.jobId)}>
                  Cancel
                </button>
              </>
            ) : (
              <span className="muted">{j.message ?? 'free, nothing sent'}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

import type { BatchView } from '@shared/batch/types'
import type { SubmitTaskPayload } from '@shared/tasks/submit'
import { Layers, ListChecks, X } from 'lucide-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { useNavigationStore } from '../../stores/navigation'
import { BatchDialog } from './BatchDialog'

/**
 * What a generation form gives the batch dialog: its request exactly as Generate would send it,
 * or null when the form is not valid (the form then shows its messages and focuses the first).
 * Async because some forms stage files first (the art mask, workbench assets).
 */
export type BatchBase = () => Promise<SubmitTaskPayload | null>

/**
 * "Batch…" beside Generate: takes the form's current request, opens the batch dialog on it, and
 * once a batch starts says so, with the way to its progress in Tasks.
 */
export function BatchButton({ getBase, disabled }: { getBase: BatchBase; disabled?: boolean }) {
  const { t } = useTranslation('batch')
  const [base, setBase] = useState<SubmitTaskPayload | null>(null)
  // Guards a double click while the form builds its request (staging a mask can take a moment).
  const opening = useRef(false)
  const button = useRef<HTMLButtonElement>(null)
  const [started, setStarted] = useState<BatchView | null>(null)
  const go = useNavigationStore((s) => s.go)

  const open = async () => {
    if (opening.current) return
    opening.current = true
    setStarted(null)
    try {
      setBase(await getBase())
    } finally {
      opening.current = false
    }
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => void open()}
      >
        <Layers aria-hidden />
        {t('batchOpen')}
      </button>
      {base ? (
        <BatchDialog
          base={base}
          returnTo={button}
          onClose={() => setBase(null)}
          onStarted={(batch) => {
            setBase(null)
            setStarted(batch)
          }}
        />
      ) : null}
      {started ? (
        <p className="batch-started" role="status" data-testid="batch-started">
          {started.title
            ? t('startedTitled', { title: started.title, count: started.total })
            : t('started', { count: started.total })}{' '}
          <button type="button" className="ghost" onClick={() => go('tasks')}>
            <ListChecks aria-hidden />
            {t('showInTasks')}
          </button>
          <button
            type="button"
            className="ghost icon-only"
            aria-label={t('dismiss')}
            onClick={() => setStarted(null)}
          >
            <X aria-hidden />
          </button>
        </p>
      ) : null}
    </>
  )
}

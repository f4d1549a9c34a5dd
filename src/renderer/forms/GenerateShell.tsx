import type { ParsedSettings } from '@shared/library/settings'
import type { PresetFields } from '@shared/presets/schemas'
import type { PriceEstimate } from '@shared/pricing'
import type { AppError } from '@shared/result'
import type { TaskKind } from '@shared/tasks/states'
import { FileImage, Sparkles, X } from 'lucide-react'
import { type DragEvent, type FormEvent, type ReactNode, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { pathForFile } from '../api/files'
import { readSettings as readPngSettings } from '../api/library'
import { ErrorBanner } from '../components/ErrorBanner'
import type { FormId } from '../stores/forms'
import { filesOf } from './addFiles'
import { APPLIED_FIELD_KEYS, type AppliedField } from './applySettings'
import { BudgetBadge } from './BudgetBadge'
import { FormBudgetRefusal } from './BudgetRefusal'
import { CostBadge } from './CostBadge'
import { KeptCostBadge } from './KeptCostBadge'
import { PresetMenu } from './PresetMenu'
import { FormRepeatNotice } from './RepeatNotice'
import { TaskResults } from './TaskResults'

/** Where applied settings came from: a dropped file (its name) or a library item (its prompt). */
export type AppliedFrom = { file: string } | { library: string }

/** What the last "apply settings" did, shown until dismissed so nothing changes unseen. */
export interface AppliedNotice {
  from: AppliedFrom
  applied: AppliedField[]
  /** The file's own parameter names that have no field here. */
  skipped: string[]
  foreignModel: string | null
}

interface Props {
  id: string
  title: string
  intro?: ReactNode
  kinds: readonly TaskKind[]
  estimate: PriceEstimate | null
  /** The model the form would send: its cost per kept image is shown beside the estimate. */
  model?: string
  /** Extra lines under the estimate (output resolution, quote). */
  summary?: ReactNode
  submitting: boolean
  submitLabel?: string
  /** Replaces the Generate button (the workbench has Get quote / Generate). */
  actions?: ReactNode
  /**
   * The screen's "Batch…" control beside Generate (disabled while sending), or none. A render prop
   * because the form kit imports no screen: the screen brings features/batch's button itself.
   */
  batch?(disabled: boolean): ReactNode
  error: AppError | null
  onDismissError(): void
  onSubmit(): void
  /** Settings read from a file dropped on the form; the screen applies them field by field. */
  onSettings(settings: ParsedSettings, from: AppliedFrom): void
  notice: AppliedNotice | null
  onDismissNotice(): void
  /** The form's named presets (useFormScreen supplies it): the "Presets" menu in the intro row. */
  presets?: { form: FormId; apply(fields: PresetFields, name: string): void }
  children: ReactNode
  /**
   * A canvas (the infill mask editor) shown beside the form's fields, above the results, sized to
   * the window (components/CanvasStage) rather than stretching the form (issue #31).
   */
  canvas?: ReactNode
}

/**
 * The frame every generation screen shares: title, the form (Ctrl/Cmd+Enter submits), the
 * estimated cost and the Generate button in a footer that stays in view, the results column, and
 * "apply settings" by dropping an image or video (ours, NovelAI, ComfyUI, InvokeAI, A1111, EXIF or
 * XMP) anywhere on the form.
 */
export function GenerateShell(p: Props) {
  const { t } = useTranslation('common')
  const [over, setOver] = useState(false)
  const [dropError, setDropError] = useState<AppError | null>(null)
  const settingsInput = useRef<HTMLInputElement>(null)

  const submit = (e?: FormEvent) => {
    e?.preventDefault()
    if (!p.submitting) p.onSubmit()
  }

  const readSettings = async (file: File | undefined) => {
    if (!file) return
    const path = await pathForFile(file)
    if (!path) {
      setDropError({
        code: 'validation',
        message: t('settingsUnreadable', { file: file.name }),
        action: t('settingsUnreadableAction'),
      })
      return
    }
    const result = await readPngSettings(path)
    if (!result.ok) {
      setDropError(result.error)
      return
    }
    if (result.value.source === 'none') {
      setDropError({
        code: 'validation',
        message: t('settingsNone', { file: file.name }),
      })
      return
    }
    setDropError(null)
    p.onSettings(result.value, { file: file.name })
  }

  const skipped = p.notice
    ? [
        ...(p.notice.foreignModel
          ? [t('settingsForeignModel', { model: p.notice.foreignModel })]
          : []),
        ...p.notice.skipped,
      ]
    : []

  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    void readSettings(filesOf(e.dataTransfer)[0])
  }

  return (
    <section
      className="screen gen-screen"
      aria-labelledby={`${p.id}-title`}
      data-testid={`screen-${p.id}`}
    >
      <h1 id={`${p.id}-title`}>{p.title}</h1>
      <div className="row gen-intro">
        {p.intro ? <p className="muted">{p.intro}</p> : null}
        <div className="row gen-intro-actions">
          {p.presets ? <PresetMenu form={p.presets.form} onApply={p.presets.apply} /> : null}
          <button type="button" className="ghost" onClick={() => settingsInput.current?.click()}>
            <FileImage aria-hidden />
            {t('settingsFromFile')}
          </button>
        </div>
        <input
          ref={settingsInput}
          type="file"
          accept="image/png,image/jpeg,image/webp,video/mp4,video/quicktime,.png,.jpg,.jpeg,.webp,.mp4,.mov"
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            void readSettings(e.target.files?.[0])
            e.target.value = ''
          }}
        />
      </div>
      <ErrorBanner error={p.error} onDismiss={p.onDismissError} />
      <ErrorBanner error={dropError} onDismiss={() => setDropError(null)} />
      {p.notice ? (
        <div className="banner banner-warning" role="status" data-testid="applied-notice">
          <div>
            <strong>
              {t('settingsApplied', {
                from:
                  'file' in p.notice.from
                    ? p.notice.from.file
                    : t('appliedFromLibraryItem', { prompt: p.notice.from.library }),
                count: p.notice.applied.length,
                fields: p.notice.applied
                  .map((f) => t(APPLIED_FIELD_KEYS[f]))
                  .join(t('listSeparator')),
              })}
            </strong>
            {skipped.length > 0 ? (
              <p>{t('settingsSkipped', { fields: skipped.join(t('listSeparator')) })}</p>
            ) : null}
          </div>
          <button
            type="button"
            className="ghost icon-only"
            aria-label={t('dismiss')}
            onClick={p.onDismissNotice}
          >
            <X aria-hidden />
          </button>
        </div>
      ) : null}
      <div className={`gen-layout${p.canvas ? ' with-canvas' : ''}`}>
        <form
          className={`gen-form drop-settings${over ? ' over' : ''}`}
          aria-label={p.title}
          noValidate
          onSubmit={submit}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault()
              submit()
            }
          }}
          onDragOver={(e) => {
            if (e.dataTransfer.types.includes('Files')) {
              e.preventDefault()
              setOver(true)
            }
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
        >
          {p.children}
          <div className="gen-footer">
            <div>
              <CostBadge estimate={p.estimate} />
              <BudgetBadge kinds={p.kinds} estimate={p.estimate} />
              <KeptCostBadge model={p.model} />
              {p.summary}
              <FormBudgetRefusal form={p.id} />
              <FormRepeatNotice form={p.id} />
            </div>
            <div className="row">
              {p.actions ?? (
                <button type="submit" className="primary" disabled={p.submitting}>
                  <Sparkles aria-hidden />
                  {p.submitting ? t('sending') : (p.submitLabel ?? t('generate'))}
                </button>
              )}
              {p.batch?.(p.submitting)}
            </div>
          </div>
        </form>
        {p.canvas ? (
          <div className="gen-side">
            <div className="gen-canvas">{p.canvas}</div>
            <TaskResults kinds={p.kinds} scrolls />
          </div>
        ) : (
          <TaskResults kinds={p.kinds} />
        )}
      </div>
    </section>
  )
}

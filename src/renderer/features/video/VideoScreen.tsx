import '../../forms/generate.css'

import { CATALOG, type VideoModel } from '@shared/catalog'
import { ok } from '@shared/result'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

import { submitTask } from '../../api/tasks'
import { useAccessStore } from '../../forms/access'
import { GenerateShell } from '../../forms/GenerateShell'
import { NumberInput, RadioGroup, SelectInput, TextArea } from '../../forms/inputs'
import { useModelNote } from '../../forms/modelNotes'
import { ModelPicker } from '../../forms/ModelPicker'
import { PromptBox } from '../../forms/PromptBox'
import { useFormScreen } from '../../forms/useFormScreen'
import type { VideoDraft } from '../../stores/forms'
import { batchBaseOf } from '../batch/batchBase'
import { BatchButton } from '../batch/BatchButton'
import { buildVideoForm, normalizeVideoDraft, VIDEO_SHAPES, type VideoField } from './videoForm'

const VIDEO_MODELS = CATALOG.filter((m): m is VideoModel => m.kind === 'video')

/** Video: an asynchronous task per request, priced from the table before it is sent. */
export default function VideoScreen() {
  const { t, i18n } = useTranslation('video')
  const { draft, set, fieldMessage, runner, shell } = useFormScreen('video', {
    normalize: normalizeVideoDraft,
  })
  const access = useAccessStore((s) => s.models)
  // The form's own messages are made in the interface language: built again when it changes.
  const language = i18n.resolvedLanguage
  const form = useMemo(() => {
    void language
    return buildVideoForm(draft)
  }, [draft, language])
  const errorOf = (field: VideoField) => fieldMessage(form.errors, field)
  const model = form.model
  const modelNote = useModelNote(model)
  const fixedDuration = model.duration.min === model.duration.max

  return (
    <GenerateShell
      id="video"
      title={t('title')}
      intro={t('intro')}
      kinds={['video']}
      estimate={form.estimate}
      {...shell}
      onSubmit={() =>
        void runner.run(form.ok, draft.prompt, (o) =>
          submitTask({ kind: 'video', request: { ...form.request }, ...o }),
        )
      }
      batch={(disabled) => (
        <BatchButton
          getBase={batchBaseOf(runner.run, form.ok, draft.prompt, () =>
            ok({ kind: 'video', request: { ...form.request } }),
          )}
          disabled={disabled}
        />
      )}
    >
      <ModelPicker
        name="video-model"
        value={draft.model}
        access={access}
        error={errorOf('model')}
        hint={modelNote}
        options={VIDEO_MODELS.map((m) => ({ value: m.id, label: m.label }))}
        onChange={(id) => set({ model: id as VideoDraft['model'] }, true)}
      />
      <PromptBox
        form="video"
        value={draft.prompt}
        onChange={(prompt) => set({ prompt })}
        error={errorOf('prompt')}
      />
      <div className="gen-grid">
        <NumberInput
          label={t('duration')}
          name="video-duration"
          value={draft.duration}
          onChange={(duration) => set({ duration })}
          hint={
            fixedDuration
              ? t('durationFixed', { model: model.label, seconds: model.duration.min })
              : t('durationRange', { min: model.duration.min, max: model.duration.max })
          }
          error={errorOf('duration')}
        />
        <SelectInput
          label={t('resolution')}
          name="video-resolution"
          value={draft.resolution}
          options={model.resolutions.map((v) => ({ value: v, label: v }))}
          onChange={(resolution) => set({ resolution })}
          error={errorOf('resolution')}
        />
      </div>
      <RadioGroup
        legend={t('aspectRatio')}
        name="video-aspect"
        value={draft.aspectRatio}
        options={Object.entries(VIDEO_SHAPES)
          .filter(([value]) => model.aspectRatios.includes(value))
          .map(([value, key]) => ({ value, label: t(key) }))}
        onChange={(aspectRatio) => set({ aspectRatio })}
        error={errorOf('aspect_ratio')}
      />
      {form.referenceCapable ? (
        <fieldset className="radio-group">
          <legend>{t('referenceMode')}</legend>
          <label className="radio">
            <input
              type="checkbox"
              name="video-reference-mode"
              checked={draft.referenceMode}
              onChange={(e) => set({ referenceMode: e.target.checked })}
            />
            {t('allReferenceMode')}
          </label>
          {draft.referenceMode ? (
            <div className="gen-grid">
              <TextArea
                label={t('referenceUrls')}
                name="video-reference-urls"
                rows={2}
                placeholder={t('referenceUrlsPlaceholder')}
                hint={t('referenceUrlsHint')}
                value={draft.referenceUrls}
                onChange={(referenceUrls) => set({ referenceUrls })}
                error={errorOf('reference_video_urls')}
              />
              <NumberInput
                label={t('referenceSeconds')}
                name="video-input-seconds"
                value={draft.inputVideoSeconds}
                onChange={(inputVideoSeconds) => set({ inputVideoSeconds })}
                hint={t('referenceSecondsHint')}
                error={errorOf('input_video_seconds') ?? errorOf('mode')}
              />
            </div>
          ) : null}
        </fieldset>
      ) : null}
    </GenerateShell>
  )
}

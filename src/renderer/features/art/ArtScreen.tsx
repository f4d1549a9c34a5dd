import '../../forms/generate.css'

import { NATIVE_ACTIONS, NATIVE_LIMITS } from '@shared/catalog'
import { defineKeys } from '@shared/i18n/keys'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

import { stageBytes } from '../../forms/addFiles'
import { ArtImageSettings, NativeVariantPicker } from '../../forms/ArtFields'
import { SAMPLERS } from '../../forms/artPresets'
import { GenerateShell } from '../../forms/GenerateShell'
import { NumberInput, RadioGroup, SelectInput, TextArea } from '../../forms/inputs'
import { useReferenceIntent } from '../../forms/libraryRef'
import { MaskPainter } from '../../forms/MaskPainter'
import { PromptBox } from '../../forms/PromptBox'
import { ReferenceDropZone } from '../../forms/ReferenceDropZone'
import { useFormScreen } from '../../forms/useFormScreen'
import { useFormsStore } from '../../stores/forms'
import { useGenerateStore } from '../../stores/generate'
import { batchBaseOf } from '../batch/batchBase'
import { BatchButton } from '../batch/BatchButton'
import { type ArtField, buildArtForm } from './artForm'
import { nativePayload, submitNative } from './nativeSubmission'

const ACTION_LABELS = defineKeys('art', {
  generate: 'actionGenerate',
  img2img: 'actionImg2img',
  infill: 'actionInfill',
}) satisfies Record<(typeof NATIVE_ACTIONS)[number], string>

/** A size not entered yet: a symbol, the same in every language. */
const UNKNOWN = '?'

/** Rounds a source side to the nearest size the native endpoint accepts. */
const toMultiple = (v: number) =>
  Math.min(
    NATIVE_LIMITS.maxSide,
    Math.max(
      NATIVE_LIMITS.multipleOf,
      Math.round(v / NATIVE_LIMITS.multipleOf) * NATIVE_LIMITS.multipleOf,
    ),
  )

/** Art model (native endpoint): generate, img2img and infill with character prompts. */
export default function ArtScreen() {
  const { t, i18n } = useTranslation('art')
  // "Use as reference" (library, results): the image becomes the source of an image-to-image.
  const onReference = useReferenceIntent('art.source', 1, () => {
    const forms = useFormsStore.getState()
    if (forms.drafts.art.action === 'generate') forms.patch('art', { action: 'img2img' })
  })
  const { draft, set, fieldMessage, runner, shell } = useFormScreen('art', { onReference })
  const source = useGenerateStore((s) => s.slots['art.source'])
  const mask = useGenerateStore((s) => s.masks.art)
  // The form's own messages are made in the interface language: built again when it changes.
  const language = i18n.resolvedLanguage
  const form = useMemo(() => {
    void language
    return buildArtForm(draft, source, mask)
  }, [draft, source, mask, language])
  const errorOf = (field: ArtField) => fieldMessage(form.errors, field)
  const needsSource = draft.action !== 'generate'
  const src = source[0]
  const sizeDiffers =
    src?.width &&
    src.height &&
    (String(src.width) !== draft.width || String(src.height) !== draft.height)

  return (
    <GenerateShell
      id="art"
      title={t('title')}
      intro={t('intro')}
      kinds={['native']}
      estimate={form.estimate}
      canvas={
        draft.action === 'infill' && src ? (
          <MaskPainter maskId="art" source={src} error={errorOf('mask')} />
        ) : undefined
      }
      {...shell}
      onSubmit={() =>
        void runner.run(form.ok, draft.prompt, (o) =>
          submitNative(form.request, draft, src ?? null, mask, o),
        )
      }
      batch={(disabled) => (
        <BatchButton
          getBase={batchBaseOf(runner.run, form.ok, draft.prompt, () =>
            nativePayload(form.request, draft, src ?? null, mask),
          )}
          disabled={disabled}
        />
      )}
    >
      <div className="gen-grid">
        <NativeVariantPicker
          prefix="art"
          value={draft.variant}
          error={errorOf('variant')}
          onChange={(variant) => set({ variant })}
        />
        <SelectInput
          label={t('sampler')}
          name="art-sampler"
          value={draft.sampler}
          options={SAMPLERS}
          onChange={(sampler) => set({ sampler })}
          error={errorOf('sampler')}
        />
      </div>
      <RadioGroup
        legend={t('action')}
        name="art-action"
        value={draft.action}
        options={NATIVE_ACTIONS.map((a) => ({ value: a, label: t(ACTION_LABELS[a]) }))}
        onChange={(action) => set({ action })}
        error={errorOf('action')}
      />
      <PromptBox
        form="art"
        value={draft.prompt}
        onChange={(prompt) => set({ prompt })}
        error={errorOf('prompt')}
      />
      <TextArea
        label={t('negativePrompt')}
        name="art-negative"
        rows={2}
        value={draft.negativePrompt}
        onChange={(negativePrompt) => set({ negativePrompt })}
        hint={t('negativePromptHint')}
        error={errorOf('negative_prompt')}
      />
      {needsSource ? (
        <>
          <ReferenceDropZone
            slot="art.source"
            pasteAnywhere
            label={t('sourceImage')}
            hint={t('sourceImageHint')}
            max={1}
            error={errorOf('source')}
            stage={stageBytes}
          />
          {sizeDiffers && src ? (
            <p className="notice notice-info">
              {t('sourceSizeDiffers', {
                sourceWidth: src.width,
                sourceHeight: src.height,
                width: draft.width || UNKNOWN,
                height: draft.height || UNKNOWN,
              })}{' '}
              <button
                type="button"
                onClick={() =>
                  set({
                    sizeChoice: 'custom',
                    width: String(toMultiple(src.width!)),
                    height: String(toMultiple(src.height!)),
                  })
                }
              >
                {t('useSourceSize')}
              </button>
            </p>
          ) : null}
          <div className="gen-grid">
            <NumberInput
              label={t('strength')}
              name="art-strength"
              decimal
              value={draft.strength}
              onChange={(strength) => set({ strength })}
              hint={t('strengthHint')}
              error={errorOf('strength')}
            />
            <NumberInput
              label={t('noise')}
              name="art-noise"
              decimal
              value={draft.noise}
              onChange={(noise) => set({ noise })}
              hint={t('noiseHint')}
              error={errorOf('noise')}
            />
          </div>
          {draft.action === 'infill' && !src ? (
            <p className="field-hint">{t('addSourceForMask')}</p>
          ) : null}
        </>
      ) : null}
      <ArtImageSettings
        prefix="art"
        draft={draft}
        onChange={set}
        errorOf={errorOf}
        variant={form.variant}
        stepsHint={t('range', { min: NATIVE_LIMITS.steps.min, max: NATIVE_LIMITS.steps.max })}
        guidanceHint={t('range', { min: 0, max: 10 })}
        countField={
          <NumberInput
            label={t('samples')}
            name="art-samples"
            value={draft.samples}
            onChange={(samples) => set({ samples })}
            hint={t('samplesHint', {
              min: NATIVE_LIMITS.nSamples.min,
              max: NATIVE_LIMITS.nSamples.max,
            })}
            error={errorOf('samples')}
          />
        }
      />
    </GenerateShell>
  )
}

import '../../forms/generate.css'

import { NATIVE_ACTIONS, NATIVE_LIMITS } from '@shared/catalog'
import { useMemo } from 'react'

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

const ACTION_LABELS: Record<(typeof NATIVE_ACTIONS)[number], string> = {
  generate: 'Generate',
  img2img: 'Image to image',
  infill: 'Infill (repaint a masked area)',
}

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
  // "Use as reference" (library, results): the image becomes the source of an image-to-image.
  const onReference = useReferenceIntent('art.source', 1, () => {
    const forms = useFormsStore.getState()
    if (forms.drafts.art.action === 'generate') forms.patch('art', { action: 'img2img' })
  })
  const { draft, set, fieldMessage, runner, shell } = useFormScreen('art', { onReference })
  const source = useGenerateStore((s) => s.slots['art.source'])
  const mask = useGenerateStore((s) => s.masks.art)
  const form = useMemo(() => buildArtForm(draft, source, mask), [draft, source, mask])
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
      title="Art model"
      intro="The native art-model endpoint: images come back in the same request."
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
          label="Sampler"
          name="art-sampler"
          value={draft.sampler}
          options={SAMPLERS}
          onChange={(sampler) => set({ sampler })}
          error={errorOf('sampler')}
        />
      </div>
      <RadioGroup
        legend="Action"
        name="art-action"
        value={draft.action}
        options={NATIVE_ACTIONS.map((a) => ({ value: a, label: ACTION_LABELS[a] }))}
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
        label="Negative prompt"
        name="art-negative"
        rows={2}
        value={draft.negativePrompt}
        onChange={(negativePrompt) => set({ negativePrompt })}
        hint="Sent as given; nothing is added"
        error={errorOf('negative_prompt')}
      />
      {needsSource ? (
        <>
          <ReferenceDropZone
            slot="art.source"
            pasteAnywhere
            label="Source image"
            hint="One PNG, JPEG or WebP, at most 24 MB and 24 megapixels"
            max={1}
            error={errorOf('source')}
            stage={stageBytes}
          />
          {sizeDiffers && src ? (
            <p className="notice notice-info">
              The source is {src.width} × {src.height}; the output is {draft.width || '?'} ×{' '}
              {draft.height || '?'}.{' '}
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
                Use the source size
              </button>
            </p>
          ) : null}
          <div className="gen-grid">
            <NumberInput
              label="Strength"
              name="art-strength"
              decimal
              value={draft.strength}
              onChange={(strength) => set({ strength })}
              hint="Greater than 0 and at most 1"
              error={errorOf('strength')}
            />
            <NumberInput
              label="Noise"
              name="art-noise"
              decimal
              value={draft.noise}
              onChange={(noise) => set({ noise })}
              hint="0 to 1"
              error={errorOf('noise')}
            />
          </div>
          {draft.action === 'infill' && !src ? (
            <p className="field-hint">Add a source image to paint the mask on it.</p>
          ) : null}
        </>
      ) : null}
      <ArtImageSettings
        prefix="art"
        draft={draft}
        onChange={set}
        errorOf={errorOf}
        variant={form.variant}
        stepsHint={`${NATIVE_LIMITS.steps.min} to ${NATIVE_LIMITS.steps.max}`}
        guidanceHint="0 to 10"
        countField={
          <NumberInput
            label="Samples"
            name="art-samples"
            value={draft.samples}
            onChange={(samples) => set({ samples })}
            hint={`${NATIVE_LIMITS.nSamples.min} to ${NATIVE_LIMITS.nSamples.max} images`}
            error={errorOf('samples')}
          />
        }
      />
    </GenerateShell>
  )
}

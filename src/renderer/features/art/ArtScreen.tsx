import '../generate/generate.css'

import { NATIVE_ACTIONS, NATIVE_LIMITS, NATIVE_MODELS } from '@shared/catalog'
import { useMemo } from 'react'

import { type ArtDraft, useFormsStore } from '../../stores/forms'
import { useGenerateStore } from '../../stores/generate'
import { nativeAccess, useAccessStore } from '../generate/access'
import { CharacterPrompts, DimensionsPicker, SeedField } from '../generate/ArtFields'
import { SAMPLERS } from '../generate/artPresets'
import { GenerateShell } from '../generate/GenerateShell'
import { NumberInput, RadioGroup, SelectInput, TextArea } from '../generate/inputs'
import { MaskPainter } from '../generate/MaskPainter'
import { ModelPicker } from '../generate/ModelPicker'
import { PromptBox } from '../generate/PromptBox'
import { ReferenceDropZone } from '../generate/ReferenceDropZone'
import { tasksClient, useTaskFeed } from '../generate/tasksClient'
import { useApplySettings, useRun } from '../generate/useRun'
import { type ArtField, buildArtForm } from './artForm'
import { submitNative } from './nativeSubmission'

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
  const draft = useFormsStore((s) => s.drafts.art)
  const patchDraft = useFormsStore((s) => s.patch)
  const source = useGenerateStore((s) => s.slots['art.source'])
  const mask = useGenerateStore((s) => s.masks.art)
  const access = useAccessStore((s) => s.models)
  const variantAccess = useMemo(() => nativeAccess(access), [access])
  useTaskFeed()
  const form = useMemo(() => buildArtForm(draft, source, mask), [draft, source, mask])
  const r = useRun('art')
  const settings = useApplySettings('art')
  const variant = form.variant

  const set = (patch: Partial<ArtDraft>) => {
    r.clearServerFields()
    patchDraft('art', patch)
  }
  const errorOf = (field: ArtField): string | null => {
    if (field === 'prompt' && !r.attempted && draft.prompt === '') return null
    return r.serverFields[field] ?? form.errors[field] ?? null
  }
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
      submitting={r.submitting}
      error={r.error}
      onDismissError={() => r.setError(null)}
      onSubmit={() =>
        void r.run(form.ok, draft.prompt, () =>
          submitNative(form.request, draft, src ?? null, mask),
        )
      }
      onSettings={settings.apply}
      notice={settings.notice}
      onDismissNotice={() => settings.setNotice(null)}
    >
      <div className="gen-grid">
        <ModelPicker
          label="Model variant"
          name="art-variant"
          value={draft.variant}
          access={variantAccess}
          error={errorOf('variant')}
          options={NATIVE_MODELS.map((m) => ({ value: m.id, label: `${m.label} (${m.id})` }))}
          onChange={(id) => set({ variant: id as ArtDraft['variant'] })}
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
            stage={tasksClient.stage}
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
          {draft.action === 'infill' && src ? (
            <MaskPainter maskId="art" source={src} error={errorOf('mask')} />
          ) : draft.action === 'infill' ? (
            <p className="field-hint">Add a source image to paint the mask on it.</p>
          ) : null}
        </>
      ) : null}
      <div className="gen-grid">
        <DimensionsPicker
          prefix="art"
          sizeChoice={draft.sizeChoice}
          width={draft.width}
          height={draft.height}
          onChange={set}
          errors={{ width: errorOf('width'), height: errorOf('height') }}
        />
        <NumberInput
          label="Steps"
          name="art-steps"
          value={draft.steps}
          onChange={(steps) => set({ steps })}
          hint={`${NATIVE_LIMITS.steps.min} to ${NATIVE_LIMITS.steps.max}`}
          error={errorOf('steps')}
        />
        <NumberInput
          label="Samples"
          name="art-samples"
          value={draft.samples}
          onChange={(samples) => set({ samples })}
          hint={`${NATIVE_LIMITS.nSamples.min} to ${NATIVE_LIMITS.nSamples.max} images`}
          error={errorOf('samples')}
        />
        <NumberInput
          label="Guidance"
          name="art-guidance"
          decimal
          value={draft.guidance}
          onChange={(guidance) => set({ guidance })}
          hint="0 to 10"
          error={errorOf('guidance')}
        />
      </div>
      <SeedField
        prefix="art"
        mode={draft.seedMode}
        seed={draft.seed}
        onChange={set}
        error={errorOf('seed')}
      />
      <CharacterPrompts
        prefix="art"
        max={variant.maxCharacters}
        variantLabel={variant.label}
        characters={draft.characters}
        autoPositions={draft.autoPositions}
        onChange={set}
        error={errorOf('characters')}
      />
    </GenerateShell>
  )
}

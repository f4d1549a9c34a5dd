import '../../forms/generate.css'

import { CATALOG, groupDigits, type ImageModel, TIER_PIXEL_BUDGET, tierFor } from '@shared/catalog'
import { ok } from '@shared/result'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import { useCallback, useMemo } from 'react'

import { submitTask } from '../../api/tasks'
import { useAccessStore } from '../../forms/access'
import { stageBytes } from '../../forms/addFiles'
import { GenerateShell } from '../../forms/GenerateShell'
import { NumberInput, RadioGroup, SelectInput, TextArea, TextInput } from '../../forms/inputs'
import { refFromLibrary } from '../../forms/libraryRef'
import { ModelPicker } from '../../forms/ModelPicker'
import { PromptBox } from '../../forms/PromptBox'
import { ReferenceDropZone } from '../../forms/ReferenceDropZone'
import { useFormScreen } from '../../forms/useFormScreen'
import type { LibraryIntent } from '../../forms/useRun'
import { type ImagesDraft, useFormsStore } from '../../stores/forms'
import { useGenerateStore } from '../../stores/generate'
import { useSettingsStore } from '../../stores/settings'
import { batchBaseOf } from '../batch/batchBase'
import { BatchButton } from '../batch/BatchButton'
import {
  buildImagesForm,
  chosenSize,
  type ImagesField,
  normalizeImagesDraft,
  qualityOptions,
  sizePresets,
  unavailableReason,
} from './imagesForm'

const IMAGE_MODELS = CATALOG.filter((m): m is ImageModel => m.kind === 'image')
const SLOT = 'images.references' as const

function sizeHint(model: ImageModel, quality: ImagesDraft['quality']): string {
  const rule = model.size
  if (!rule) return ''
  if (rule.withinTierBudget) {
    const tier = tierFor(model, quality)
    return `Multiples of ${rule.multipleOf}, at most ${groupDigits(TIER_PIXEL_BUDGET[tier])} pixels (${tier}, set by quality)`
  }
  const parts = [`Multiples of ${rule.multipleOf}`]
  if (rule.minPixels !== undefined || rule.maxPixels !== undefined) {
    parts.push(`${groupDigits(rule.minPixels ?? 1)} to ${groupDigits(rule.maxPixels ?? 0)} pixels`)
  }
  if (rule.maxAspect !== undefined) parts.push(`aspect within ${rule.maxAspect}:1`)
  if (rule.maxSide !== undefined) parts.push(`each side at most ${rule.maxSide}`)
  return parts.join(', ')
}

const rangeText = (r: { min: number; max: number }) =>
  r.min === r.max ? `exactly ${r.min}` : r.min === 0 ? `up to ${r.max}` : `${r.min} to ${r.max}`

/** Images: generation from a prompt and edits of reference files, for every images-endpoint model. */
export default function ImagesScreen() {
  const refs = useGenerateStore((s) => s.slots[SLOT])
  const addRefs = useGenerateStore((s) => s.addRefs)
  const access = useAccessStore((s) => s.models)
  const libraryDir = useSettingsStore((s) => s.settings?.libraryDir ?? '')
  const onReference = useCallback(
    (intent: LibraryIntent) => {
      const store = useFormsStore.getState()
      const next = normalizeImagesDraft({ ...store.drafts.images, operation: 'edit' })
      store.replace('images', next)
      addRefs(SLOT, [refFromLibrary(intent.item, libraryDir)])
    },
    [addRefs, libraryDir],
  )
  const { draft, set, fieldMessage, runner, shell } = useFormScreen('images', {
    normalize: normalizeImagesDraft,
    onReference,
  })
  const form = useMemo(() => buildImagesForm(draft, refs), [draft, refs])
  const errorOf = (field: ImagesField) => fieldMessage(form.errors, field)

  const model = form.model
  const presets = sizePresets(model, draft.quality)
  const editRange = model.editReferences
  /** The request Generate sends, and the base of a batch. */
  const payload = (): SubmitTaskInput =>
    form.operation === 'edit'
      ? { kind: 'edit', request: { ...form.edit! }, images: refs.map((x) => x.path!) }
      : { kind: 'image', request: { ...form.generation! } }
  const submit = () =>
    void runner.run(form.ok, draft.prompt, (o) => submitTask({ ...payload(), ...o }))

  return (
    <GenerateShell
      id="images"
      title="Images"
      intro="Generate from a prompt, or edit with reference images."
      kinds={['image', 'edit']}
      estimate={form.estimate}
      summary={
        form.output ? (
          <p className="field-hint" data-testid="output-size">
            Output {form.output.width} × {form.output.height}
            {model.fixedResolution
              ? ` (fixed ${model.fixedResolution.label})`
              : ` (${form.output.tier})`}
          </p>
        ) : null
      }
      {...shell}
      onSubmit={submit}
      batch={(disabled) => (
        <BatchButton
          getBase={batchBaseOf(runner.run, form.ok, draft.prompt, () => ok(payload()))}
          disabled={disabled}
        />
      )}
    >
      <RadioGroup
        legend="Operation"
        name="images-operation"
        value={draft.operation}
        options={[
          { value: 'generate', label: 'Generate' },
          { value: 'edit', label: 'Edit with reference images' },
        ]}
        onChange={(operation) => set({ operation }, true)}
      />
      <ModelPicker
        name="images-model"
        value={draft.model}
        access={access}
        error={errorOf('model')}
        hint={model.notes}
        options={IMAGE_MODELS.map((m) => ({
          value: m.id,
          label: m.label,
          unavailable: unavailableReason(m, draft.operation),
        }))}
        onChange={(id) => set({ model: id as ImagesDraft['model'] }, true)}
      />
      <PromptBox
        form="images"
        label={draft.operation === 'edit' ? 'Edit instruction' : 'Prompt'}
        value={draft.prompt}
        onChange={(prompt) => set({ prompt })}
        error={errorOf('prompt')}
      />
      {draft.operation === 'edit' && editRange ? (
        <ReferenceDropZone
          slot={SLOT}
          pasteAnywhere
          label="Reference images"
          hint={`${rangeText(editRange)} image${editRange.max === 1 ? '' : 's'} for ${model.label} (files and URLs together), PNG, JPEG or WebP`}
          max={editRange.max}
          error={errorOf('references')}
          stage={stageBytes}
        />
      ) : null}
      {model.urlReferences ? (
        <TextArea
          label="Reference image URLs"
          name="images-urls"
          rows={2}
          placeholder="https://…  (one per line)"
          hint={`Public http(s) URLs, one per line: ${rangeText(model.urlReferences)} for ${model.label}`}
          value={draft.imageUrls}
          onChange={(imageUrls) => set({ imageUrls })}
          error={errorOf('image_urls')}
        />
      ) : null}
      <div className="gen-grid">
        {model.size ? (
          <SelectInput
            label="Size"
            name="images-size"
            value={draft.sizeChoice}
            options={[...presets, { value: 'custom', label: 'Custom…' }]}
            onChange={(sizeChoice) =>
              set({ sizeChoice, customSize: draft.customSize || chosenSize(draft) })
            }
            error={draft.sizeChoice === 'custom' ? null : errorOf('size')}
          />
        ) : null}
        {model.size && draft.sizeChoice === 'custom' ? (
          <TextInput
            label="Custom size (WIDTHxHEIGHT)"
            name="images-custom-size"
            placeholder="1024x1024"
            value={draft.customSize}
            onChange={(customSize) => set({ customSize })}
            hint={sizeHint(model, draft.quality)}
            error={errorOf('size')}
          />
        ) : null}
        {model.qualityTiers ? (
          <SelectInput
            label="Quality"
            name="images-quality"
            value={draft.quality}
            options={qualityOptions(model)}
            onChange={(quality) => set({ quality }, true)}
            error={errorOf('quality')}
          />
        ) : null}
        {model.aspectRatios ? (
          <SelectInput
            label="Aspect ratio"
            name="images-aspect"
            value={draft.aspectRatio}
            options={model.aspectRatios.map((a) => ({
              value: a,
              label: a === 'smart' ? 'smart (follows the first reference)' : a,
            }))}
            onChange={(aspectRatio) => set({ aspectRatio })}
            error={errorOf('aspect_ratio')}
          />
        ) : null}
        <NumberInput
          label="Images (n)"
          name="images-n"
          value={draft.n}
          onChange={(n) => set({ n })}
          hint={
            model.n.min === model.n.max
              ? `${model.label} makes ${model.n.min}`
              : `${model.n.min} to ${model.n.max}`
          }
          error={errorOf('n')}
        />
        {model.requiredMode ? (
          <SelectInput
            label="Mode"
            name="images-mode"
            value={model.requiredMode}
            options={[{ value: model.requiredMode, label: model.requiredMode }]}
            onChange={() => undefined}
            hint={`${model.label} always uses ${model.requiredMode} mode`}
            error={errorOf('mode')}
          />
        ) : null}
        <SelectInput
          label="Result delivery"
          name="images-response-format"
          value={draft.responseFormat}
          options={[
            { value: 'url', label: 'Download link (url)' },
            { value: 'b64_json', label: 'In the response (b64_json)' },
          ]}
          onChange={(responseFormat) => set({ responseFormat })}
          error={errorOf('response_format')}
        />
      </div>
    </GenerateShell>
  )
}

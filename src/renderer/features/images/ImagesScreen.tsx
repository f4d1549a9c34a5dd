import '../../forms/generate.css'

import { CATALOG, type ImageModel, TIER_PIXEL_BUDGET, tierFor } from '@shared/catalog'
import { defineKeys } from '@shared/i18n/keys'
import { ok } from '@shared/result'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import type { TFunction } from 'i18next'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'

import { submitTask } from '../../api/tasks'
import { useAccessStore } from '../../forms/access'
import { stageBytes } from '../../forms/addFiles'
import { GenerateShell } from '../../forms/GenerateShell'
import { NumberInput, RadioGroup, SelectInput, TextArea, TextInput } from '../../forms/inputs'
import { refFromLibrary } from '../../forms/libraryRef'
import { useModelNote } from '../../forms/modelNotes'
import { ModelPicker } from '../../forms/ModelPicker'
import { PromptBox } from '../../forms/PromptBox'
import { ReferenceDropZone } from '../../forms/ReferenceDropZone'
import { useFormScreen } from '../../forms/useFormScreen'
import type { LibraryIntent } from '../../forms/useRun'
import { formatNumber } from '../../i18n/format'
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

/** An example custom size: digits and the separator the field expects, the same in every language. */
const SIZE_EXAMPLE = '1024x1024'

/** Which requests the response_format choices stand for (the service's own values). */
const DELIVERY_LABELS = defineKeys('images', {
  url: 'deliveryUrl',
  b64_json: 'deliveryB64',
}) satisfies Record<ImagesDraft['responseFormat'], string>

/** The quality settings' names (the service's low / auto / medium / high). */
const QUALITY_LABELS = defineKeys('images', {
  low: 'qualityLow',
  auto: 'qualityAuto',
  medium: 'qualityMedium',
  high: 'qualityHigh',
}) satisfies Record<ImagesDraft['quality'], string>

/** The only required mode the catalog has (edit-2511's "reference"). */
const MODE_LABELS = defineKeys('images', {
  reference: 'modeReference',
}) satisfies Record<NonNullable<ImageModel['requiredMode']>, string>

/** The custom size's rule for a model, in one sentence. */
function sizeHint(t: TFunction<'images'>, model: ImageModel, quality: ImagesDraft['quality']) {
  const rule = model.size
  if (!rule) return ''
  if (rule.withinTierBudget) {
    const tier = tierFor(model, quality)
    return t('sizeHintTier', {
      multiple: rule.multipleOf,
      pixels: formatNumber(TIER_PIXEL_BUDGET[tier]),
      tier,
    })
  }
  const pixels = rule.minPixels !== undefined || rule.maxPixels !== undefined
  return t('sizeHintRule', {
    multiple: rule.multipleOf,
    pixels: pixels ? 'yes' : 'no',
    minPixels: formatNumber(rule.minPixels ?? 1),
    maxPixels: formatNumber(rule.maxPixels ?? 0),
    aspect: rule.maxAspect === undefined ? 'no' : 'yes',
    maxAspect: rule.maxAspect ?? 0,
    side: rule.maxSide === undefined ? 'no' : 'yes',
    maxSide: rule.maxSide ?? 0,
  })
}

/** How a count range reads: "exactly" / "up to" / "from … to". */
const rangeKind = (r: { min: number; max: number }) =>
  r.min === r.max ? 'exact' : r.min === 0 ? 'upTo' : 'between'

/** Images: generation from a prompt and edits of reference files, for every images-endpoint model. */
export default function ImagesScreen() {
  const { t, i18n } = useTranslation('images')
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
  // The form's own messages are made in the interface language: built again when it changes.
  const language = i18n.resolvedLanguage
  const form = useMemo(() => {
    void language
    return buildImagesForm(draft, refs)
  }, [draft, refs, language])
  const errorOf = (field: ImagesField) => fieldMessage(form.errors, field)

  const model = form.model
  const modelNote = useModelNote(model)
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
      title={t('title')}
      intro={t('intro')}
      kinds={['image', 'edit']}
      estimate={form.estimate}
      summary={
        form.output ? (
          <p className="field-hint" data-testid="output-size">
            {model.fixedResolution
              ? t('outputFixed', {
                  width: form.output.width,
                  height: form.output.height,
                  resolution: model.fixedResolution.label,
                })
              : t('outputTier', {
                  width: form.output.width,
                  height: form.output.height,
                  tier: form.output.tier,
                })}
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
        legend={t('operation')}
        name="images-operation"
        value={draft.operation}
        options={[
          { value: 'generate', label: t('operationGenerate') },
          { value: 'edit', label: t('operationEdit') },
        ]}
        onChange={(operation) => set({ operation }, true)}
      />
      <ModelPicker
        name="images-model"
        value={draft.model}
        access={access}
        error={errorOf('model')}
        hint={modelNote}
        options={IMAGE_MODELS.map((m) => ({
          value: m.id,
          label: m.label,
          unavailable: unavailableReason(m, draft.operation),
        }))}
        onChange={(id) => set({ model: id as ImagesDraft['model'] }, true)}
      />
      <PromptBox
        form="images"
        label={draft.operation === 'edit' ? t('editInstruction') : t('prompt')}
        value={draft.prompt}
        onChange={(prompt) => set({ prompt })}
        error={errorOf('prompt')}
      />
      {draft.operation === 'edit' && editRange ? (
        <ReferenceDropZone
          slot={SLOT}
          pasteAnywhere
          label={t('referenceImages')}
          hint={t('referenceImagesHint', {
            range: rangeKind(editRange),
            min: editRange.min,
            max: editRange.max,
            model: model.label,
          })}
          max={editRange.max}
          error={errorOf('references')}
          stage={stageBytes}
        />
      ) : null}
      {model.urlReferences ? (
        <TextArea
          label={t('referenceUrls')}
          name="images-urls"
          rows={2}
          placeholder={t('referenceUrlsPlaceholder')}
          hint={t('referenceUrlsHint', {
            range: rangeKind(model.urlReferences),
            min: model.urlReferences.min,
            max: model.urlReferences.max,
            model: model.label,
          })}
          value={draft.imageUrls}
          onChange={(imageUrls) => set({ imageUrls })}
          error={errorOf('image_urls')}
        />
      ) : null}
      <div className="gen-grid">
        {model.size ? (
          <SelectInput
            label={t('size')}
            name="images-size"
            value={draft.sizeChoice}
            options={[...presets, { value: 'custom', label: t('sizeCustom') }]}
            onChange={(sizeChoice) =>
              set({ sizeChoice, customSize: draft.customSize || chosenSize(draft) })
            }
            error={draft.sizeChoice === 'custom' ? null : errorOf('size')}
          />
        ) : null}
        {model.size && draft.sizeChoice === 'custom' ? (
          <TextInput
            label={t('customSize')}
            name="images-custom-size"
            placeholder={SIZE_EXAMPLE}
            value={draft.customSize}
            onChange={(customSize) => set({ customSize })}
            hint={sizeHint(t, model, draft.quality)}
            error={errorOf('size')}
          />
        ) : null}
        {model.qualityTiers ? (
          <SelectInput
            label={t('quality')}
            name="images-quality"
            value={draft.quality}
            options={qualityOptions(model).map((o) => ({
              value: o.value,
              label: o.fixed
                ? t('qualityFixed', {
                    quality: t(QUALITY_LABELS[o.value]),
                    resolution: o.resolution,
                  })
                : t('qualityTier', { quality: t(QUALITY_LABELS[o.value]), tier: o.resolution }),
            }))}
            onChange={(quality) => set({ quality }, true)}
            error={errorOf('quality')}
          />
        ) : null}
        {model.aspectRatios ? (
          <SelectInput
            label={t('aspectRatio')}
            name="images-aspect"
            value={draft.aspectRatio}
            options={model.aspectRatios.map((a) => ({
              value: a,
              label: a === 'smart' ? t('aspectSmart') : a,
            }))}
            onChange={(aspectRatio) => set({ aspectRatio })}
            error={errorOf('aspect_ratio')}
          />
        ) : null}
        <NumberInput
          label={t('count')}
          name="images-n"
          value={draft.n}
          onChange={(n) => set({ n })}
          hint={
            model.n.min === model.n.max
              ? t('countFixed', { model: model.label, count: model.n.min })
              : t('countRange', { min: model.n.min, max: model.n.max })
          }
          error={errorOf('n')}
        />
        {model.requiredMode ? (
          <SelectInput
            label={t('mode')}
            name="images-mode"
            value={model.requiredMode}
            options={[{ value: model.requiredMode, label: t(MODE_LABELS[model.requiredMode]) }]}
            onChange={() => undefined}
            hint={t('modeAlways', {
              model: model.label,
              mode: t(MODE_LABELS[model.requiredMode]),
            })}
            error={errorOf('mode')}
          />
        ) : null}
        <SelectInput
          label={t('delivery')}
          name="images-response-format"
          value={draft.responseFormat}
          options={[
            { value: 'url', label: t(DELIVERY_LABELS.url) },
            { value: 'b64_json', label: t(DELIVERY_LABELS.b64_json) },
          ]}
          onChange={(responseFormat) => set({ responseFormat })}
          error={errorOf('response_format')}
        />
      </div>
    </GenerateShell>
  )
}

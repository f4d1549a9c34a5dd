import { NATIVE_MODELS, type NativeModel, type NativeModelId } from '@shared/catalog'
import { type ReactNode, useMemo } from 'react'
import { useTranslation } from 'react-i18next'

import { formatNumber } from '../i18n/format'
import type { ArtModelDraft, CharacterDraft } from '../stores/forms'
import { nativeAccess, useAccessStore } from './access'
import { ART_SIZE_LIMITS, ART_SIZE_PRESETS, ART_SIZE_SHAPE_KEYS } from './artPresets'
import { ALL_CELLS, cellParts, newCharacter } from './characters'
import { FieldsetError, NumberInput, RadioGroup, SelectInput, TextInput } from './inputs'
import { ModelPicker } from './ModelPicker'

/** Seeds are 32-bit: the range the seed field's hint names. */
const SEED_MAX = 4_294_967_295

/**
 * The art-model variant select of both art screens, marked against the account's models: a
 * variant counts as usable when the catalog model it bills to was listed (see `nativeAccess`).
 */
export function NativeVariantPicker({
  prefix,
  value,
  onChange,
  error,
  hint,
}: {
  prefix: string
  value: NativeModelId
  onChange(id: NativeModelId): void
  error?: string | null
  hint?: string
}) {
  const { t } = useTranslation('common')
  const access = useAccessStore((s) => s.models)
  const variantAccess = useMemo(() => nativeAccess(access), [access])
  const options = useMemo(
    () =>
      NATIVE_MODELS.map((m) => ({
        value: m.id,
        label: t('variantOption', { label: m.label, id: m.id }),
      })),
    [t],
  )
  return (
    <ModelPicker
      label={t('modelVariantLabel')}
      name={`${prefix}-variant`}
      value={value}
      access={variantAccess}
      error={error}
      hint={hint}
      options={options}
      onChange={(id) => onChange(id as NativeModelId)}
    />
  )
}

/** The fields of ArtImageSettings that can carry a message. */
export type ArtSettingsField = 'width' | 'height' | 'steps' | 'guidance' | 'seed' | 'characters'

/**
 * The image settings both art screens share, in the same order: size, steps, the image count and
 * guidance in one grid, then the seed and the character prompts. The count field is the screen's
 * own (`countField`) because the endpoints name it differently (n_samples, count); the hints carry
 * each endpoint's bounds.
 */
export function ArtImageSettings({
  prefix,
  draft,
  onChange,
  errorOf,
  variant,
  stepsHint,
  guidanceHint,
  countField,
}: {
  prefix: string
  draft: ArtModelDraft
  onChange(patch: Partial<ArtModelDraft>): void
  errorOf(field: ArtSettingsField): string | null
  variant: NativeModel
  stepsHint: string
  guidanceHint: string
  countField: ReactNode
}) {
  const { t } = useTranslation('common')
  return (
    <>
      <div className="gen-grid">
        <DimensionsPicker
          prefix={prefix}
          sizeChoice={draft.sizeChoice}
          width={draft.width}
          height={draft.height}
          onChange={onChange}
          errors={{ width: errorOf('width'), height: errorOf('height') }}
        />
        <NumberInput
          label={t('stepsLabel')}
          name={`${prefix}-steps`}
          value={draft.steps}
          onChange={(steps) => onChange({ steps })}
          hint={stepsHint}
          error={errorOf('steps')}
        />
        {countField}
        <NumberInput
          label={t('guidanceLabel')}
          name={`${prefix}-guidance`}
          decimal
          value={draft.guidance}
          onChange={(guidance) => onChange({ guidance })}
          hint={guidanceHint}
          error={errorOf('guidance')}
        />
      </div>
      <SeedField
        prefix={prefix}
        mode={draft.seedMode}
        seed={draft.seed}
        onChange={onChange}
        error={errorOf('seed')}
      />
      <CharacterPrompts
        prefix={prefix}
        max={variant.maxCharacters}
        variantLabel={variant.label}
        characters={draft.characters}
        autoPositions={draft.autoPositions}
        onChange={onChange}
        error={errorOf('characters')}
      />
    </>
  )
}

/** Width and height of the art forms: a preset, or custom multiples of 64 within the limits. */
export function DimensionsPicker({
  prefix,
  sizeChoice,
  width,
  height,
  onChange,
  errors,
}: {
  prefix: string
  sizeChoice: string
  width: string
  height: string
  onChange(patch: { sizeChoice?: string; width?: string; height?: string }): void
  errors: { width?: string | null; height?: string | null }
}) {
  const { t } = useTranslation('common')
  const sizeHint = t('artSizeHint', {
    multiple: ART_SIZE_LIMITS.multiple,
    side: formatNumber(ART_SIZE_LIMITS.side),
    pixels: formatNumber(ART_SIZE_LIMITS.pixels),
  })
  const presets = ART_SIZE_PRESETS.map((p) => {
    const [w, h] = p.value.split('x')
    return { value: p.value, label: t(ART_SIZE_SHAPE_KEYS[p.shape], { width: w, height: h }) }
  })
  return (
    <>
      <SelectInput
        label={t('sizeLabel')}
        name={`${prefix}-size`}
        value={sizeChoice}
        options={[...presets, { value: 'custom', label: t('sizeCustom') }]}
        onChange={(choice) => {
          const m = /^(\d+)x(\d+)$/.exec(choice)
          onChange(m ? { sizeChoice: choice, width: m[1], height: m[2] } : { sizeChoice: choice })
        }}
        error={sizeChoice === 'custom' ? null : (errors.width ?? errors.height ?? null)}
      />
      {sizeChoice === 'custom' ? (
        <>
          <NumberInput
            label={t('widthLabel')}
            name={`${prefix}-width`}
            value={width}
            onChange={(v) => onChange({ width: v })}
            hint={sizeHint}
            error={errors.width}
          />
          <NumberInput
            label={t('heightLabel')}
            name={`${prefix}-height`}
            value={height}
            onChange={(v) => onChange({ height: v })}
            hint={sizeHint}
            error={errors.height}
          />
        </>
      ) : null}
    </>
  )
}

/** Seed: random (drawn when the task is made, and saved with it) or a fixed number. */
export function SeedField({
  prefix,
  mode,
  seed,
  onChange,
  error,
}: {
  prefix: string
  mode: 'random' | 'fixed'
  seed: string
  onChange(patch: { seedMode?: 'random' | 'fixed'; seed?: string }): void
  error?: string | null
}) {
  const { t } = useTranslation('common')
  return (
    <div className="stack seed">
      <RadioGroup
        legend={t('seedLabel')}
        name={`${prefix}-seed-mode`}
        value={mode}
        options={[
          { value: 'random', label: t('seedRandom') },
          { value: 'fixed', label: t('seedFixed') },
        ]}
        onChange={(seedMode) => onChange({ seedMode })}
      />
      {mode === 'fixed' ? (
        <TextInput
          label={t('seedValueLabel')}
          name={`${prefix}-seed`}
          inputMode="numeric"
          value={seed}
          onChange={(v) => onChange({ seed: v })}
          hint={t('seedHint', { min: 0, max: formatNumber(SEED_MAX, { useGrouping: false }) })}
          error={error}
        />
      ) : null}
    </div>
  )
}

/**
 * Character prompts, up to the variant's limit: each with its own prompt and negative prompt and,
 * when positions are manual, a cell of the 5 × 5 grid.
 */
export function CharacterPrompts({
  prefix,
  max,
  variantLabel,
  characters,
  autoPositions,
  onChange,
  error,
}: {
  prefix: string
  max: number
  variantLabel: string
  characters: CharacterDraft[]
  autoPositions: boolean
  onChange(patch: { characters?: CharacterDraft[]; autoPositions?: boolean }): void
  error?: string | null
}) {
  const { t } = useTranslation('common')
  const update = (i: number, patch: Partial<CharacterDraft>) =>
    onChange({ characters: characters.map((c, j) => (j === i ? { ...c, ...patch } : c)) })
  if (max === 0) {
    return (
      <p className="field-hint" data-testid="characters-none">
        {t('charactersNone', { variant: variantLabel })}
        {characters.length > 0 ? (
          <>
            {' '}
            <button type="button" onClick={() => onChange({ characters: [] })}>
              {t('charactersRemoveAll', { count: characters.length })}
            </button>
          </>
        ) : null}
      </p>
    )
  }
  return (
    <fieldset className="radio-group characters" aria-describedby={`${prefix}-characters-hint`}>
      <legend>{t('charactersLegend', { count: characters.length, max })}</legend>
      <p className="field-hint" id={`${prefix}-characters-hint`}>
        {t('charactersHint', { max, variant: variantLabel })}
      </p>
      <label className="radio">
        <input
          type="checkbox"
          name={`${prefix}-auto-positions`}
          checked={autoPositions}
          onChange={(e) => onChange({ autoPositions: e.target.checked })}
        />
        {t('charactersAuto')}
      </label>
      {characters.map((c, i) => (
        <fieldset className="character" key={i} data-testid="character">
          <legend>{t('characterLegend', { number: i + 1 })}</legend>
          <TextInput
            label={t('characterPrompt', { number: i + 1 })}
            name={`${prefix}-character-${i}-prompt`}
            value={c.prompt}
            onChange={(prompt) => update(i, { prompt })}
          />
          <TextInput
            label={t('characterNegative', { number: i + 1 })}
            name={`${prefix}-character-${i}-negative`}
            value={c.negativePrompt}
            onChange={(negativePrompt) => update(i, { negativePrompt })}
          />
          {autoPositions ? (
            <span className="field-hint">{t('characterPositionAuto')}</span>
          ) : (
            <SelectInput
              label={t('characterPosition', { number: i + 1 })}
              name={`${prefix}-character-${i}-position`}
              value={c.position}
              options={ALL_CELLS.map((cell) => {
                const { row, column } = cellParts(cell)
                return {
                  value: cell,
                  label: t('gridCell', { cell, row: t(row), column: t(column) }),
                }
              })}
              onChange={(position) => update(i, { position })}
            />
          )}
          <button
            type="button"
            aria-label={t('characterRemoveLabel', { number: i + 1 })}
            onClick={() => onChange({ characters: characters.filter((_, j) => j !== i) })}
          >
            {t('characterRemove')}
          </button>
        </fieldset>
      ))}
      <div className="row">
        <button
          type="button"
          disabled={characters.length >= max}
          onClick={() => onChange({ characters: [...characters, newCharacter(characters.length)] })}
        >
          {t('characterAdd')}
        </button>
      </div>
      <FieldsetError error={error} />
    </fieldset>
  )
}

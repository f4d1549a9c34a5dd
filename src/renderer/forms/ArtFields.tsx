import { NATIVE_MODELS, type NativeModel, type NativeModelId } from '@shared/catalog'
import { type ReactNode, useMemo } from 'react'

import type { ArtModelDraft, CharacterDraft } from '../stores/forms'
import { nativeAccess, useAccessStore } from './access'
import { ART_SIZE_HINT, ART_SIZE_PRESETS } from './artPresets'
import { ALL_CELLS, cellLabel, newCharacter } from './characters'
import { FieldsetError, NumberInput, RadioGroup, SelectInput, TextInput } from './inputs'
import { ModelPicker } from './ModelPicker'

const VARIANT_OPTIONS = NATIVE_MODELS.map((m) => ({ value: m.id, label: `${m.label} (${m.id})` }))

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
  const access = useAccessStore((s) => s.models)
  const variantAccess = useMemo(() => nativeAccess(access), [access])
  return (
    <ModelPicker
      label="Model variant"
      name={`${prefix}-variant`}
      value={value}
      access={variantAccess}
      error={error}
      hint={hint}
      options={VARIANT_OPTIONS}
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
          label="Steps"
          name={`${prefix}-steps`}
          value={draft.steps}
          onChange={(steps) => onChange({ steps })}
          hint={stepsHint}
          error={errorOf('steps')}
        />
        {countField}
        <NumberInput
          label="Guidance"
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
  return (
    <>
      <SelectInput
        label="Size"
        name={`${prefix}-size`}
        value={sizeChoice}
        options={[...ART_SIZE_PRESETS, { value: 'custom', label: 'Custom…' }]}
        onChange={(choice) => {
          const m = /^(\d+)x(\d+)$/.exec(choice)
          onChange(m ? { sizeChoice: choice, width: m[1], height: m[2] } : { sizeChoice: choice })
        }}
        error={sizeChoice === 'custom' ? null : (errors.width ?? errors.height ?? null)}
      />
      {sizeChoice === 'custom' ? (
        <>
          <NumberInput
            label="Width"
            name={`${prefix}-width`}
            value={width}
            onChange={(v) => onChange({ width: v })}
            hint={ART_SIZE_HINT}
            error={errors.width}
          />
          <NumberInput
            label="Height"
            name={`${prefix}-height`}
            value={height}
            onChange={(v) => onChange({ height: v })}
            hint={ART_SIZE_HINT}
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
  return (
    <div className="stack seed">
      <RadioGroup
        legend="Seed"
        name={`${prefix}-seed-mode`}
        value={mode}
        options={[
          { value: 'random', label: 'Random' },
          { value: 'fixed', label: 'Fixed' },
        ]}
        onChange={(seedMode) => onChange({ seedMode })}
      />
      {mode === 'fixed' ? (
        <TextInput
          label="Seed value"
          name={`${prefix}-seed`}
          inputMode="numeric"
          value={seed}
          onChange={(v) => onChange({ seed: v })}
          hint="0 to 4294967295"
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
  const update = (i: number, patch: Partial<CharacterDraft>) =>
    onChange({ characters: characters.map((c, j) => (j === i ? { ...c, ...patch } : c)) })
  if (max === 0) {
    return (
      <p className="field-hint" data-testid="characters-none">
        {variantLabel} takes no character prompts.
        {characters.length > 0 ? (
          <>
            {' '}
            <button type="button" onClick={() => onChange({ characters: [] })}>
              Remove {characters.length} character{characters.length === 1 ? '' : 's'}
            </button>
          </>
        ) : null}
      </p>
    )
  }
  return (
    <fieldset className="radio-group characters" aria-describedby={`${prefix}-characters-hint`}>
      <legend>
        Characters ({characters.length} of {max})
      </legend>
      <p className="field-hint" id={`${prefix}-characters-hint`}>
        Up to {max} for {variantLabel}. Automatic positions are recommended.
      </p>
      <label className="radio">
        <input
          type="checkbox"
          name={`${prefix}-auto-positions`}
          checked={autoPositions}
          onChange={(e) => onChange({ autoPositions: e.target.checked })}
        />
        Place characters automatically
      </label>
      {characters.map((c, i) => (
        <fieldset className="character" key={i} data-testid="character">
          <legend>Character {i + 1}</legend>
          <TextInput
            label={`Character ${i + 1} prompt`}
            name={`${prefix}-character-${i}-prompt`}
            value={c.prompt}
            onChange={(prompt) => update(i, { prompt })}
          />
          <TextInput
            label={`Character ${i + 1} negative prompt`}
            name={`${prefix}-character-${i}-negative`}
            value={c.negativePrompt}
            onChange={(negativePrompt) => update(i, { negativePrompt })}
          />
          {autoPositions ? (
            <span className="field-hint">Position: automatic</span>
          ) : (
            <SelectInput
              label={`Character ${i + 1} position`}
              name={`${prefix}-character-${i}-position`}
              value={c.position}
              options={ALL_CELLS.map((cell) => ({ value: cell, label: cellLabel(cell) }))}
              onChange={(position) => update(i, { position })}
            />
          )}
          <button
            type="button"
            aria-label={`Remove character ${i + 1}`}
            onClick={() => onChange({ characters: characters.filter((_, j) => j !== i) })}
          >
            Remove
          </button>
        </fieldset>
      ))}
      <div className="row">
        <button
          type="button"
          disabled={characters.length >= max}
          onClick={() => onChange({ characters: [...characters, newCharacter(characters.length)] })}
        >
          Add character
        </button>
      </div>
      <FieldsetError error={error} />
    </fieldset>
  )
}

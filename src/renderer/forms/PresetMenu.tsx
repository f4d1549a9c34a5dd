import './reuse.css'

import type { Preset, PresetFields } from '@shared/presets/schemas'
import { type KeyboardEvent, useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { type FormId, useFormsStore } from '../stores/forms'
import { selectPresets, usePresetsStore } from '../stores/presets'
import { presetFieldsOf } from './presets'

/** What the menu last did, announced in its status line; a delete can be undone from there. */
type Outcome =
  | { kind: 'done'; text: string }
  | { kind: 'deleted'; preset: Preset }
  | { kind: 'error'; text: string }

/**
 * The "Presets" menu in a generation screen's intro row (issue #16): save the form's current
 * parameters under a name, apply a saved set in one click, delete one (with Undo). A native
 * disclosure (<details>), so it opens with Enter or Space and every part is a plain button or
 * field. What a preset holds is decided in presets.ts (never the prompt or references).
 */
export function PresetMenu({
  form,
  onApply,
}: {
  form: FormId
  onApply(fields: PresetFields, name: string): void
}) {
  const { t } = useTranslation('common')
  const presets = usePresetsStore(selectPresets(form))
  const [name, setName] = useState('')
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const id = useId()
  const exists = presets.some((p) => p.name === name.trim())

  // Loaded when the screen shows (the count in the summary) and again whenever the menu opens.
  useEffect(() => void usePresetsStore.getState().load(form), [form])

  const save = async () => {
    const trimmed = name.trim()
    if (!trimmed) {
      setOutcome({ kind: 'error', text: t('presetNameFirst') })
      return
    }
    const fields = presetFieldsOf(form, useFormsStore.getState().drafts[form])
    const result = await usePresetsStore.getState().save(form, trimmed, fields)
    setOutcome(
      result.ok
        ? { kind: 'done', text: t('presetSaved', { name: trimmed }) }
        : { kind: 'error', text: result.error.message },
    )
    if (result.ok) setName('')
  }

  const remove = async (preset: Preset) => {
    const result = await usePresetsStore.getState().remove(form, preset.name)
    setOutcome(
      result.ok ? { kind: 'deleted', preset } : { kind: 'error', text: result.error.message },
    )
  }

  const undoDelete = async (preset: Preset) => {
    const result = await usePresetsStore.getState().save(form, preset.name, preset.fields)
    setOutcome(
      result.ok
        ? { kind: 'done', text: t('presetRestored', { name: preset.name }) }
        : { kind: 'error', text: result.error.message },
    )
  }

  const onNameKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault()
      void save()
    }
  }

  return (
    <div className="presets">
      <details
        data-testid="presets"
        onToggle={(e) => {
          if (e.currentTarget.open) void usePresetsStore.getState().load(form)
        }}
      >
        <summary>{t('presetsSummary', { count: presets.length })}</summary>
        <div className="presets-panel">
          {presets.length === 0 ? (
            <p className="muted">{t('presetsNone')}</p>
          ) : (
            <ul className="presets-list" aria-label={t('presetsSaved')}>
              {presets.map((p) => (
                <li key={p.name}>
                  <span className="presets-name" title={p.name}>
                    {p.name}
                  </span>
                  <button
                    type="button"
                    aria-label={t('presetApplyLabel', { name: p.name })}
                    onClick={() => {
                      onApply(p.fields, p.name)
                      setOutcome({ kind: 'done', text: t('presetApplied', { name: p.name }) })
                    }}
                  >
                    {t('presetApply')}
                  </button>
                  <button
                    type="button"
                    className="ghost"
                    aria-label={t('presetDeleteLabel', { name: p.name })}
                    onClick={() => void remove(p)}
                  >
                    {t('presetDelete')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="presets-save">
            <label htmlFor={`${id}-name`}>{t('presetSaveAs')}</label>
            <div className="row">
              <input
                id={`${id}-name`}
                type="text"
                maxLength={80}
                value={name}
                placeholder={t('presetNamePlaceholder')}
                onChange={(e) => setName(e.target.value)}
                onKeyDown={onNameKey}
              />
              <button type="button" onClick={() => void save()}>
                {exists ? t('presetReplace') : t('presetSave')}
              </button>
            </div>
            <p className="field-hint">{t('presetHint')}</p>
          </div>
        </div>
      </details>
      <p className="presets-status" role="status">
        {outcome?.kind === 'done' ? outcome.text : null}
        {outcome?.kind === 'error' ? <span className="field-error">{outcome.text}</span> : null}
        {outcome?.kind === 'deleted' ? (
          <>
            {t('presetDeleted', { name: outcome.preset.name })}{' '}
            <button type="button" className="ghost" onClick={() => void undoDelete(outcome.preset)}>
              {t('undo')}
            </button>
          </>
        ) : null}
      </p>
    </div>
  )
}

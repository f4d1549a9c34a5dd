import type { PresetFields } from '@shared/presets/schemas'
import { useEffect } from 'react'

import type { Drafts, FormId } from '../stores/forms'
import { useFormsStore } from '../stores/forms'
import { useTasksStore } from '../stores/tasks'
import { ACCESS_RECHECK_MS, loadModelAccess } from './access'
import { applyPreset } from './presets'
import { type LibraryIntent, useApplySettings, useRun } from './useRun'

/**
 * The wiring every generation screen shares around its form model, kept in one place so the
 * screens cannot drift apart in how an edit clears the server's field messages, when an empty
 * prompt is flagged, or which submit and settings state reaches GenerateShell:
 * - `draft` and `set(patch)`: an edit clears the server's field messages (they described the old
 *   values) and patches the draft; `set(patch, true)` instead replaces the draft with the
 *   `normalize`d result (images and video move every choice into the new model's range).
 * - `fieldMessage(errors, field)`: the server's message for the field, else the form's own; an
 *   untouched empty prompt shows nothing until the first submit attempt.
 * - `runner`: the submit cycle (`useRun`); `shell`: the props GenerateShell takes from the submit
 *   cycle, from "apply settings" and for the named presets (applied through `normalize` too).
 */
export function useFormScreen<F extends FormId>(
  form: F,
  opts: {
    normalize?: (draft: Drafts[F]) => Drafts[F]
    onReference?: (intent: LibraryIntent) => void
  } = {},
) {
  const draft = useFormsStore((s) => s.drafts[form])
  const patchDraft = useFormsStore((s) => s.patch)
  // The results column reads the one task store: keep it fed while the screen is open (a task
  // from before a restart shows again, previews included), and know which models can be used.
  useEffect(() => {
    loadModelAccess()
    // A screen left open for days still compares the model list daily (loadModelAccess asks
    // again only once its answer is a day old).
    const daily = setInterval(() => loadModelAccess(), ACCESS_RECHECK_MS)
    const disconnect = useTasksStore.getState().connect()
    return () => {
      clearInterval(daily)
      disconnect()
    }
  }, [])
  const runner = useRun(form)
  const settings = useApplySettings(form, opts.onReference)

  const set = (patch: Partial<Drafts[F]>, normalize = false) => {
    runner.clearServerFields()
    if (normalize && opts.normalize) {
      useFormsStore.getState().replace(form, opts.normalize({ ...draft, ...patch }))
    } else patchDraft(form, patch)
  }

  const fieldMessage = <Field extends string>(
    errors: Partial<Record<Field, string>>,
    field: Field,
  ): string | null => {
    if (field === 'prompt' && !runner.attempted && draft.prompt === '') return null
    return runner.serverFields[field] ?? errors[field] ?? null
  }

  const shell = {
    /** The model the draft would send (art forms name it `variant`): cost per kept image. */
    model: 'model' in draft ? draft.model : draft.variant,
    submitting: runner.submitting,
    error: runner.error,
    onDismissError: () => runner.setError(null),
    onSettings: settings.apply,
    notice: settings.notice,
    onDismissNotice: () => settings.setNotice(null),
    presets: {
      form,
      /** Applies a named preset exactly as saved, then the screen's normalize (like `set(…, true)`). */
      apply: (fields: PresetFields) => {
        runner.clearServerFields()
        const store = useFormsStore.getState()
        const { draft: next } = applyPreset(form, store.drafts[form], fields)
        store.replace(form, opts.normalize ? opts.normalize(next) : next)
      },
    },
  }

  return { draft, set, fieldMessage, runner, shell }
}

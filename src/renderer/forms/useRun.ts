import type { ParsedSettings } from '@shared/library/settings'
import type { AppError, Result } from '@shared/result'
import type { TaskView } from '@shared/tasks/views'
import { useCallback, useEffect, useRef, useState } from 'react'

import type { FormId } from '../stores/forms'
import { useFormsStore } from '../stores/forms'
import { useLibraryIntents } from '../stores/library/intents'
import { useBudgetRefusals, useRepeatNotices } from '../stores/spending/refusals'
import { useTasksStore } from '../stores/tasks'
import { applySettings, formForKind } from './applySettings'
import type { AppliedFrom, AppliedNotice } from './GenerateShell'

/**
 * What the submit cycle passes to a screen's `send`, to spread into the submission payload:
 * `overrideBudget: true` only when the user chose "Go over the cap once" after a refusal,
 * `allowRepeat: true` only when they chose "Generate again anyway" after "You paid for this".
 */
export interface SendOptions {
  overrideBudget?: true
  allowRepeat?: true
}

/**
 * The submit cycle every form shares: nothing is sent while a field shows a message; the first
 * failing field gets focus; a failure from main lands in the banner and, when it names fields, at
 * those fields; a success records the prompt in the history and shows the task in the results.
 * A budget refusal (`over_budget`) is kept with the refused `send`, so "Go over the cap once"
 * (BudgetRefusal, in the form's footer) re-sends exactly that submission once with the override;
 * editing the form drops the refusal (the choice was about the old values). A repeat of a paid
 * request (`repeat`) is kept the same way for "Generate again anyway" (RepeatNotice).
 */
export function useRun(form: FormId) {
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const [attempted, setAttempted] = useState(false)
  const [serverFields, setServerFields] = useState<Record<string, string>>({})
  const remember = useFormsStore((s) => s.remember)
  const receive = useTasksStore((s) => s.receive)
  const draft = useFormsStore((s) => s.drafts[form])
  const busy = useRef(false)

  useEffect(() => {
    useBudgetRefusals.getState().clear(form)
    useRepeatNotices.getState().clear(form)
  }, [form, draft])

  const exec = useCallback(
    async <T>(
      prompt: string,
      send: (opts: SendOptions) => Promise<Result<T>>,
      opts: SendOptions,
    ): Promise<T | null> => {
      if (busy.current) return null
      busy.current = true
      setSubmitting(true)
      setError(null)
      setServerFields({})
      useBudgetRefusals.getState().clear(form)
      useRepeatNotices.getState().clear(form)
      try {
        const result = await send(opts)
        if (!result.ok) {
          const refusal = result.error.code === 'over_budget' ? result.error.budget : undefined
          if (refusal && !opts.overrideBudget) {
            useBudgetRefusals.getState().show(form, {
              refusal,
              overrideOnce: async () => {
                await exec(prompt, send, { ...opts, overrideBudget: true })
              },
            })
            return null
          }
          const repeat = result.error.code === 'repeat' ? result.error.repeat : undefined
          if (repeat && !opts.allowRepeat) {
            useRepeatNotices.getState().show(form, {
              repeat,
              message: result.error.message,
              sendAnyway: async () => {
                await exec(prompt, send, { ...opts, allowRepeat: true })
              },
            })
            return null
          }
          setError(result.error)
          setServerFields(result.error.fields ?? {})
          return null
        }
        if (isTaskView(result.value)) {
          remember(form, prompt)
          receive({ changed: [result.value] })
          setAttempted(false)
        }
        return result.value
      } finally {
        busy.current = false
        setSubmitting(false)
      }
    },
    [form, remember, receive],
  )

  const run = useCallback(
    async <T>(
      valid: boolean,
      prompt: string,
      send: (opts: SendOptions) => Promise<Result<T>>,
    ): Promise<T | null> => {
      setAttempted(true)
      if (!valid || busy.current) {
        if (!valid) queueMicrotask(() => focusInvalid())
        return null
      }
      return exec(prompt, send, {})
    },
    [exec],
  )

  return {
    submitting,
    error,
    setError,
    attempted,
    serverFields,
    clearServerFields: () => setServerFields({}),
    run,
  }
}

const isTaskView = (v: unknown): v is TaskView =>
  typeof v === 'object' && v !== null && 'id' in v && 'state' in v && 'kind' in v

function focusInvalid() {
  const el = document.querySelector<HTMLElement>(
    '.gen-form [aria-invalid="true"], .gen-form .dropzone.invalid',
  )
  el?.focus()
}

/** A library item the user sent to a form (reuse its settings, or use it as a reference). */
export type LibraryIntent = NonNullable<ReturnType<typeof useLibraryIntents.getState>['intent']>

/**
 * "Apply settings" for one form: from a PNG dropped on it, or from a library item whose settings
 * belong to this form (the library's reuse-settings intent, taken once when the screen shows).
 */
export function useApplySettings(form: FormId, onReference?: (intent: LibraryIntent) => void) {
  const [notice, setNotice] = useState<AppliedNotice | null>(null)
  const intent = useLibraryIntents((s) => s.intent)
  const take = useLibraryIntents((s) => s.take)

  const apply = useCallback(
    (settings: ParsedSettings, from: AppliedFrom) => {
      const store = useFormsStore.getState()
      const report = applySettings(form, store.drafts[form], settings)
      store.replace(form, report.draft)
      setNotice({
        from,
        applied: report.applied,
        skipped: report.skipped,
        foreignModel: report.foreignModel,
      })
    },
    [form],
  )

  useEffect(() => {
    if (!intent) return
    if (intent.type === 'reuse-settings') {
      const target = formForKind(intent.settings.kind ?? intent.item.kind, intent.item.model)
      if (target !== form) return
      const taken = take(['reuse-settings'])
      if (taken) apply(taken.settings, { library: taken.item.promptPreview.slice(0, 40) })
    } else if (onReference) {
      const taken = take(['use-as-reference'])
      if (taken) onReference(taken)
    }
  }, [intent, form, take, apply, onReference])

  return { notice, setNotice, apply }
}

import type { BudgetRefusal, PaidRepeat } from '@shared/result'
import { create } from 'zustand'

/** A submission main refused for a cap, with the way to send that same submission over it. */
export interface PendingRefusal {
  refusal: BudgetRefusal
  /** Re-sends the refused submission once with `overrideBudget: true`. */
  overrideOnce(): Promise<void>
}

/** A submission main refused as a repeat of a paid request, with the way to pay for it again. */
export interface PendingRepeat {
  repeat: PaidRepeat
  /** Main's sentence: "You paid $0.04 for this on 2026-11-20." */
  message: string
  /** Re-sends the refused submission once with `allowRepeat: true` (a new charge). */
  sendAnyway(): Promise<void>
}

interface ByFormState<T> {
  /** By form id (images, video, art, workbench): what that form's footer shows. */
  byForm: Record<string, T | undefined>
  show(form: string, pending: T): void
  clear(form: string): void
}

/** One store of decisions waiting on each form, written by useRun, shown by GenerateShell. */
const waitingByForm = <T>() =>
  create<ByFormState<T>>()((set) => ({
    byForm: {},
    show: (form, pending) => set((s) => ({ byForm: { ...s.byForm, [form]: pending } })),
    clear: (form) =>
      set((s) => (s.byForm[form] ? { byForm: { ...s.byForm, [form]: undefined } } : s)),
  }))

/**
 * Budget refusals waiting for the user's choice. The submit cycle (useRun) writes them and the
 * form frame (GenerateShell) shows them next to the estimate, so no screen has to pass them on.
 */
export const useBudgetRefusals = waitingByForm<PendingRefusal>()

/** "You already paid for this" notices waiting for the user's choice (Open it · Generate again). */
export const useRepeatNotices = waitingByForm<PendingRepeat>()

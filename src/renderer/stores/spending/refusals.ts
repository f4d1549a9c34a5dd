import type { BudgetRefusal } from '@shared/result'
import { create } from 'zustand'

/** A submission main refused for a cap, with the way to send that same submission over it. */
export interface PendingRefusal {
  refusal: BudgetRefusal
  /** Re-sends the refused submission once with `overrideBudget: true`. */
  overrideOnce(): Promise<void>
}

interface RefusalsState {
  /** By form id (images, video, art, workbench): what that form's footer shows. */
  byForm: Record<string, PendingRefusal | undefined>
  show(form: string, pending: PendingRefusal): void
  clear(form: string): void
}

/**
 * Budget refusals waiting for the user's choice. The submit cycle (useRun) writes them and the
 * form frame (GenerateShell) shows them next to the estimate, so no screen has to pass them on.
 */
export const useBudgetRefusals = create<RefusalsState>()((set) => ({
  byForm: {},
  show: (form, pending) => set((s) => ({ byForm: { ...s.byForm, [form]: pending } })),
  clear: (form) =>
    set((s) => (s.byForm[form] ? { byForm: { ...s.byForm, [form]: undefined } } : s)),
}))

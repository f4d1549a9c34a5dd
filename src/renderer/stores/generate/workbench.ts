import type { OutputOf } from '@shared/ipc/contract'
import { create } from 'zustand'

/** The quote the service gave for the workbench form, with what it was given for. */
export interface WorkbenchQuote {
  summary: OutputOf<'generate:estimate'>
  /** The form fingerprint at quote time; any difference makes the quote stale. */
  fingerprint: string
  /** The exact estimate body (asset ids and the drawn seed included) that Generate will send. */
  request: Record<string, unknown> & { model: string; model_variant: string; prompt: string }
}

interface WorkbenchState {
  quote: WorkbenchQuote | null
  /** Uploaded asset ids by file identity (reference id + path, or mask version), reused per session. */
  assets: Record<string, string>
  quoting: boolean
  setQuote(q: WorkbenchQuote | null): void
  setQuoting(v: boolean): void
  rememberAsset(key: string, id: string): void
}

/**
 * Workbench quote state for the session: the current quote (used once by Generate, then cleared)
 * and the asset ids of files already uploaded, so asking for a new quote after a small change does
 * not upload the same files again.
 */
export const useWorkbenchStore = create<WorkbenchState>()((set) => ({
  quote: null,
  assets: {},
  quoting: false,
  setQuote: (quote) => set({ quote }),
  setQuoting: (quoting) => set({ quoting }),
  rememberAsset: (key, id) => set((s) => ({ assets: { ...s.assets, [key]: id } })),
}))

/**
 * The `crash:` channels: what the app keeps about crashes (minidumps from Electron's crashReporter,
 * which never uploads, and the redacted log) and "Report a problem", a bundle the user reads in
 * full before choosing to save it. Nothing here sends anything anywhere.
 */
import { z } from 'zod'

import { channel, type DomainChannels, empty } from './define'

export interface CrashDumpView {
  name: string
  bytes: number
  /** ISO time the dump was written. */
  at: string
}

export interface CrashStatus {
  /** Where the minidumps are kept (app.getPath('crashDumps')). */
  dir: string
  dumps: CrashDumpView[]
  totalBytes: number
  /** The bound: past it the oldest dumps are removed. */
  maxBytes: number
  maxDumps: number
}

/** One file of a report bundle, with the text the user reads before saving. */
export interface ReportEntryView {
  name: string
  bytes: number
  /** The file's text (cut at `shownChars` for very long logs; the file holds all of it). */
  text: string
  truncated: boolean
}

export interface ReportPreview {
  /** Names this preview; `crash:saveReport` saves exactly these entries. */
  id: string
  entries: ReportEntryView[]
  totalBytes: number
}

export const crashChannels = {
  'crash:status': channel<CrashStatus>()(
    'The crash dumps kept on this machine (uploads are off) and their bound.',
    empty,
  ),
  'crash:previewReport': channel<ReportPreview>()(
    '"Report a problem": builds the bundle (versions, the redacted log, the list of recent crash dumps) for the user to read.',
    empty,
  ),
  'crash:saveReport': channel<{ path: string | null }>()(
    'Saves the previewed bundle as a ZIP where the user chooses (null: cancelled). Nothing is sent.',
    z.object({ id: z.string().min(1).max(100) }).strict(),
  ),
} as const satisfies DomainChannels<'crash'>

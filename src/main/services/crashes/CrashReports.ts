import { randomUUID } from 'node:crypto'

import type { AppInfo } from '@shared/ipc/contract'
import type { CrashStatus, ReportPreview } from '@shared/ipc/contract/crash'

import { writeFileAtomic } from '../../adapters/fs/JsonFile'
import { zipOf } from '../../adapters/zip/zipOf'
import type { DiagnosticsBundle } from '../diagnostics/Diagnostics'
import { type CrashDump, listCrashDumps, pruneCrashDumps } from './crashDumps'

/** Minidumps kept on the machine: at most this many, and this many bytes together. */
export const MAX_DUMPS = 20
export const MAX_DUMP_BYTES = 100 * 1024 * 1024
/** How much of one file the preview shows (the saved file holds all of it). */
export const SHOWN_CHARS = 200_000

export interface CrashReportsOptions {
  /** app.getPath('crashDumps') in the app. */
  dumpsDir: string
  /** The redacted log (Diagnostics.export: redacted again with today's secrets). */
  log: () => Promise<DiagnosticsBundle>
  appInfo: () => AppInfo
  now?: () => number
  maxDumps?: number
  maxBytes?: number
}

interface Draft {
  id: string
  files: Array<{ name: string; data: Buffer }>
}

/**
 * Crash dumps and "Report a problem", all on the machine. Electron's crashReporter writes
 * minidumps (uploads off, index.ts); this keeps them within a bound (oldest removed first) and
 * builds a report bundle the user reads entry by entry before saving it where they choose. The
 * bundle holds the versions, the redacted log and the list of recent dumps, not the dumps
 * themselves: a minidump is process memory, and could hold what the log redacts.
 */
export class CrashReports {
  private draft: Draft | null = null
  private readonly now: () => number
  private readonly maxDumps: number
  private readonly maxBytes: number

  constructor(private readonly o: CrashReportsOptions) {
    this.now = o.now ?? Date.now
    this.maxDumps = o.maxDumps ?? MAX_DUMPS
    this.maxBytes = o.maxBytes ?? MAX_DUMP_BYTES
  }

  /** Removes the oldest dumps past the bound; run at start. */
  async prune(): Promise<number> {
    const dumps = await listCrashDumps(this.o.dumpsDir)
    const removed = await pruneCrashDumps(dumps, {
      maxBytes: this.maxBytes,
      maxDumps: this.maxDumps,
    })
    return removed.length
  }

  async status(): Promise<CrashStatus> {
    const dumps = await listCrashDumps(this.o.dumpsDir)
    return {
      dir: this.o.dumpsDir,
      dumps: dumps.map(view),
      totalBytes: dumps.reduce((n, d) => n + d.bytes, 0),
      maxBytes: this.maxBytes,
      maxDumps: this.maxDumps,
    }
  }

  /** Builds the bundle and keeps it until saved (or replaced by the next preview). */
  async preview(): Promise<ReportPreview> {
    const [log, dumps] = await Promise.all([this.o.log(), listCrashDumps(this.o.dumpsDir)])
    const info = this.o.appInfo()
    const generated = new Date(this.now()).toISOString()
    const files = [
      {
        name: 'README.txt',
        text: [
          `Gen Studio problem report, made ${generated}.`,
          'Made on your machine; nothing was sent. Read every file before you share it.',
          'diagnostics.jsonl: the app log. API keys, prompts, media and signed links are removed.',
          'crash-dumps.txt: the crash dumps kept on this machine (names and sizes only).',
          'app.json: versions of the app and its runtime.',
        ].join('\n'),
      },
      {
        name: 'app.json',
        text: `${JSON.stringify({ ...info, generatedAt: generated }, null, 2)}\n`,
      },
      {
        name: 'diagnostics.jsonl',
        text:
          log.records.map((r) => JSON.stringify(r)).join('\n') + (log.records.length ? '\n' : ''),
      },
      {
        name: 'crash-dumps.txt',
        text: dumps.length
          ? dumps
              .map((d) => `${new Date(d.mtimeMs).toISOString()}  ${d.bytes} bytes  ${d.name}`)
              .join('\n') + `\n(kept in ${this.o.dumpsDir})\n`
          : 'No crash dumps on this machine.\n',
      },
    ]
    const draft: Draft = {
      id: randomUUID(),
      files: files.map((f) => ({ name: f.name, data: Buffer.from(f.text, 'utf8') })),
    }
    this.draft = draft
    return {
      id: draft.id,
      entries: files.map((f, i) => ({
        name: f.name,
        bytes: draft.files[i]!.data.length,
        text: f.text.length > SHOWN_CHARS ? f.text.slice(0, SHOWN_CHARS) : f.text,
        truncated: f.text.length > SHOWN_CHARS,
      })),
      totalBytes: draft.files.reduce((n, f) => n + f.data.length, 0),
    }
  }

  /** Writes exactly the previewed bundle as a ZIP; false when that preview is gone. */
  async save(id: string, path: string): Promise<boolean> {
    const draft = this.draft
    if (!draft || draft.id !== id) return false
    await writeFileAtomic(path, await zipOf(draft.files, new Date(this.now())))
    return true
  }

  /** Whether a preview with this id is waiting to be saved. */
  has(id: string): boolean {
    return this.draft?.id === id
  }
}

const view = (d: CrashDump) => ({
  name: d.name,
  bytes: d.bytes,
  at: new Date(d.mtimeMs).toISOString(),
})

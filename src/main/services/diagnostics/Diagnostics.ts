import { appendFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { redactText, redactValue } from './redact'

/** One request the service client made (one attempt), as the spec's diagnostics require. */
export interface RequestRecord {
  kind: 'request'
  time: string
  method: string
  /** Path template, e.g. /v1/videos/{id}: ids go in taskId, never in the endpoint. */
  endpoint: string
  /** Which origin class was called: the service (with key) or a download host (without). */
  target: 'service' | 'cdn'
  status?: number
  /** Our Result code when the attempt failed. */
  code?: string
  /** The service's own error code, when it sent one. */
  serverCode?: string
  taskId?: string
  attempt: number
  durationMs: number
  message?: string
}

/** A free-form event from any service (task engine, downloads, IPC). */
export interface EventRecord {
  kind: 'event'
  time: string
  level: 'info' | 'warn' | 'error'
  scope: string
  message: string
  data?: unknown
  taskId?: string
}

export type DiagnosticsRecord = RequestRecord | EventRecord

/** What the client depends on; the Diagnostics class implements it. */
export interface DiagnosticsSink {
  /** Adds a string that must never appear in any record or export (the API key). */
  registerSecret(secret: string): void
  request(record: Omit<RequestRecord, 'kind' | 'time'>, privateStrings?: readonly string[]): void
  event(
    level: EventRecord['level'],
    scope: string,
    message: string,
    extra?: { data?: unknown; taskId?: string; privateStrings?: readonly string[] },
  ): void
  /** An unexpected exception: name, message and a few stack lines, redacted. */
  error(scope: string, error: unknown, taskId?: string): void
}

export interface DiagnosticsOptions {
  /** Folder for diagnostics.jsonl; null keeps records in memory only. */
  dir: string | null
  capacity?: number
  /** The log is rotated to diagnostics.1.jsonl past this size. */
  maxFileBytes?: number
  now?: () => number
}

/** The bundle a user can attach to a bug report. */
export interface DiagnosticsBundle {
  generatedAt: string
  note: string
  records: DiagnosticsRecord[]
}

const FILE = 'diagnostics.jsonl'
const OLD_FILE = 'diagnostics.1.jsonl'

/**
 * The log and diagnostics facility: a ring buffer of recent records plus an append-only JSONL
 * file that survives restarts. Every record is redacted when written (registered secrets such as
 * the API key, Bearer values, sk-… tokens, Base64 media, signed URL queries, prompts) and again
 * when exported, so a secret registered later still never leaves in a bundle.
 */
export class Diagnostics implements DiagnosticsSink {
  private readonly secrets = new Set<string>()
  private readonly ring: DiagnosticsRecord[] = []
  private writes: Promise<void> = Promise.resolve()
  private readonly capacity: number
  private readonly maxFileBytes: number
  private readonly now: () => number

  constructor(private readonly options: DiagnosticsOptions) {
    this.capacity = options.capacity ?? 2000
    this.maxFileBytes = options.maxFileBytes ?? 5 * 1024 * 1024
    this.now = options.now ?? Date.now
  }

  registerSecret(secret: string): void {
    if (secret && secret.length >= 4) this.secrets.add(secret)
  }

  request(record: Omit<RequestRecord, 'kind' | 'time'>, privateStrings: readonly string[] = []) {
    const full: RequestRecord = { kind: 'request', time: this.isoNow(), ...record }
    this.push(this.clean(full, privateStrings))
  }

  event(
    level: EventRecord['level'],
    scope: string,
    message: string,
    extra: { data?: unknown; taskId?: string; privateStrings?: readonly string[] } = {},
  ): void {
    const record: EventRecord = { kind: 'event', time: this.isoNow(), level, scope, message }
    if (extra.data !== undefined) record.data = extra.data
    if (extra.taskId !== undefined) record.taskId = extra.taskId
    this.push(this.clean(record, extra.privateStrings ?? []))
  }

  /** Logs an unexpected exception (message and stack, redacted). */
  error(scope: string, error: unknown, taskId?: string): void {
    const e = error instanceof Error ? error : new Error(String(error))
    this.event('error', scope, `${e.name}: ${e.message}`, {
      data: { stack: e.stack?.split('\n').slice(1, 8).join('\n') },
      ...(taskId ? { taskId } : {}),
    })
  }

  /** The most recent records, newest last. */
  recent(limit = this.capacity): DiagnosticsRecord[] {
    return this.ring.slice(-limit)
  }

  /** Waits until every record so far is on disk. */
  async flush(): Promise<void> {
    await this.writes
  }

  /** Everything on disk (or in memory), redacted once more with today's secrets. */
  async export(): Promise<DiagnosticsBundle> {
    await this.flush()
    let records: DiagnosticsRecord[] = this.ring.slice()
    if (this.options.dir) {
      const fromDisk: DiagnosticsRecord[] = []
      for (const name of [OLD_FILE, FILE]) {
        const text = await readFile(join(this.options.dir, name), 'utf8').catch(() => '')
        for (const line of text.split('\n')) {
          if (!line.trim()) continue
          try {
            fromDisk.push(JSON.parse(line) as DiagnosticsRecord)
          } catch {
            // A line cut by a crash is skipped, not fatal.
          }
        }
      }
      if (fromDisk.length > 0) records = fromDisk
    }
    return {
      generatedAt: this.isoNow(),
      note: 'Gen Studio diagnostics. API keys, prompts, media and signed URLs are removed.',
      records: records.map((r) => this.clean(r, [])),
    }
  }

  /** Writes the bundle as pretty JSON to `path` (the user picks it in a save dialog). */
  async exportTo(path: string): Promise<void> {
    const bundle = await this.export()
    await writeFile(path, `${JSON.stringify(bundle, null, 2)}\n`, 'utf8')
  }

  private isoNow(): string {
    return new Date(this.now()).toISOString()
  }

  private clean<R extends DiagnosticsRecord>(record: R, privateStrings: readonly string[]): R {
    const opts = { secrets: this.secrets, privateStrings }
    const out = redactValue(record, opts) as R
    // The message field is ours (not user content), so it is text-redacted rather than blanked.
    if (typeof record.message === 'string') out.message = redactText(record.message, opts)
    return out
  }

  private push(record: DiagnosticsRecord): void {
    this.ring.push(record)
    if (this.ring.length > this.capacity) this.ring.splice(0, this.ring.length - this.capacity)
    const dir = this.options.dir
    if (!dir) return
    const line = `${JSON.stringify(record)}\n`
    this.writes = this.writes.then(() => this.append(dir, line)).catch(() => {})
  }

  private async append(dir: string, line: string): Promise<void> {
    await mkdir(dir, { recursive: true })
    const path = join(dir, FILE)
    const size = await stat(path).then(
      (s) => s.size,
      () => 0,
    )
    if (size + line.length > this.maxFileBytes && size > 0) {
      await rename(path, join(dir, OLD_FILE))
    }
    await appendFile(path, line, 'utf8')
  }
}

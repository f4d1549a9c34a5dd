import { formatUsdMicros } from '@shared/pricing'
import type { AppError } from '@shared/result'
import type { TaskView } from '@shared/tasks/views'

/** "0:07", "4:05", "1:02:09": elapsed time as a clock reads it. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const ss = String(s).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}

/** Time the task has taken: from the first send (or submission) to its end (or now). */
export function elapsedOf(t: TaskView, now: number): number {
  const from = t.startedAt ?? t.createdAt
  const to = t.finishedAt ?? now
  return to - from
}

/** "$0.0045" for a price; "no price shown" when the quote had none. */
export const priceLabel = (usd: number | null): string =>
  usd === null ? 'no price shown' : formatUsdMicros(Math.round(usd * 1_000_000))

const ADVICE: Partial<Record<AppError['code'], string>> = {
  validation: 'Change the settings the service named, then use “Retry as new”.',
  auth: 'Check the API key in Settings, then use “Try again”.',
  forbidden: 'Check the account’s permissions, membership or wallet on the service.',
  model_unavailable: 'This account cannot use this model; choose another one.',
  not_found: 'The service no longer has this result; contact it with the task ID.',
  storage: 'Free disk space or choose another library folder in Settings, then “Try again”.',
  server: 'The service reported a failure; adjust the request and use “Retry as new”.',
}

/** What the user can do about an error: the service's own advice, or ours by code. */
export const adviceFor = (e: AppError): string | null => e.action ?? ADVICE[e.code] ?? null

/** The state in words, with progress when known ("Running · 42 %"). */
export function statusLine(t: TaskView): string {
  const pct = t.progress !== null ? ` · ${Math.round(t.progress * 100)} %` : ''
  switch (t.state) {
    case 'queued':
      return 'Waiting for a free slot'
    case 'submitting':
      return t.attempts > 1 ? `Sending again with the same key (attempt ${t.attempts})` : 'Sending'
    case 'running':
      return `Running${t.serverStatus ? ` (${t.serverStatus.replace(/_/g, ' ')})` : ''}${pct}`
    case 'downloading':
      return t.outputCount && t.outputCount > 1
        ? `Saving ${t.results.length} of ${t.outputCount}`
        : 'Saving to the library'
    case 'saved':
      return t.results.length === 1 ? 'Saved to the library' : `${t.results.length} results saved`
    case 'failed':
      return 'Failed'
    case 'needs_attention':
      return t.attention === 'quote_changed' || t.attention === 'price_above_estimate'
        ? 'Waiting for your price confirmation'
        : 'Waiting for you'
    case 'cancelled':
      return 'Cancelled before anything was sent'
  }
}

import { CLAIM_PACK_VERSION } from '@shared/spending/claims'

import { redactText, redactValue } from '../diagnostics/redact'
import type { ClaimRow } from '../journal/ClaimRows'
import { boundedMessage, type TaskEventRow } from '../journal/TaskEvents'
import { csvField } from './csv'

/** A claim row with the history and the user's report that go with it. */
export interface ClaimEntry {
  row: ClaimRow
  history: TaskEventRow[]
  unusableReason: string | null
}

export interface ClaimPackInput {
  entries: ClaimEntry[]
  range: { from: string; to: string }
  pendingHours: number
  includePrompts: boolean
  createdAt: number
  /** Exact strings that must never appear (the API key), whatever the service echoed. */
  secrets: string[]
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString())

/** Removes every secret wherever it occurs (as diagnostics do, same rules), then the shapes of keys. */
function scrubber(secrets: string[]): Scrub {
  const options = { secrets: secrets.filter((s) => s.length >= 4) }
  return { text: (t) => redactText(t, options), value: (v) => redactValue(v, options) }
}

interface Scrub {
  text(t: string): string
  value(v: unknown): unknown
}

const message = (m: { code: string; message: string } | null, clean: Scrub) =>
  m ? { code: m.code, message: clean.text(boundedMessage(m.message)) } : null

/** What claim.json says about one request (version CLAIM_PACK_VERSION). */
function requestOf(e: ClaimEntry, includePrompts: boolean, clean: Scrub) {
  const r = e.row
  return {
    ledgerId: r.id,
    taskId: r.taskId,
    idempotencyKey: r.idempotencyKey,
    reasons: r.reasons,
    kind: r.kind,
    taskKind: r.taskKind,
    model: r.model,
    amount: { usd: r.amountUsd, basis: r.basis },
    ledgerStatus: r.status,
    taskState: r.taskState,
    times: { created: iso(r.createdAt), sent: iso(r.sentAt), finished: iso(r.finishedAt) },
    service: {
      taskId: r.serverId,
      status: r.serverStatus === null ? null : clean.text(boundedMessage(r.serverStatus)),
      error: message(r.error, clean),
      notice: message(r.notice, clean),
    },
    unusableReason: e.unusableReason === null ? null : clean.text(e.unusableReason),
    history: e.history.map((h) => ({
      at: iso(h.at),
      event: h.event,
      state: h.state,
      ...(h.detail ? { detail: clean.value(h.detail) } : {}),
    })),
    ...(includePrompts ? { prompt: r.prompt } : {}),
  }
}

const CSV_HEADER = [
  'ledger_id',
  'task_id',
  'idempotency_key',
  'reasons',
  'kind',
  'model',
  'amount_usd',
  'basis',
  'ledger_status',
  'task_state',
  'created',
  'sent',
  'finished',
  'service_status',
  'service_error',
  'service_notice',
  'unusable_reason',
  'history',
]

/**
 * The two files of a claim pack (issue #29): claim.json (versioned, for a machine) and claim.csv
 * (one row per request, for a person). Amounts are the journaled estimate or quote with its
 * basis, never a guess of the charge. Never the API key: every text is scrubbed of it, and of
 * anything shaped like a key, because a hostile server may echo what it was sent. Prompts only
 * when asked for.
 */
export function claimPack(input: ClaimPackInput): { json: string; csv: string } {
  const clean = scrubber(input.secrets)
  const requests = input.entries.map((e) => requestOf(e, input.includePrompts, clean))
  const json = JSON.stringify(
    {
      format: 'gen-studio-claim',
      version: CLAIM_PACK_VERSION,
      createdAt: iso(input.createdAt),
      range: input.range,
      pendingHours: input.pendingHours,
      includesPrompts: input.includePrompts,
      amounts:
        'Each amount is the estimate or the accepted quote the app journaled before sending (see basis); the service publishes no actual charge.',
      requests,
    },
    null,
    2,
  )
  const header = input.includePrompts ? [...CSV_HEADER, 'prompt'] : CSV_HEADER
  const lines = [header.join(',')]
  for (const q of requests) {
    const cells: Array<string | number | null> = [
      q.ledgerId,
      q.taskId,
      q.idempotencyKey,
      q.reasons.join(';'),
      q.kind,
      q.model,
      q.amount.usd,
      q.amount.basis,
      q.ledgerStatus,
      q.taskState,
      q.times.created,
      q.times.sent,
      q.times.finished,
      q.service.status,
      q.service.error?.message ?? null,
      q.service.notice?.message ?? null,
      q.unusableReason,
      q.history.map((h) => `${h.at} ${h.event}→${h.state}`).join('; '),
    ]
    if (input.includePrompts) cells.push(q.prompt ?? '')
    lines.push(cells.map(csvField).join(','))
  }
  const csv = `${lines.join('\r\n')}\r\n`
  // A prompt is the user's own text: it is never redacted, but the key must not ride in it either.
  const strip = (text: string) =>
    input.secrets.filter((s) => s.length >= 4).reduce((t, s) => t.split(s).join('[redacted]'), text)
  return { json: strip(json), csv: strip(csv) }
}

import { fail } from '@shared/result'
import {
  type ClaimCandidate,
  type ClaimCandidatesQuery,
  DEFAULT_PENDING_HOURS,
  type ExportClaimRequest,
} from '@shared/spending/claims'

import { type Clock, systemClock } from '../../adapters/clock/Clock'
import { writeFileAtomic } from '../../adapters/fs/JsonFile'
import { zipOf } from '../../adapters/zip/zipOf'
import { t } from '../../i18n'
import { redactText } from '../diagnostics/redact'
import type { ClaimRow, ClaimRows } from '../journal/ClaimRows'
import { boundedMessage, type TaskEvents, UNUSABLE_EVENT } from '../journal/TaskEvents'
import type { TaskJournal } from '../journal/TaskJournal'
import { type ClaimEntry, claimPack } from './claimPack'

export interface ClaimServiceOptions {
  claims: Pick<ClaimRows, 'inRange'>
  events: Pick<TaskEvents, 'forTask' | 'latest' | 'record'>
  tasks: Pick<TaskJournal, 'get'>
  /** Strings that must never reach a pack: the API key of the connection, when there is one. */
  secrets(): Promise<string[]>
  clock?: Clock
}

const HOUR = 3_600_000

/**
 * Claims (issue #29): which requests the user may raise with the service, the user's report that
 * a saved result could not be used, and the pack (claim.json + claim.csv in a ZIP) that lists
 * the chosen requests with their keys, times, amounts, the service's words and their history.
 */
export class ClaimService {
  private readonly clock: Clock

  constructor(private readonly o: ClaimServiceOptions) {
    this.clock = o.clock ?? systemClock
  }

  /** The candidates of a range: failed, pending longer than `pendingHours`, reported unusable. */
  async candidates(q: ClaimCandidatesQuery): Promise<ClaimCandidate[]> {
    const secrets = { secrets: await this.secrets() }
    const words = (m: { message: string } | null) =>
      m ? redactText(boundedMessage(m.message), secrets) : null
    return this.rows(q).map((r) => ({
      id: r.id,
      taskId: r.taskId,
      reasons: r.reasons,
      kind: r.kind,
      model: r.model,
      amountUsd: r.amountUsd,
      basis: r.basis,
      status: r.status,
      createdAt: r.createdAt,
      message: words(r.error) ?? words(r.notice),
      unusableReason: this.unusableReason(r.taskId),
    }))
  }

  /**
   * Writes the pack of the ticked candidates to `dest` (atomically). Ids that are not candidates
   * of the range are refused rather than skipped, so the pack is what the user saw.
   */
  async exportPack(
    req: ExportClaimRequest,
    dest: string,
  ): Promise<{ path: string; requests: number }> {
    const byId = new Map(this.rows(req).map((r) => [r.id, r]))
    const missing = req.ids.filter((id) => !byId.has(id))
    if (missing.length > 0)
      return fail('validation', t('claimStale', { count: missing.length }), {
        action: t('claimStaleAction'),
      })
    const entries: ClaimEntry[] = req.ids.map((id) => {
      const row = byId.get(id)!
      return {
        row,
        history: row.taskId ? this.o.events.forTask(row.taskId) : [],
        unusableReason: this.unusableReason(row.taskId),
      }
    })
    const now = this.clock.now()
    const { json, csv } = claimPack({
      entries,
      range: { from: req.from, to: req.to },
      pendingHours: req.pendingHours ?? DEFAULT_PENDING_HOURS,
      includePrompts: req.includePrompts,
      createdAt: now,
      secrets: await this.secrets(),
    })
    const zip = await zipOf(
      [
        { name: 'claim.json', data: Buffer.from(json, 'utf8') },
        { name: 'claim.csv', data: Buffer.from(csv, 'utf8') },
      ],
      new Date(now),
    )
    await writeFileAtomic(dest, zip)
    return { path: dest, requests: entries.length }
  }

  /** Keeps the user's report that a saved task's result could not be used (with the reason). */
  markUnusable(taskId: string, reason: string): { id: string; reportedAt: number } {
    const task = this.o.tasks.get(taskId)
    if (!task) return fail('not_found', t('taskNotInJournal'))
    if (task.demo) return fail('validation', t('claimDemo'))
    if (task.state !== 'saved')
      return fail('validation', t('claimOnlySaved'), {
        action: t('claimOnlySavedAction'),
      })
    const at = this.clock.now()
    this.o.events.record(taskId, at, UNUSABLE_EVENT, task.state, { reason: reason.trim() })
    return { id: taskId, reportedAt: at }
  }

  private async secrets(): Promise<string[]> {
    return (await this.o.secrets().catch(() => [])).filter((s) => s.length >= 4)
  }

  private rows(q: ClaimCandidatesQuery): ClaimRow[] {
    const hours = q.pendingHours ?? DEFAULT_PENDING_HOURS
    return this.o.claims.inRange(q.from, q.to, this.clock.now() - hours * HOUR)
  }

  private unusableReason(taskId: string | null): string | null {
    if (!taskId) return null
    return this.o.events.latest(taskId, UNUSABLE_EVENT)?.detail?.reason ?? null
  }
}

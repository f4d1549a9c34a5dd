import { t as tr } from '../../../../i18n'
import type { TaskRecord } from '../../../journal/TaskJournal'
import { dispositionOf, toAppError } from '../classify'
import type { EngineContext, Memory } from '../context'

/**
 * `downloading`: every output not yet saved is downloaded (result URLs are temporary: promptly)
 * and handed to the library, one result row per output, so a crash resumes at the first one not
 * saved; a save a crash interrupted is adopted once instead of saved twice.
 */
export async function stepDownload(
  ctx: EngineContext,
  t: TaskRecord,
  signal: AbortSignal,
  m: Memory,
): Promise<void> {
  const outputs = t.outputs ?? []
  const recorded = ctx.journal.results(t.id)
  const saved = new Set(recorded.map((r) => r.index))
  const task = ctx.gatewayTask(t)
  if (!m.adopted) {
    m.adopted = true
    const first = outputs.findIndex((_, i) => !saved.has(i))
    if (first >= 0) {
      const orphan = await ctx.sink.findUnrecorded(
        t.id,
        recorded.map((r) => r.libraryId),
      )
      if (orphan) {
        ctx.journal.addResult(t.id, { index: first, ...orphan }, ctx.clock.now())
        saved.add(first)
        ctx.apply(t.id, { type: 'result_saved' })
      }
    }
  }
  for (let index = 0; index < outputs.length; index++) {
    if (saved.has(index)) continue
    const output = outputs[index]!
    let account: string | null = null
    if (ctx.gateway.usesServiceBudget(output)) {
      account = await ctx.account(t, signal)
      if (!account) return
      await ctx.budget.acquire(account, signal)
    }
    let file
    try {
      file = await ctx.gateway.download(task, output, index, signal)
    } catch (e) {
      await onDownloadError(ctx, t, e, account, signal, m)
      return
    }
    let result
    try {
      result = await ctx.sink.save(
        {
          taskId: t.id,
          index,
          kind: t.kind,
          model: t.model,
          prompt: t.prompt,
          negativePrompt: negativePromptOf(t),
          params: paramsOf(t),
          seed: seedOf(t),
          // Inside the loop over outputs their count is at least 1: no division by zero.
          costEstimate: t.costUsd !== null ? t.costUsd / outputs.length : null,
          demo: t.demo,
          batch: t.batch,
        },
        file,
      )
    } catch (e) {
      // Stryker disable next-line StringLiteral: equivalent, onError tells only 'submit' and 'quote' apart, and a CDN download (no service account) pauses no account under any name
      await ctx.onError(t.id, e, 'download', account ?? '', signal, m)
      return
    }
    ctx.journal.addResult(t.id, { index, ...result }, ctx.clock.now())
    ctx.apply(t.id, { type: 'result_saved' })
    m.badDownloads = 0
  }
  ctx.apply(t.id, { type: 'saved' })
  await ctx.gateway.release(task).catch(() => {})
}

/**
 * A download that failed: a link that is gone (or keeps giving a bad file) is renewed with the
 * same request, a few times, then the task says the result is lost and keeps its key.
 */
async function onDownloadError(
  ctx: EngineContext,
  t: TaskRecord,
  e: unknown,
  account: string | null,
  signal: AbortSignal,
  m: Memory,
): Promise<void> {
  if (signal.aborted) throw e
  const error = toAppError(e)
  const d = dispositionOf(error)
  const renew = () => {
    if (m.renewals < ctx.policy.maxLinkRenewals) {
      m.renewals++
      m.badDownloads = 0
      ctx.notice(t.id, error)
      ctx.apply(t.id, { type: 'renew_links' })
    } else {
      ctx.apply(t.id, {
        type: 'links_lost',
        error: {
          ...error,
          message: tr('downloadFailed', { detail: error.message }),
          action: tr('downloadFailedAction'),
        },
      })
    }
  }
  if (d === 'not_found') return renew()
  if (d === 'malformed' && error.code === 'bad_response') {
    m.badDownloads++
    if (m.badDownloads >= ctx.policy.maxBadDownloads) return renew()
  }
  // Stryker disable next-line StringLiteral: equivalent, onError tells only 'submit' and 'quote' apart, and a CDN download (no service account) pauses no account under any name
  await ctx.onError(t.id, e, 'download', account ?? '', signal, m)
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '')

function negativePromptOf(t: TaskRecord): string {
  const r = t.request
  const p = (r.parameters ?? {}) as Record<string, unknown>
  return str(r.negative_prompt) || str(p.negative_prompt)
}

function seedOf(t: TaskRecord): number | null {
  const r = t.request
  const p = (r.parameters ?? {}) as Record<string, unknown>
  const seed = r.seed ?? p.seed
  // Number.isFinite is false for anything that is not a number (no coercion).
  return Number.isFinite(seed) ? (seed as number) : null
}

/** The request's parameters as sent, without Base64 images (they would bloat the sidecar). */
function paramsOf(t: TaskRecord): Record<string, unknown> {
  const strip = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return v.length > 2000 ? `[${v.length} characters]` : v
    if (depth > 6 || v === null || typeof v !== 'object') return v
    if (Array.isArray(v)) return v.map((x) => strip(x, depth + 1))
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, strip(x, depth + 1)]))
  }
  const params = strip(t.request, 0) as Record<string, unknown>
  if (t.kind === 'edit') params.referenceCount = t.files.images.length
  return params
}

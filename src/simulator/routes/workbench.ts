/**
 * The art-model workbench extension: estimate → quote (expiring, bound to the parameters),
 * generation with quote_id + client_request_id, SSE (queued, preview, keepalive, done, error),
 * resume through the events path or GET of the task, and account-owned assets. Event payloads
 * are our choice (the spec does not show them) and are documented in README.md.
 */
import type { RouteRequest } from '../context'
import { SimError, validationError } from '../errors'
import { jsonResponse } from '../http'
import { canonicalJson } from '../idempotency'
import { imageFormat, pixelSize } from '../imageFile'
import { boundaryOf, parseMultipart } from '../multipart'
import { artCharge } from '../pricing'
import { artReferenceProblem, refuseWorkbench } from '../rules/artRules'
import { ART_LIMITS, type NativeRow, nativeRow } from '../rules/catalog'
import { type Body, isBody } from '../rules/refusals'
import type { ArtTask, Asset, Quote } from '../state/workbenchStore'
import { ensureModelAccess } from './common'
import { iso, terminal, usd } from './workbenchShared'
import { runTask, streamTask, taskJson } from './workbenchTasks'

export { WORKBENCH_FAIL_MARKER } from './workbenchShared'

/** Every field that prices or shapes the image: a quote is bound to exactly these. */
const fingerprintOf = (req: Body): string => {
  const rest: Body = { ...req }
  delete rest.quote_id
  delete rest.client_request_id
  return canonicalJson(rest)
}

function variantAndRights(rq: RouteRequest, req: Body): void {
  const variant = nativeRow(req.model_variant)
  if (variant) ensureModelAccess(rq, variant.rights)
}

/** Asset IDs must exist and belong to the calling account (else 404, never someone else's). */
function checkAssets(rq: RouteRequest, req: Body): number {
  const check = (path: string, id: unknown) => {
    const a = typeof id === 'string' ? rq.ctx.workbench.assets.get(id) : undefined
    if (!a || a.account !== rq.account.name) {
      throw new SimError(
        404,
        'asset_not_found',
        `Asset ${String(id)} was not found for this account`,
        { param: path },
      )
    }
  }
  if (req.source_asset_id !== undefined) check('source_asset_id', req.source_asset_id)
  if (req.mask_asset_id !== undefined) check('mask_asset_id', req.mask_asset_id)
  let refs = 0
  for (const field of ['reference_asset_ids', 'vibe_asset_ids'] as const) {
    const list = req[field]
    if (Array.isArray(list)) {
      list.forEach((id, i) => check(`${field}[${i}]`, id))
      if (field === 'reference_asset_ids') refs = list.length
    }
  }
  return refs
}

function priceOf(req: Body, refs: number) {
  const model = nativeRow(req.model_variant)
  if (!model) throw new SimError(500, 'server_error', 'No price for this variant')
  return artCharge({
    family: model.family,
    width: req.width as number,
    height: req.height as number,
    steps: req.steps as number,
    count: req.count as number,
    referenceCount: refs,
  })
}

// ───────────────────────────── estimate ─────────────────────────────

export async function estimate(rq: RouteRequest): Promise<void> {
  const body = await rq.json()
  const req: Body = isBody(body) ? body : {}
  variantAndRights(rq, req)
  const refused = refuseWorkbench(body, 'estimate')
  if (refused) throw validationError(refused)
  const refs = checkAssets(rq, req)
  const price = priceOf(req, refs)
  const { ctx, account } = rq
  const allowance = account.config.membership && account.allowanceMicros >= price.micros
  const quote: Quote = {
    id: `quote_${ctx.prng.hex(10)}`,
    account: account.name,
    fingerprint: fingerprintOf(req),
    micros: price.micros,
    approximate: price.approximate,
    basis: price.basis,
    paymentMethod: allowance ? 'allowance' : 'wallet',
    expiresAt: ctx.opts.now() + ctx.opts.quoteTtlMs,
  }
  ctx.workbench.quotes.set(quote.id, quote)
  await rq.send(
    jsonResponse(200, {
      data: {
        quote_id: quote.id,
        model_variant: req.model_variant,
        price_usd: usd(price.micros),
        approximate: price.approximate,
        basis: price.basis,
        payment_method: quote.paymentMethod,
        allowance: {
          applies: allowance,
          used_usd: allowance ? usd(price.micros) : 0,
          remaining_usd: usd(account.allowanceMicros - (allowance ? price.micros : 0)),
        },
        balance_sufficient: allowance || account.balanceMicros >= price.micros,
        expires_at: iso(quote.expiresAt),
      },
    }),
  )
}

// ───────────────────────────── tasks ─────────────────────────────

/**
 * Shared by POST /v1/art/generations and /stream: validates, applies client_request_id
 * idempotency (a finished task is returned again; a running one is generation_pending), checks the
 * quote (exists, same account, not expired, same parameters), charges and starts the task.
 */
async function startGeneration(rq: RouteRequest): Promise<{ task: ArtTask; replay: boolean }> {
  const body = await rq.json()
  const req: Body = isBody(body) ? body : {}
  variantAndRights(rq, req)
  const refused = refuseWorkbench(body, 'generation')
  if (refused) throw validationError(refused)
  const { ctx, account } = rq
  const fingerprint = fingerprintOf(req)
  const crid = String(req.client_request_id)
  const existing = ctx.workbench.byRequest.get(`${account.name}\n${crid}`)
  if (existing) {
    if (existing.fingerprint !== fingerprint) {
      throw new SimError(
        409,
        'idempotency_key_reused',
        'This client_request_id was already used with different parameters',
        {
          param: 'client_request_id',
        },
      )
    }
    if (!terminal(existing)) {
      throw new SimError(
        409,
        'generation_pending',
        'This client_request_id is still running; resume its task instead of resubmitting',
        {
          taskId: existing.id,
          headers: { 'Retry-After': '1' },
        },
      )
    }
    return { task: existing, replay: true }
  }
  const quote = ctx.workbench.quotes.get(String(req.quote_id))
  if (!quote || quote.account !== account.name) {
    throw new SimError(400, 'quote_not_found', 'Unknown quote_id; request an estimate first', {
      param: 'quote_id',
    })
  }
  const forced = ctx.faults.take('api', rq.method, rq.path, ['expire-quote'])
  if (forced || ctx.opts.now() > quote.expiresAt) {
    throw new SimError(
      409,
      'quote_expired',
      'The quote has expired; request a new estimate and use its quote_id',
      {
        param: 'quote_id',
      },
    )
  }
  if (quote.fingerprint !== fingerprint) {
    throw new SimError(
      409,
      'quote_mismatch',
      'The parameters changed since the quote; request a new estimate',
      {
        param: 'quote_id',
      },
    )
  }
  checkAssets(rq, req)
  const id = ctx.workbench.nextTaskId++
  const charge = ctx.ledger.charge(
    account,
    {
      route: rq.route,
      model: String(req.model_variant),
      micros: quote.micros,
      approximate: quote.approximate,
      idempotencyKey: crid,
      taskId: String(id),
    },
    quote.paymentMethod === 'allowance',
  )
  const now = ctx.opts.now()
  const task: ArtTask = {
    id,
    account: account.name,
    clientRequestId: crid,
    fingerprint,
    quote,
    variant: nativeRow(req.model_variant) as NativeRow,
    req,
    seed: typeof req.seed === 'number' ? req.seed : ctx.prng.uint32(),
    status: 'queued',
    progress: 0,
    createdAt: now,
    updatedAt: now,
    images: [],
    error: null,
    charge,
    events: [],
    listeners: new Set(),
  }
  ctx.workbench.tasks.set(id, task)
  ctx.workbench.byRequest.set(`${account.name}\n${crid}`, task)
  runTask(rq, task)
  return { task, replay: false }
}

export async function generation(rq: RouteRequest): Promise<void> {
  const { task, replay } = await startGeneration(rq)
  await rq.send(
    jsonResponse(
      200,
      { data: taskJson(rq, task) },
      replay ? { 'Idempotent-Replayed': 'true' } : {},
    ),
  )
}

export async function generationStream(rq: RouteRequest): Promise<void> {
  const { task } = await startGeneration(rq)
  await streamTask(rq, task, 0)
}

function ownedTask(rq: RouteRequest): ArtTask {
  const t = rq.ctx.workbench.tasks.get(Number(rq.params[0]))
  if (!t || t.account !== rq.account.name) throw new SimError(404, 'task_not_found', 'No such task')
  return t
}

export async function taskEvents(rq: RouteRequest): Promise<void> {
  const t = ownedTask(rq)
  const last = Number(rq.header('last-event-id') ?? rq.query.get('last_event_id') ?? 0)
  await streamTask(rq, t, Number.isFinite(last) ? last : 0)
}

export async function getTask(rq: RouteRequest): Promise<void> {
  await rq.send(jsonResponse(200, { data: taskJson(rq, ownedTask(rq)) }))
}

// ───────────────────────────── assets ─────────────────────────────

export async function uploadAsset(rq: RouteRequest): Promise<void> {
  const contentType = rq.header('content-type')
  boundaryOf(contentType)
  const { body, overflow } = await rq.body(ART_LIMITS.requestBytes)
  if (overflow) throw validationError({ request: 'The request must be at most 40 MiB' })
  const file = parseMultipart(body, contentType).find((p) => p.name === 'file')
  if (!file) throw validationError({ file: 'A file part named "file" is required' })
  const problem = artReferenceProblem(file.data)
  if (problem) throw validationError({ file: problem })
  const dims = pixelSize(file.data) as { width: number; height: number }
  const { ctx } = rq
  const asset: Asset = {
    id: `asset_${ctx.prng.hex(10)}`,
    account: rq.account.name,
    type: imageFormat(file.data) as string,
    width: dims.width,
    height: dims.height,
    bytes: file.data.length,
    createdAt: ctx.opts.now(),
  }
  ctx.workbench.assets.set(asset.id, asset)
  await rq.send(
    jsonResponse(200, {
      data: {
        id: asset.id,
        type: asset.type,
        width: asset.width,
        height: asset.height,
        bytes: asset.bytes,
        created_at: iso(asset.createdAt),
      },
    }),
  )
}

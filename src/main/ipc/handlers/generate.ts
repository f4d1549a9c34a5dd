import { randomUUID } from 'node:crypto'
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { sniffImageType, type WorkbenchEstimateRequest } from '@shared/catalog'
import type { Handlers, OutputOf } from '@shared/ipc/contract'
import { fail } from '@shared/result'

import type { Container } from '../../container'
import { loadArtReferenceBase64 } from '../../services/client/references'

/** Staged uploads older than this are removed on the next stage (tasks copy what they send). */
export const STAGE_TTL_MS = 24 * 60 * 60 * 1000

const EXT = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const

/** The folder pasted and painted images are written to before a task takes them. */
export const uploadDir = (c: Container): string => join(c.options.userDataDir, 'uploads')

/**
 * Writes bytes the renderer holds without an OS path (a pasted screenshot, a painted mask) into
 * the upload area and answers the path, so tasks:submit and the workbench uploads take every file
 * the same way: by path. The type is decided by the bytes (PNG, JPEG or WebP); the name the user
 * saw is never used on disk. Old staged files are swept on each call.
 */
export async function stageUpload(
  dir: string,
  bytes: Uint8Array,
  now = Date.now(),
): Promise<{ path: string; bytes: number }> {
  const type = sniffImageType(bytes)
  if (!type) {
    return fail('validation', 'Only PNG, JPEG or WebP images can be used as references.', {
      fields: { bytes: 'Use a PNG, JPEG or WebP image' },
    })
  }
  await mkdir(dir, { recursive: true })
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const path = join(dir, name)
    const info = await stat(path).catch(() => null)
    if (info && now - info.mtimeMs > STAGE_TTL_MS) await rm(path, { force: true })
  }
  const path = join(dir, `${randomUUID()}.${EXT[type]}`)
  await writeFile(path, bytes)
  return { path, bytes: bytes.length }
}

/** What the workbench form shows of a quote (the contract's `generate:estimate` answer). */
type QuoteSummary = OutputOf<'generate:estimate'>

const firstNumber = (o: Record<string, unknown>, keys: readonly string[]): number | null => {
  for (const k of keys) {
    const v = o[k]
    if (typeof v === 'number' && Number.isFinite(v)) return v
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v)
  }
  return null
}
const firstText = (o: Record<string, unknown>, keys: readonly string[]): string | null => {
  for (const k of keys) {
    const v = o[k]
    if (typeof v === 'string' && v !== '') return v
    if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  }
  return null
}
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** An allowance object ({applies, used_usd, remaining_usd, …}) or value, in words. */
function allowanceText(v: unknown): string | null {
  if (typeof v === 'string' && v !== '') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (!isRecord(v)) return null
  const parts = Object.entries(v)
    .filter(([, x]) => typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean')
    .map(([k, x]) => {
      const label = k.replace(/_usd$/, '').replaceAll('_', ' ')
      const value =
        typeof x === 'boolean' ? (x ? 'yes' : 'no') : /_usd$/.test(k) ? `$${String(x)}` : String(x)
      return `${label}: ${value}`
    })
  return parts.length > 0 ? parts.join(', ') : null
}

/** Reads price, payment method, allowance use and expiry out of an estimate's `data`. */
export function summarizeQuote(
  quoteId: string,
  data: Record<string, unknown>,
  now = Date.now(),
): QuoteSummary {
  const flat: Record<string, unknown> = { ...data }
  for (const [k, v] of Object.entries(data)) {
    if (isRecord(v)) for (const [k2, v2] of Object.entries(v)) flat[`${k}.${k2}`] ??= v2
  }
  const fields: QuoteSummary['fields'] = {}
  for (const [k, v] of Object.entries(flat)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = v
  }
  const micros = firstNumber(flat, ['price_micros', 'price.micros', 'cost_micros'])
  const priceUsd =
    firstNumber(flat, [
      'price_usd',
      'priceUsd',
      'usd',
      'price.usd',
      'cost_usd',
      'amount_usd',
      'price',
      'cost',
      'amount',
    ]) ?? (micros !== null ? micros / 1_000_000 : null)
  const expires = firstNumber(flat, ['expires_at', 'expiresAt'])
  const expiresText = expires === null ? firstText(flat, ['expires_at', 'expiresAt']) : null
  const expiresAt =
    expires !== null
      ? expires < 1e12
        ? expires * 1000
        : expires
      : expiresText && Number.isFinite(Date.parse(expiresText))
        ? Date.parse(expiresText)
        : null
  return {
    quoteId,
    priceUsd,
    paymentMethod: firstText(flat, [
      'payment_method',
      'paymentMethod',
      'paid_from',
      'payment',
      'payment.method',
    ]),
    allowance:
      allowanceText(data.allowance) ??
      firstText(flat, [
        'allowance_used',
        'allowance_usage',
        'allowance_used_usd',
        'uses_allowance',
      ]),
    expiresAt,
    quotedAt: now,
    fields,
  }
}

/**
 * generate:* channels: what the generation screens need beyond the task engine's tasks:*:
 * staging bytes, the workbench's asset uploads and quotes, and native submissions whose source and
 * mask files are read and encoded here in main (the renderer never holds the Base64).
 */
export const generateHandlers = (c: Container) =>
  ({
    'generate:stageFile': ({ bytes }) => stageUpload(uploadDir(c), bytes),
    'generate:uploadAsset': ({ path }) => c.client.uploadArtAsset({ path }),
    'generate:estimate': async ({ request }) => {
      const quote = await c.client.estimateArt(request as unknown as WorkbenchEstimateRequest)
      return summarizeQuote(quote.quoteId, quote.data)
    },
    'generate:submitNative': async ({ requestId, request, image, mask }) => {
      const parameters = { ...request.parameters }
      if (image) parameters.image = await loadArtReferenceBase64(image, 'parameters.image')
      if (mask) parameters.mask = await loadArtReferenceBase64(mask, 'parameters.mask')
      return c.tasks.submit({
        kind: 'native',
        ...(requestId ? { requestId } : {}),
        request: { ...request, parameters },
      })
    },
  }) satisfies Partial<Handlers>

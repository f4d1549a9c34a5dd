/**
 * A faithful local implementation of the generation service (every endpoint of the spec) on
 * 127.0.0.1, with a second origin acting as the CDN for result files. Plain Node: used by tests,
 * benchmarks and the app's offline demo, which lazy-loads it. No side effects on import.
 */
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import {
  type Account,
  ACCOUNT_NAMES,
  type AccountConfig,
  type AccountName,
  DEFAULT_ACCOUNTS,
} from './accounts'
import { Cdn, type SyntheticMagic } from './cdn'
import type { SimContext } from './context'
import { type FaultRule, Faults, type FiredFault } from './faults'
import type { RequestRecord } from './http'
import { IdempotencyStore } from './idempotency'
import { Ledger, type LedgerEntry } from './ledger'
import { resolveOptions, type SimulatorOptions } from './options'
import { Prng } from './prng'
import { ApiServer } from './server'
import { VideoStore } from './state/videoStore'
import { WorkbenchStore } from './state/workbenchStore'

export type { AccountConfig, AccountName } from './accounts'
export { DEFAULT_ACCOUNTS } from './accounts'
export { syntheticBytes, type SyntheticMagic } from './cdn'
export type { ErrorBody } from './errors'
export type { FaultKind, FaultRule, FiredFault } from './faults'
export type { RequestRecord } from './http'
export type { LedgerEntry } from './ledger'
export type { SimulatorOptions, Timings } from './options'
export { VIDEO_FAIL_MARKER } from './routes/videos'
export { WORKBENCH_FAIL_MARKER } from './routes/workbench'

export interface SimulatorAccount {
  name: AccountName
  key: string
  membership: boolean
  /** Current wallet balance in USD. */
  balanceUsd(): number
  /** Remaining membership allowance in USD. */
  allowanceUsd(): number
}

export interface Simulator {
  /** API base URL, e.g. http://127.0.0.1:41234 (no trailing slash, no /v1). */
  baseUrl: string
  /** Origin of result URLs, e.g. http://127.0.0.1:41235. */
  cdnOrigin: string
  accounts: Record<AccountName, SimulatorAccount>
  ledger: {
    charges(): LedgerEntry[]
    /** Net USD charged for one key, or for all keys. */
    total(key?: string): number
    totalMicros(key?: string): number
  }
  /** Every API request, oldest first, with raw headers and the response status. */
  requests(): RequestRecord[]
  /** Every CDN request, oldest first, with raw headers. */
  cdnRequests(): RequestRecord[]
  faults: {
    inject(rule: FaultRule): { id: number; remove(): void }
    clear(): void
    fired(): FiredFault[]
  }
  /** Serves `bytes` from the CDN origin under a signed, expiring URL. */
  publishCdnFile(
    bytes: Buffer | Uint8Array,
    opts?: { contentType?: string; filename?: string; ttlMs?: number },
  ): string
  /** A signed CDN URL of a file of exactly `bytes` bytes, generated while streaming (never buffered). */
  cdnSyntheticUrl(
    bytes: number,
    opts?: { magic?: SyntheticMagic; ttlMs?: number; filename?: string },
  ): string
  /** Stops both servers, drops connections and cancels timers. */
  close(): Promise<void>
}

async function listen(server: Server, port: number): Promise<number> {
  server.listen(port, '127.0.0.1')
  await once(server, 'listening')
  return (server.address() as AddressInfo).port
}

/** Starts the simulator on 127.0.0.1 (random ports unless given). */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const opts = resolveOptions(options)
  const prng = new Prng(opts.seed)
  const accounts = {} as Record<AccountName, Account>
  for (const name of ACCOUNT_NAMES) {
    const config: AccountConfig = { ...DEFAULT_ACCOUNTS[name], ...options.accounts?.[name] }
    accounts[name] = {
      name,
      config,
      balanceMicros: Math.round(config.balanceUsd * 1_000_000),
      allowanceMicros: config.membership ? Math.round(config.allowanceUsd * 1_000_000) : 0,
    }
  }
  const timers = new Set<NodeJS.Timeout>()
  const faults = new Faults(prng, opts.now)
  const cdn = new Cdn(randomBytes(32).toString('hex'), faults, opts.cdnUrlTtlMs, opts.now)
  const ctx: SimContext = {
    opts,
    prng,
    accounts,
    accountsByKey: new Map(Object.values(accounts).map((a) => [a.config.key, a])),
    ledger: new Ledger(opts.now),
    faults,
    cdn,
    idem: new IdempotencyStore(),
    videos: new VideoStore(),
    workbench: new WorkbenchStore(),
    schedule(ms, fn) {
      const t = setTimeout(
        () => {
          timers.delete(t)
          fn()
        },
        Math.max(0, ms),
      )
      t.unref()
      timers.add(t)
    },
  }
  const api = new ApiServer(ctx)
  const server = createServer({ requestTimeout: 0 }, (req, res) => {
    api.handle(req, res).catch(() => res.destroy())
  })
  await cdn.listen(opts.cdnPort)
  let port: number
  try {
    port = await listen(server, opts.port)
  } catch (e) {
    await cdn.close()
    throw e
  }

  const view = (a: Account): SimulatorAccount => ({
    name: a.name,
    key: a.config.key,
    membership: a.config.membership,
    balanceUsd: () => a.balanceMicros / 1_000_000,
    allowanceUsd: () => a.allowanceMicros / 1_000_000,
  })

  let closed = false
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    cdnOrigin: cdn.origin,
    accounts: Object.fromEntries(ACCOUNT_NAMES.map((n) => [n, view(accounts[n])])) as Record<
      AccountName,
      SimulatorAccount
    >,
    ledger: {
      charges: () => ctx.ledger.charges(),
      total: (key) => ctx.ledger.total(key),
      totalMicros: (key) => ctx.ledger.totalMicros(key),
    },
    requests: () => api.requests(),
    cdnRequests: () => cdn.requests(),
    faults: {
      inject: (rule) => faults.inject(rule),
      clear: () => faults.clear(),
      fired: () => faults.fired(),
    },
    publishCdnFile: (bytes, o = {}) =>
      cdn.publish(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
        contentType: o.contentType ?? 'application/octet-stream',
        filename: o.filename,
        ttlMs: o.ttlMs,
      }),
    cdnSyntheticUrl: (bytes, o) => cdn.syntheticUrl(bytes, o),
    async close() {
      if (closed) return
      closed = true
      for (const t of timers) clearTimeout(t)
      timers.clear()
      server.closeAllConnections()
      await Promise.all([new Promise<void>((r) => server.close(() => r())), cdn.close()])
    },
  }
}

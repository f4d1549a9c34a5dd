/** The simulator's shared state and the per-request view handed to route handlers. */
import type { IncomingMessage, ServerResponse } from 'node:http'

import type { Account, AccountName } from './accounts'
import type { Cdn } from './cdn'
import type { Faults } from './faults'
import type { BufferedResponse } from './http'
import type { IdempotencyStore } from './idempotency'
import type { Ledger } from './ledger'
import type { ResolvedOptions } from './options'
import type { Prng } from './prng'
import type { SseWriter } from './sse'
import type { VideoStore } from './state/videoStore'
import type { WorkbenchStore } from './state/workbenchStore'

export interface SimContext {
  opts: ResolvedOptions
  prng: Prng
  accounts: Record<AccountName, Account>
  accountsByKey: Map<string, Account>
  ledger: Ledger
  faults: Faults
  cdn: Cdn
  idem: IdempotencyStore
  videos: VideoStore
  workbench: WorkbenchStore
  /** Runs `fn` after `ms` on a timer that close() cancels. */
  schedule(ms: number, fn: () => void): void
}

export interface RouteRequest {
  ctx: SimContext
  req: IncomingMessage
  res: ServerResponse
  method: string
  /** The request path, e.g. /v1/videos/video_0a1b. */
  path: string
  /** The route's name for idempotency scopes, e.g. `POST /v1/images/generations`. */
  route: string
  params: string[]
  query: URLSearchParams
  account: Account
  header(name: string): string | undefined
  /** Reads the body, keeping at most `keepLimit` bytes (default 64 MiB) but counting all. */
  body(keepLimit?: number): Promise<{ body: Buffer; total: number; overflow: boolean }>
  /** Reads and parses a JSON body (400 on bad JSON). */
  json(): Promise<unknown>
  /** Sends a buffered response through this route's 'after' faults. */
  send(r: BufferedResponse): Promise<void>
  /** Starts an SSE response with this route's stream faults; keepalives when asked. */
  sse(keepalive: boolean): SseWriter
}

export type Handler = (rq: RouteRequest) => Promise<void>

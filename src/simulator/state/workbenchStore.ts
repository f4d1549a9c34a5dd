import type { AccountName } from '../accounts'
import type { LedgerEntry } from '../ledger'
import type { NativeRow } from '../rules/catalog'
import type { Body } from '../rules/refusals'

/** What the workbench extension remembers: uploaded assets, quotes and tasks, per account. */
export interface Asset {
  id: string
  account: AccountName
  type: string
  width: number
  height: number
  bytes: number
  createdAt: number
}

export interface Quote {
  id: string
  account: AccountName
  fingerprint: string
  micros: number
  approximate: boolean
  basis: string
  paymentMethod: 'allowance' | 'wallet'
  expiresAt: number
}

export interface TaskEvent {
  id: number
  event: 'queued' | 'preview' | 'done' | 'error'
  data: () => unknown
}

export interface ArtTask {
  id: number
  account: AccountName
  clientRequestId: string
  fingerprint: string
  quote: Quote
  variant: NativeRow
  req: Body
  seed: number
  status: 'queued' | 'running' | 'completed' | 'failed'
  progress: number
  createdAt: number
  updatedAt: number
  images: { png: Buffer; width: number; height: number; seed: number; index: number }[]
  error: { code: string; message: string } | null
  charge: LedgerEntry
  events: TaskEvent[]
  listeners: Set<(e: TaskEvent) => void>
}

export class WorkbenchStore {
  readonly assets = new Map<string, Asset>()
  readonly quotes = new Map<string, Quote>()
  readonly tasks = new Map<number, ArtTask>()
  readonly byRequest = new Map<string, ArtTask>()
  nextTaskId = 1000
}

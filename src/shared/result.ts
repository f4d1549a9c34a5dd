/**
 * Errors cross every boundary (IPC, service calls) as data, never as thrown exceptions, so the UI
 * can branch on a closed set of codes and always has a human message plus the action to take.
 */
export const ERROR_CODES = [
  'validation',
  'auth',
  'forbidden',
  'model_unavailable',
  'rate_limited',
  'pending',
  'quote_expired',
  'network',
  'timeout',
  'server',
  'bad_response',
  'not_found',
  'cancelled',
  'storage',
  'no_secure_store',
  'not_connected',
  'unsupported',
  'internal',
  'over_budget',
  'repeat',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** An error as the renderer sees it: what happened, what to do, and where (field-level when known). */
export interface AppError {
  code: ErrorCode
  message: string
  /** What the user (or the app) should do next, e.g. "Check the API key in Settings". */
  action?: string
  /** Field path → message, for form validation. */
  fields?: Record<string, string>
  status?: number
  /** Server-side error code when the service sent one. */
  serverCode?: string
  retryAfterMs?: number
  taskId?: string
  /** For `over_budget`: which cap the request or batch would cross, by how much, what is left. */
  budget?: BudgetRefusal
  /** A `repeat`: the paid request this one repeats exactly, and where its result is. */
  repeat?: PaidRepeat
}

/**
 * A request already paid for, with its result in the library: "You paid $X for this on <date> —
 * Open it · Generate again anyway". Nothing has been sent.
 */
export interface PaidRepeat {
  taskId: string
  /** The library items it saved (Open it). */
  libraryIds: string[]
  /** What it cost, as journaled (estimate or accepted quote); null when unpriced. */
  amountUsd: number | null
  costLabel: string
  /** When it was paid for (sent), ms since epoch. */
  paidAt: number
}

/** Why a submission was refused before anything was sent: the cap it would cross. */
export interface BudgetRefusal {
  /** Which cap: the whole day or month, or one kind's. */
  period: 'day' | 'month'
  /** null: the overall cap; otherwise the kind whose own cap it is. */
  kind: 'image' | 'video' | 'art' | null
  /** Set when the cap is a project's own (the project active for this request). */
  project?: string
  capUsd: number
  /** Already committed in the period (pending and settled, not failed or never sent). */
  spentUsd: number
  /** What this request or batch is estimated to cost. */
  requestUsd: number
  /** What is left under the cap before this request (never below 0). */
  remainingUsd: number
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError }

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })
export const err = <T = never>(error: AppError): Result<T> => ({ ok: false, error })

/**
 * Thrown inside main-process services when a failure is expected and already has a user-facing
 * shape; the IPC dispatcher turns it into a `Result` error unchanged.
 */
export class AppFailure extends Error {
  readonly error: AppError
  constructor(error: AppError) {
    super(error.message)
    this.name = 'AppFailure'
    this.error = error
  }
}

export const fail = (
  code: ErrorCode,
  message: string,
  extra: Omit<AppError, 'code' | 'message'> = {},
): never => {
  throw new AppFailure({ code, message, ...extra })
}

export const isAppFailure = (e: unknown): e is AppFailure => e instanceof AppFailure

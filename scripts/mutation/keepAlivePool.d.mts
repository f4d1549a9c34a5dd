// Types for scripts/mutation/keepAlivePool.mjs (vitest.mutation.config.mts and its test import it).
export declare const KEEP_ALIVE_POOL: string

/** The part of vitest's PoolWorker the pool drives (vitest/node's ThreadsPoolWorker, or a fake). */
export interface ThreadLike {
  start(): Promise<void>
  stop(): Promise<void>
  send(message: unknown): void
  on(event: string, callback: (arg: unknown) => void): void
  off(event: string, callback: (arg: unknown) => void): void
}

export interface KeptWorker extends ThreadLike {
  name: string
  deserialize(data: unknown): unknown
}

export interface KeepAlivePool {
  name: string
  close(): Promise<void>
  createPoolWorker(options: unknown): KeptWorker
}

export declare function keepAlivePool(options?: {
  mutantLimits?: { testTimeout?: number; hookTimeout?: number }
  createThread?: (options: unknown) => ThreadLike
}): KeepAlivePool

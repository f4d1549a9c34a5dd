import { MICROS_PER_USD } from '../pricing'
import type { ArtTask } from '../state/workbenchStore'

/** A prompt containing this text makes the simulated task fail after its first preview. */
export const WORKBENCH_FAIL_MARKER = '[simulate:fail]'
/** Previews a simulated task sends before its result. */
export const PREVIEWS = 3

export const usd = (micros: number): number => micros / MICROS_PER_USD
export const iso = (ms: number): string => new Date(ms).toISOString()
export const terminal = (t: ArtTask): boolean => t.status === 'completed' || t.status === 'failed'

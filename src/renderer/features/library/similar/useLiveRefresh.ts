import { defineKeys } from '@shared/i18n/keys'
import { useEffect } from 'react'

import { onLibraryChanged } from '../../../stores/library/changes'

/** How often an open answer is asked again while main is still hashing images. */
export const ANALYSING_POLL_MS = 1_500

/**
 * Keeps an open answer current: asks again shortly after the library changes (a delete, an
 * undo, an import) and, while main is still analysing images, every ANALYSING_POLL_MS.
 */
export function useLiveRefresh(
  active: boolean,
  refresh: () => Promise<void>,
  analysing: boolean,
  answeredAt: unknown,
): void {
  useEffect(() => {
    if (!active) return
    let timer: ReturnType<typeof setTimeout> | null = null
    const off = onLibraryChanged(() => {
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => void refresh(), 300)
    })
    return () => {
      off()
      if (timer) clearTimeout(timer)
    }
  }, [active, refresh])

  useEffect(() => {
    if (!active || !analysing) return
    const timer = setTimeout(() => void refresh(), ANALYSING_POLL_MS)
    return () => clearTimeout(timer)
  }, [active, analysing, refresh, answeredAt])
}

const CLOSENESS = defineKeys('library', {
  identical: 'closenessIdentical',
  near: 'closenessNear',
  very: 'closenessVery',
  similar: 'closenessSimilar',
})

/**
 * How close a distance is, as the key of its words (64-bit hashes: 0 identical, ≤ 8 a copy,
 * ~32 unrelated): `t(closenessKey(d))`.
 */
export function closenessKey(distance: number): (typeof CLOSENESS)[keyof typeof CLOSENESS] {
  if (distance === 0) return CLOSENESS.identical
  if (distance <= 8) return CLOSENESS.near
  if (distance <= 14) return CLOSENESS.very
  return CLOSENESS.similar
}

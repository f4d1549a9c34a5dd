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

/** How close a distance is, in words (64-bit hashes: 0 identical, ≤ 8 a copy, ~32 unrelated). */
export function describeDistance(distance: number): string {
  if (distance === 0) return 'Identical'
  if (distance <= 8) return 'Near-identical'
  if (distance <= 14) return 'Very similar'
  return 'Similar'
}

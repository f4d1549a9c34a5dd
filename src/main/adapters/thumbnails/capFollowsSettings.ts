import type { SettingsView } from '@shared/ipc/contract'
import { GIB, thumbCacheGibOf } from '@shared/library/thumbCache'

import type { ThumbCacheCap } from './thumbCacheCap'

/** What the cap needs of the settings: the stored choice, and the event that says it changed. */
export interface CacheCapSource {
  settings(): Promise<{ thumbCacheGiB?: number }>
  events: { forward(listener: (event: string, payload: unknown) => void): () => void }
}

/**
 * Keeps the thumbnail cache's cap on the Settings choice: read once at start (no walk of the
 * cache then, see ThumbCacheCap.setCap), then on every `settings:changed`. Errors reading the
 * settings keep the default cap. Returns the function that stops following.
 */
export function capFollowsSettings(cap: ThumbCacheCap, source: CacheCapSource): () => void {
  const apply = (gib: unknown) => void cap.setCap(thumbCacheGibOf(gib) * GIB).catch(() => undefined)
  void source
    .settings()
    .then((s) => apply(s.thumbCacheGiB))
    .catch(() => undefined)
  return source.events.forward((event, payload) => {
    if (event === 'settings:changed') apply((payload as SettingsView).thumbCacheGiB)
  })
}

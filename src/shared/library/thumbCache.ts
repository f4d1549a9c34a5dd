/**
 * The thumbnail cache's size cap, a Settings choice (issue #33). A 320 px WebP is ~15 KB, so
 * 4 GiB holds ~270k thumbnails: a quarter of a 1M-item library, the rest made again (one decode
 * each, ~10 ms of CPU) when scrolled back to. Bigger caps trade disk for fewer decodes.
 */
export const THUMB_CACHE_GIB_CHOICES = [1, 2, 4, 8, 16, 32, 64] as const

/** The cap until the user picks one. */
export const DEFAULT_THUMB_CACHE_GIB = 4

export const GIB = 1024 ** 3

/** A stored choice, or the default when it is not one of the choices (a hand-edited file). */
export const thumbCacheGibOf = (value: unknown): number =>
  (THUMB_CACHE_GIB_CHOICES as readonly unknown[]).includes(value)
    ? (value as number)
    : DEFAULT_THUMB_CACHE_GIB

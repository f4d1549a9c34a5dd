import type { LibraryItem } from '@shared/library/types'
import type { AppError, Result } from '@shared/result'
import { useEffect, useState } from 'react'

import { getItem } from '../../api/library'

/** Items fetched lately, so stepping back and forth in the viewer asks main only once. */
const cache = new Map<string, LibraryItem>()
const CACHE_MAX = 64

const keyOf = (id: string, version: string) => `${id}\u0000${version}`

/**
 * Fetches one item's full record (`library:get`: the relative path the media URL needs, the
 * prompt, the parameters). `version` (the file's hash) keys the cache, so a replaced file is
 * fetched again.
 */
export async function fetchItem(id: string, version = ''): Promise<Result<LibraryItem>> {
  const key = keyOf(id, version)
  const hit = cache.get(key)
  if (hit) return { ok: true, value: hit }
  const result = await getItem(id)
  if (result.ok) {
    cache.set(key, result.value)
    if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!)
  }
  return result
}

/** Forgets every fetched item (tests; a library reset). */
export const clearItemCache = () => cache.clear()

interface Loaded {
  key: string
  item: LibraryItem | null
  error: AppError | null
}

/** The full record of the item `id` (null while it loads or when `id` is null). */
export function useLibraryItem(
  id: string | null,
  version = '',
): { item: LibraryItem | null; error: AppError | null } {
  const key = id === null ? '' : keyOf(id, version)
  const [loaded, setLoaded] = useState<Loaded>({ key: '', item: null, error: null })
  useEffect(() => {
    if (id === null) return
    let live = true
    void fetchItem(id, version).then((r) => {
      if (live)
        setLoaded({
          key: keyOf(id, version),
          ...(r.ok ? { item: r.value, error: null } : { item: null, error: r.error }),
        })
    })
    return () => {
      live = false
    }
  }, [id, version])
  return loaded.key === key && key ? loaded : { item: null, error: null }
}

/** The full records of several items, in order (compare); `items` is null until all arrived. */
export function useLibraryItems(ids: readonly string[]): {
  items: LibraryItem[] | null
  error: AppError | null
} {
  const key = ids.join('\u0000')
  const [state, setState] = useState<{
    key: string
    items: LibraryItem[] | null
    error: AppError | null
  }>({
    key: '',
    items: null,
    error: null,
  })
  useEffect(() => {
    let live = true
    const list = key.split('\u0000').filter(Boolean)
    void Promise.all(list.map((id) => fetchItem(id))).then((results) => {
      if (!live) return
      const failed = results.find((r) => !r.ok)
      setState(
        failed && !failed.ok
          ? { key, items: null, error: failed.error }
          : { key, items: results.map((r) => (r.ok ? r.value : null)!), error: null },
      )
    })
    return () => {
      live = false
    }
  }, [key])
  return state.key === key ? state : { items: null, error: null }
}

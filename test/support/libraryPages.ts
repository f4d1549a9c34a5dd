import type { LibraryIndex } from '@main/services/library/index/LibraryIndex'
import type { LibraryCursor, LibraryFilter } from '@shared/library/types'

/**
 * The ids of every page of a filter after `after`, `size` at a time through the keyset cursor
 * the index returns: what the grid reads while scrolling. Bounded: more than 1000 pages fails.
 */
export function allLibraryPages(
  index: Pick<LibraryIndex, 'page'>,
  f: LibraryFilter,
  size: number,
  after: LibraryCursor | null = null,
): string[] {
  const ids: string[] = []
  for (let guard = 0; guard < 1000; guard++) {
    const page = index.page(f, after, size)
    ids.push(...page.items.map((t) => t.id))
    if (!page.next) return ids
    after = page.next
  }
  throw new Error(`more than 1000 pages for ${JSON.stringify(f)}`)
}

import type { LibraryIndex } from '@main/services/library/index/LibraryIndex'
import type { LibraryFilter } from '@shared/library/types'
import { expect } from 'vitest'

import { allLibraryPages } from './libraryPages'
import { plainLibraryIds, plainLibraryMonths } from './plainLibraryWhere'

/**
 * Asserts that the index reads `f` exactly as the plain reading does (issue #33): pages of 1, 7
 * and 200 through their cursors, ID lists whole and capped, a skip from the top and one after a
 * cursor. With `months`, the month counts are read and compared first: they hold a filter's
 * lists or whole result, so the reads after them take the held path. Answers the plain ids.
 */
export function expectReadsLikePlain(
  ix: LibraryIndex,
  f: LibraryFilter,
  months: boolean,
): string[] {
  const expected = plainLibraryIds(ix.db, f)
  const at = `${JSON.stringify(f)} months first: ${months}`
  if (months) {
    const counts = ix.months(f).map(({ month, count }) => ({ month, count }))
    expect(counts, at).toEqual(plainLibraryMonths(ix.db, f))
  }
  for (const size of [1, 7, 200]) expect(allLibraryPages(ix, f, size), at).toEqual(expected)
  expect(ix.ids(f, 10_000), at).toEqual(expected)
  expect(ix.ids(f, 5), at).toEqual(expected.slice(0, 5))
  const ids = (page: ReturnType<LibraryIndex['page']>) => page.items.map((t) => t.id)
  expect(ids(ix.page(f, null, 4, 3)), at).toEqual(expected.slice(3, 7))
  const second = ix.page(f, null, 2).next
  if (second) expect(ids(ix.page(f, second, 3, 2)), at).toEqual(expected.slice(4, 7))
  return expected
}

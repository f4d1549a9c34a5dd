import { BLOCK, tileAt } from '@renderer/stores/library'
import type { LibraryTile } from '@shared/library/types'
import { describe, expect, it } from 'vitest'

const tile = (id: string) => ({ id }) as LibraryTile

describe('tileAt', () => {
  it('reads the fresh block first, then the previous generation’s, by position', () => {
    const blocks = { 1: [tile('fresh')] }
    const stale = { 0: [tile('old-0'), tile('old-1')], 1: [tile('old-b1')] }
    expect(tileAt({ blocks, stale }, 1)?.id).toBe('old-1')
    expect(tileAt({ blocks, stale }, BLOCK)?.id).toBe('fresh')
    expect(tileAt({ blocks, stale }, BLOCK + 1)).toBeUndefined()
  })
})

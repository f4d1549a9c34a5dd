import { DuplicateGroupings } from '@main/services/library/similar/duplicateGroupings'
import { SimilarIndex } from '@main/services/library/similar/SimilarIndex'
import { seededRandom } from '@test/support/seededRandom'
import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => vi.restoreAllMocks())

/** An index of `n` random hashes, every tenth with a copy one bit away. */
function filled(n: number): SimilarIndex {
  const index = new SimilarIndex()
  const r = seededRandom(7)
  for (let i = 0; i < n; i++) {
    const hash = { hi: Math.floor(r() * 2 ** 32) >>> 0, lo: Math.floor(r() * 2 ** 32) >>> 0 }
    index.set(`i${i}`, hash)
    if (i % 10 === 0) index.set(`c${i}`, { hi: (hash.hi ^ 1) >>> 0, lo: hash.lo })
  }
  return index
}

describe('DuplicateGroupings progress', () => {
  it('tells how far a grouping is, rising, at most every 150 ms, ending at 1 with the groups', async () => {
    // A clock that moves 40 ms at each look: the grouping's own steps (STEP_MS) end at once, and
    // progress may be told every fourth step.
    let now = 0
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 40))
    const told: Array<[number, number]> = []
    const groupings = new DuplicateGroupings(
      filled(3000),
      () => false,
      (d, done) => told.push([d, done]),
    )
    const { groups } = await groupings.grouped(6)
    expect(groups).toHaveLength(300)
    expect(told.length).toBeGreaterThan(3)
    expect(told.every(([d]) => d === 6)).toBe(true)
    const done = told.map(([, x]) => x)
    expect(done.at(-1)).toBe(1)
    for (let i = 1; i < done.length; i++) expect(done[i]).toBeGreaterThanOrEqual(done[i - 1]!)
    expect(done.slice(0, -1).every((x) => x > 0 && x < 1)).toBe(true)
  })

  it('tells nothing more for a cached answer, and no 1 for a grouping that was cancelled', async () => {
    const told: number[] = []
    const index = filled(500)
    const groupings = new DuplicateGroupings(
      index,
      () => false,
      (_d, done) => told.push(done),
    )
    await groupings.grouped(6)
    const after = told.length
    await groupings.grouped(6)
    expect(told.length).toBe(after)

    index.set('new', { hi: 1, lo: 2 })
    told.length = 0
    const first = groupings.grouped(6)
    const other = groupings.grouped(4)
    await expect(first).rejects.toMatchObject({ error: { code: 'cancelled' } })
    await other
    // Only the distance that finished said it was done.
    expect(told.filter((x) => x === 1)).toHaveLength(1)
  })
})

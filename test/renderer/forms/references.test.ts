import { fileProblems, type RefItem } from '@renderer/forms/references'
import { describe, expect, it } from 'vitest'

describe('reference file problems', () => {
  const item: RefItem = {
    id: 'a',
    name: 'a.png',
    bytes: 10,
    type: 'image/png',
    width: 10,
    height: 10,
    path: '/a.png',
    thumb: null,
    origin: 'drop',
    problem: null,
  }
  it('names the file and the limit', () => {
    expect(fileProblems([item], {})).toBeNull()
    expect(fileProblems([{ ...item, bytes: 0 }], {})).toBe('a.png is empty')
    expect(fileProblems([{ ...item, problem: 'could not be prepared: disk full' }], {})).toBe(
      'a.png: could not be prepared: disk full',
    )
    expect(fileProblems([{ ...item, bytes: 2048 }], { maxBytes: 1024 })).toBe(
      'a.png is 2 KB; each image must be at most 1 KB',
    )
  })
})

import { thumbJobs, vipsThreads } from '@main/adapters/thumbnails/thumbJobs'
import { describe, expect, it } from 'vitest'

describe('thumbnail jobs for the machine', () => {
  it('runs one job per core and one more, within the libuv pool, at least two', () => {
    expect(thumbJobs(1, 4)).toBe(2)
    expect(thumbJobs(2, 4)).toBe(3)
    // The default pool (4) leaves one thread to fs: more cores go to libvips threads instead.
    expect(thumbJobs(8, 4)).toBe(3)
    // A pool raised at launch lets the jobs follow the cores.
    expect(thumbJobs(8, 16)).toBe(9)
    expect(thumbJobs(32, 16)).toBe(15)
  })

  it('gives each picture the cores the jobs leave, 1 to 4 libvips threads', () => {
    expect(vipsThreads(2, thumbJobs(2, 4))).toBe(1)
    expect(vipsThreads(8, thumbJobs(8, 4))).toBe(2)
    expect(vipsThreads(16, thumbJobs(16, 4))).toBe(4)
    expect(vipsThreads(64, thumbJobs(64, 4))).toBe(4)
    expect(vipsThreads(8, thumbJobs(8, 16))).toBe(1)
  })
})

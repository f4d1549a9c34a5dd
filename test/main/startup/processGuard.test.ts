import { EventEmitter } from 'node:events'

import { guardProcess } from '@main/startup/processGuard'
import { describe, expect, it, vi } from 'vitest'

describe('guardProcess', () => {
  it('reports uncaught exceptions and unhandled rejections by scope, and removes its listeners', () => {
    const target = new EventEmitter()
    const reports: Array<[string, unknown]> = []
    const unguard = guardProcess(target, (scope, e) => reports.push([scope, e]))
    const boom = new Error('invalid block type')
    target.emit('uncaughtException', boom)
    target.emit('unhandledRejection', 'lost')
    expect(reports).toEqual([
      ['uncaught exception in main', boom],
      ['unhandled rejection in main', 'lost'],
    ])
    unguard()
    expect(target.listenerCount('uncaughtException')).toBe(0)
    expect(target.listenerCount('unhandledRejection')).toBe(0)
  })

  it('a second guard on the same process replaces the first instead of stacking', () => {
    const target = new EventEmitter()
    const first: unknown[] = []
    const second: unknown[] = []
    guardProcess(target, (_s, e) => first.push(e))
    const unguard = guardProcess(target, (_s, e) => second.push(e))
    target.emit('uncaughtException', 'x')
    expect([first, second]).toEqual([[], ['x']])
    expect(target.listenerCount('uncaughtException')).toBe(1)
    unguard()
    expect(target.listenerCount('uncaughtException')).toBe(0)
  })

  it('a log that throws falls back to the console instead of throwing again', () => {
    const target = new EventEmitter()
    const console_ = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      guardProcess(target, () => {
        throw new Error('ENOSPC')
      })
      expect(() => target.emit('uncaughtException', new Error('x'))).not.toThrow()
      expect(console_).toHaveBeenCalledWith(
        'Gen Studio: uncaught exception in main',
        expect.any(Error),
      )
    } finally {
      console_.mockRestore()
    }
  })
})

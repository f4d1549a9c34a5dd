import { sharedSubscription } from '@renderer/stores/sharedSubscription'
import { describe, expect, it, vi } from 'vitest'

describe('sharedSubscription', () => {
  it('subscribes on the first join and unsubscribes on the last release, counting a double release once', () => {
    const off = vi.fn()
    const subscribe = vi.fn(() => off)
    const feed = sharedSubscription()
    const a = feed.join(subscribe)
    const b = feed.join(subscribe)
    expect(subscribe).toHaveBeenCalledTimes(1)
    a()
    a() // a cleanup run twice must not release b's share
    expect(off).not.toHaveBeenCalled()
    b()
    expect(off).toHaveBeenCalledTimes(1)
    const c = feed.join(subscribe)
    expect(subscribe).toHaveBeenCalledTimes(2)
    c()
    expect(off).toHaveBeenCalledTimes(2)
  })
})

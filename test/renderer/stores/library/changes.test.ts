import { useLiveRefresh } from '@renderer/features/library/similar/useLiveRefresh'
import { initialState, useLibraryStore } from '@renderer/stores/library'
import { useOrganiseStore } from '@renderer/stores/organise'
import { fakeMain } from '@test/support/generateScreens'
import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

beforeEach(() => {
  vi.useFakeTimers()
  useLibraryStore.setState({ ...initialState, filter: {} })
})
afterEach(() => vi.useRealTimers())

describe('library:changed', () => {
  it('is subscribed once and fans out to the library, organise and similar-images listeners', async () => {
    const main = fakeMain({
      'library:months': () => ({ ok: true, value: [] }),
      'library:models': () => ({ ok: true, value: [] }),
      'library:status': () => ({ ok: false, error: { code: 'not_found', message: 'none' } }),
      'collections:list': () => ({ ok: true, value: [] }),
    })
    const stopLibrary = useLibraryStore.getState().init()
    const stopOrganise = useOrganiseStore.getState().init()
    const refresh = vi.fn(async () => {})
    const similar = renderHook(() => useLiveRefresh(true, refresh, false, null))
    await vi.advanceTimersByTimeAsync(0)
    expect(main.subscriptions('library:changed')).toBe(1)

    const months = main.of('library:months').length
    const collections = main.of('collections:list').length
    main.emit('library:changed', null)
    await vi.advanceTimersByTimeAsync(400)
    expect(main.of('library:months').length).toBeGreaterThan(months)
    expect(main.of('collections:list').length).toBeGreaterThan(collections)
    expect(refresh).toHaveBeenCalledTimes(1)

    similar.unmount()
    stopOrganise()
    expect(main.listening('library:changed')).toBe(1)
    stopLibrary()
    expect(main.listening('library:changed')).toBe(0)
    expect(main.subscriptions('library:changed')).toBe(1)
  })
})

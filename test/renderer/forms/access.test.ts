import { ACCESS_MAX_AGE_MS, loadModelAccess, useAccessStore } from '@renderer/forms/access'
import { fakeMain, resetScreensEachTest } from '@test/support/generateScreens'
import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

resetScreensEachTest()

describe('model access (GET /v1/models compared with the catalog)', () => {
  it('is asked at first use and again once a day, not more', async () => {
    const main = fakeMain({
      'account:testConnection': () => ({
        ok: true,
        value: {
          models: ['std-image-2', 'std-image-9-preview'],
          usable: ['std-image-2'],
          checkedAt: 1,
        },
      }),
    })
    const t0 = Date.parse('2026-11-26T09:00:00Z')
    loadModelAccess(t0)
    await waitFor(() => expect(useAccessStore.getState().loaded).toBe(true))
    expect(useAccessStore.getState().unknown).toEqual(['std-image-9-preview'])
    loadModelAccess(t0 + ACCESS_MAX_AGE_MS - 1)
    expect(main.of('account:testConnection')).toHaveLength(1)
    loadModelAccess(t0 + ACCESS_MAX_AGE_MS)
    expect(main.of('account:testConnection')).toHaveLength(2)
  })

  it('a failed question marks nothing (no unknown models, access unknown)', async () => {
    fakeMain({
      'account:testConnection': () => ({
        ok: false,
        error: { code: 'network', message: 'offline' },
      }),
    })
    loadModelAccess()
    await waitFor(() => expect(useAccessStore.getState().loaded).toBe(true))
    expect(useAccessStore.getState()).toMatchObject({ models: null, unknown: [] })
  })
})

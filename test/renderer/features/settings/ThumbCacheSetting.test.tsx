import { ThumbCacheSetting } from '@renderer/features/settings/ThumbCacheSetting'
import { startI18n } from '@renderer/i18n/setup'
import { useSettingsStore } from '@renderer/stores/settings'
import { initialState } from '@renderer/stores/settings/initialState'
import { fakeMain } from '@test/support/generateScreens'
import { settingsView } from '@test/support/settingsViewFixture'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const view = (thumbCacheGiB: number) => settingsView({ thumbCacheGiB })

beforeEach(async () => {
  await startI18n('en')
})
afterEach(() => {
  cleanup()
  useSettingsStore.setState(initialState)
})

describe('ThumbCacheSetting', () => {
  it('shows the cap and sends the one picked; the view main answers is what shows', async () => {
    const main = fakeMain({
      'settings:update': (p) => ({
        ok: true,
        value: view((p as { thumbCacheGiB: number }).thumbCacheGiB),
      }),
    })
    useSettingsStore.setState({ settings: view(4) })
    render(<ThumbCacheSetting />)
    const select = screen.getByLabelText('Thumbnail cache') as HTMLSelectElement
    expect(select.value).toBe('4')
    expect([...select.options].map((o) => o.textContent)).toEqual([
      '1 GiB',
      '2 GiB',
      '4 GiB',
      '8 GiB',
      '16 GiB',
      '32 GiB',
      '64 GiB',
    ])
    expect(screen.getByText(/about 70,000 per GiB/)).toBeTruthy()
    await act(async () => {
      fireEvent.change(select, { target: { value: '16' } })
    })
    expect(main.calls).toContainEqual(['settings:update', { thumbCacheGiB: 16 }])
    expect(useSettingsStore.getState().settings?.thumbCacheGiB).toBe(16)
    expect(select.value).toBe('16')
  })

  it('in Japanese', async () => {
    fakeMain()
    await startI18n('ja')
    useSettingsStore.setState({ settings: view(8) })
    render(<ThumbCacheSetting />)
    expect((screen.getByLabelText('サムネイルのキャッシュ') as HTMLSelectElement).value).toBe('8')
  })
})

import { UpdatesPanel } from '@renderer/features/settings/UpdatesPanel'
import { PRICES_CHECKED_AT } from '@shared/catalog'
import type { UpdateView } from '@shared/ipc/contract/updates'
import { fakeMain, resetScreensEachTest } from '@test/support/generateScreens'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

resetScreensEachTest()

const base: UpdateView = {
  phase: 'current',
  enabled: true,
  channel: 'stable',
  feedUrl: 'https://updates.example/desktop',
  currentVersion: '0.1.0',
  available: null,
  progress: null,
  lastCheckedAt: '2026-11-26T09:00:00.000Z',
  lastError: null,
  message: 'This is the latest version.',
  inFlight: 0,
  timeoutSeconds: 60,
}

describe('Settings: updates and prices', () => {
  it('says how old the prices are and where the updater is', async () => {
    fakeMain({ 'updates:get': () => ({ ok: true, value: base }) })
    render(<UpdatesPanel />)
    // The day the tables were checked, written as the interface language writes dates (en: "Nov 26, 2026").
    const [y, m, d] = PRICES_CHECKED_AT.split('-').map(Number)
    const day = new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    })
    expect(screen.getByTestId('prices-as-of').textContent).toContain(`prices as of ${day}`)
    await waitFor(() =>
      expect(screen.getByTestId('update-status').textContent).toBe('This is the latest version.'),
    )
  })

  it('shows progress, then the release notes and Restart now; a failure is shown, not thrown', async () => {
    const main = fakeMain({
      'updates:get': () => ({ ok: true, value: base }),
      'updates:restart': () => ({
        ok: true,
        value: { ...base, phase: 'waiting', message: 'Waiting for 1 paid request to be saved…' },
      }),
    })
    render(<UpdatesPanel />)
    await waitFor(() => screen.getByTestId('update-status'))
    const available = { version: '0.2.0', notes: '• Faster library\n• Fixes', releaseDate: null }
    act(() =>
      main.emit('updates:changed', {
        ...base,
        phase: 'downloading',
        available,
        progress: { percent: 42, transferred: 42, total: 100 },
      }),
    )
    expect((screen.getByTestId('update-progress') as HTMLProgressElement).value).toBe(42)
    expect(screen.getByTestId('release-notes').textContent).toContain('• Faster library')
    act(() => main.emit('updates:changed', { ...base, phase: 'ready', available }))
    fireEvent.click(screen.getByRole('button', { name: 'Restart now' }))
    await waitFor(() =>
      expect(screen.getByTestId('update-status').textContent).toMatch(/Waiting for 1 paid/),
    )
    expect(main.of('updates:restart')).toHaveLength(1)
    expect(
      (screen.getByRole('button', { name: 'Restart now' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    act(() =>
      main.emit('updates:changed', {
        ...base,
        phase: 'idle',
        lastError: { message: 'Could not reach the update feed.', at: base.lastCheckedAt },
      }),
    )
    expect(screen.getByTestId('update-error').textContent).toContain(
      'Could not reach the update feed.',
    )
  })

  it('turns checks off and picks the beta channel', async () => {
    const main = fakeMain({
      'updates:get': () => ({ ok: true, value: base }),
      'updates:setPrefs': (p) => ({ ok: true, value: { ...base, ...(p as object) } }),
    })
    render(<UpdatesPanel />)
    const box = await screen.findByRole('checkbox', { name: /Check for updates/ })
    fireEvent.click(box)
    await waitFor(() => expect(main.of('updates:setPrefs')).toEqual([{ enabled: false }]))
    fireEvent.change(screen.getByLabelText('Channel'), { target: { value: 'beta' } })
    await waitFor(() => expect(main.of('updates:setPrefs').at(-1)).toEqual({ channel: 'beta' }))
  })

  it('sets how long a silent feed is waited for, showing a hand-edited value too', async () => {
    const main = fakeMain({
      'updates:get': () => ({ ok: true, value: { ...base, timeoutSeconds: 45 } }),
      'updates:setPrefs': (p) => ({ ok: true, value: { ...base, ...(p as object) } }),
    })
    render(<UpdatesPanel />)
    const limit = (await screen.findByLabelText(
      'Give up on a silent feed after',
    )) as HTMLSelectElement
    expect(limit.value).toBe('45')
    expect([...limit.options].map((o) => o.value)).toEqual(['10', '30', '45', '60', '120', '300'])
    fireEvent.change(limit, { target: { value: '10' } })
    await waitFor(() => expect(main.of('updates:setPrefs')).toEqual([{ timeoutSeconds: 10 }]))
    await waitFor(() => expect(limit.value).toBe('10'))
  })
})

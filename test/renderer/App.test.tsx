import { App } from '@renderer/App'
import { useSettingsStore } from '@renderer/stores/settings'
import { initialState } from '@renderer/stores/settings/initialState'
import { buildApi } from '@shared/ipc/buildApi'
import type { SettingsView } from '@shared/ipc/contract'
import type { Result } from '@shared/result'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const baseView: SettingsView = {
  baseUrl: null,
  hasKey: false,
  keyHint: null,
  libraryDir: '/home/u/Pictures/Gen Studio',
  concurrency: { image: 4, video: 8, art: 2, workbench: 2 },
  secureStore: { available: true, backend: 'test keychain' },
  demo: { active: false },
  thumbCacheGiB: 4,
  project: { active: null, recent: [] },
}

/** A fake main process: records calls and answers from a script. */
function fakeMain(answer: (channel: string, payload: unknown) => Result<unknown>) {
  const calls: Array<[string, unknown]> = []
  const listeners = new Map<string, (p: unknown) => void>()
  window.api = buildApi({
    invoke: async (channel, payload) => {
      calls.push([channel, payload])
      // The other Settings panels (sync, updates, crash reports, metadata) ask for their state:
      // not what these tests script, so they hear "not here" rather than a settings view.
      // The language panel's own channel (test/renderer/i18n covers it) is not scripted here either.
      if (!channel.startsWith('settings:') || channel === 'settings:language')
        return { ok: false, error: { code: 'not_found', message: 'Not in this test.' } }
      return answer(channel, payload)
    },
    subscribe: (event, l) => {
      listeners.set(event, l)
      return () => listeners.delete(event)
    },
    pathForFile: async () => '',
  })
  return { calls, emit: (event: string, payload: unknown) => listeners.get(event)?.(payload) }
}

describe('App shell', () => {
  beforeEach(() => useSettingsStore.setState(initialState))
  afterEach(cleanup)

  it('shows first run, validates the address as typed and sends nothing invalid', async () => {
    const main = fakeMain((channel) =>
      channel === 'settings:get'
        ? { ok: true, value: baseView }
        : {
            ok: true,
            value: {
              ...baseView,
              baseUrl: 'https://api.example.com',
              hasKey: true,
              keyHint: '…1234',
            },
          },
    )
    render(<App />)
    await screen.findByRole('heading', { name: 'Welcome to Gen Studio' })
    fireEvent.change(screen.getByLabelText('Service address'), {
      target: { value: 'http://remote.example.com' },
    })
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'short' } })
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }))
    expect(await screen.findByText(/Use https:\/\//)).toBeTruthy()
    expect(screen.getByText('Paste the API key from your account')).toBeTruthy()
    expect(main.calls.map(([c]) => c)).toEqual(['settings:get'])

    fireEvent.change(screen.getByLabelText('Service address'), {
      target: { value: 'https://api.example.com' },
    })
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'sk-valid-key-1234' } })
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }))
    await screen.findByRole('heading', { name: 'Settings' })
    expect(main.calls[1]).toEqual([
      'settings:connect',
      { baseUrl: 'https://api.example.com', key: 'sk-valid-key-1234' },
    ])
  })

  it('shows the keychain refusal from main and stays on first run', async () => {
    fakeMain((channel) =>
      channel === 'settings:get'
        ? {
            ok: true,
            value: { ...baseView, secureStore: { available: false, backend: 'Secret Service' } },
          }
        : {
            ok: false,
            error: {
              code: 'no_secure_store',
              message: 'No secure key storage is available',
              action: 'Install a keyring',
            },
          },
    )
    render(<App />)
    await screen.findByText(/No secure key storage was found/)
    fireEvent.change(screen.getByLabelText('Service address'), {
      target: { value: 'https://api.example.com' },
    })
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'sk-valid-key-1234' } })
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }))
    expect(await screen.findByText('Install a keyring')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Welcome to Gen Studio' })).toBeTruthy()
  })

  it('follows settings pushed by main (e.g. the key removed elsewhere)', async () => {
    const connected = {
      ...baseView,
      baseUrl: 'https://api.example.com',
      hasKey: true,
      keyHint: '…1234',
    }
    const main = fakeMain(() => ({ ok: true, value: connected }))
    render(<App />)
    await screen.findByRole('heading', { name: 'Settings' })
    act(() => main.emit('settings:changed', { ...connected, hasKey: false, keyHint: null }))
    await screen.findByRole('heading', { name: 'Welcome to Gen Studio' })
  })
})

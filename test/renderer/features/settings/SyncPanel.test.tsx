import { SyncPanel } from '@renderer/features/settings/SyncPanel'
import type { LibraryTile } from '@shared/library/types'
import { fakeMain } from '@test/support/generateScreens'
import { syncStatus } from '@test/support/syncStatusFixture'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'

afterEach(cleanup)

describe('Settings → Sync (issue #28)', () => {
  it('shows what the app sees of the sync, and restores a delete from the library trash', async () => {
    let current = syncStatus()
    const main = fakeMain({
      'sync:status': () => ({ ok: true, value: current }),
      'sync:restore': () => {
        current = syncStatus({ trash: [], trashCount: 0 })
        return { ok: true, value: [{ id: 'a' }, { id: 'b' }] as LibraryTile[] }
      },
    })
    const { container } = render(<SyncPanel />)
    const state = await screen.findByLabelText('Sync state')
    expect(state.textContent).toContain('Syncthing')
    expect(state.textContent).toContain('2 transfers under way, 1 file waiting to be complete')
    expect(state.textContent).toContain('3 since Gen Studio started')
    expect(state.textContent).toContain('Watching the folder')
    expect(state.textContent).not.toContain('olling')
    expect(screen.getByLabelText('Conflict copies kept aside').textContent).toContain(
      'kept as it is',
    )
    const trash = screen.getByRole('list', { name: 'Library trash' })
    expect(within(trash).getByText(/fox\.png and 1 more/)).toBeTruthy()
    expect(screen.getByText('Set up Syncthing')).toBeTruthy()
    expect((await axe.run(container)).violations.map((v) => v.id)).toEqual([])

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Restore fox.png and 1 more' }))
    })
    expect(main.of('sync:restore')).toEqual([{ token: 'tok-1' }])
    await screen.findByText('Restored 2 items to the library.')
    await waitFor(() => expect(screen.getByText('The library’s trash is empty.')).toBeTruthy())
  })

  it('says so when nothing is happening, and shows a failure as an error', async () => {
    fakeMain({
      'sync:status': () => ({
        ok: true,
        value: syncStatus({
          engine: null,
          arriving: 0,
          waiting: 0,
          conflictsMerged: 0,
          lastMergeAt: null,
          lastExternalChangeAt: null,
          problems: [],
          trash: [],
          trashCount: 0,
          changes: {
            watching: false,
            pollEverySec: 3,
            reason: 'Watching the folder failed: the system’s limit on watched folders is reached.',
          },
        }),
      }),
      'sync:restore': () => ({
        ok: false,
        error: { code: 'not_found', message: 'This delete is no longer in the library’s trash.' },
      }),
    })
    render(<SyncPanel />)
    const state = await screen.findByLabelText('Sync state')
    expect(state.textContent).toContain('None detected in this folder')
    expect(state.textContent).toContain('Nothing arriving')
    expect(state.textContent).toContain(
      'Polling every 3 s. Watching the folder failed: the system’s limit on watched folders is reached.',
    )
    expect(state.textContent).not.toContain('Watching the folder,')
    expect(state.textContent).toContain('None since Gen Studio started')
    expect(screen.getByText('The library’s trash is empty.')).toBeTruthy()
  })
})

import { ExportDialog } from '@renderer/features/library/ExportDialog'
import { LibraryMetadataSetting } from '@renderer/features/settings/LibraryMetadataSetting'
import { initialState, useLibraryStore } from '@renderer/stores/library'
import { fakeMain } from '@test/support/generateScreens'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

beforeEach(() => useLibraryStore.setState({ ...initialState }))
afterEach(cleanup)

describe('Export dialog', () => {
  it('sends the chosen format and metadata, then reports what was written', async () => {
    const main = fakeMain({
      'library:export': () => ({
        ok: true,
        value: { path: '/out/sheet.pdf', count: 2, skipped: 1 },
      }),
    })
    const onClose = vi.fn()
    render(<ExportDialog ids={['a', 'b', 'c']} onClose={onClose} />)
    expect(screen.getByRole('dialog', { name: 'Export 3 items' })).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Make'), { target: { value: 'sheet-pdf' } })
    fireEvent.click(screen.getByLabelText('Export without metadata'))
    expect(screen.getByText(/Every metadata block is removed/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Export…' }))
    await waitFor(() =>
      expect(useLibraryStore.getState().notice).toBe(
        'Exported 2 items to /out/sheet.pdf (1 left out: not images).',
      ),
    )
    expect(main.calls.filter(([c]) => c === 'library:export')).toEqual([
      ['library:export', { ids: ['a', 'b', 'c'], format: 'sheet-pdf', metadata: 'none' }],
    ])
    expect(onClose).toHaveBeenCalled()
  })

  it('has no accessibility violations', async () => {
    fakeMain()
    render(<ExportDialog ids={['a']} onClose={() => {}} />)
    const result = await axe.run(screen.getByRole('dialog'))
    expect(result.violations.map((v) => v.id)).toEqual([])
  })
})

describe('"Embed prompts in saved files" (library setting)', () => {
  it('shows the stored choice and saves a change; a refused save puts it back with the error', async () => {
    let stored = true
    let refuse = false
    const main = fakeMain({
      'library:metadataPrefs': () => ({ ok: true, value: { embedPrompts: stored } }),
      'library:setMetadataPrefs': (p) => {
        if (refuse)
          return {
            ok: false,
            error: { code: 'storage', message: 'The library setting could not be saved.' },
          }
        stored = (p as { embedPrompts: boolean }).embedPrompts
        return { ok: true, value: { embedPrompts: stored } }
      },
    })
    render(<LibraryMetadataSetting />)
    const box = screen.getByTestId<HTMLInputElement>('embed-prompts')
    await waitFor(() => expect(box.disabled).toBe(false))
    expect(box.checked).toBe(true)
    fireEvent.click(box)
    await waitFor(() => expect(stored).toBe(false))
    expect(box.checked).toBe(false)
    refuse = true
    fireEvent.click(box)
    await screen.findByText('The library setting could not be saved.')
    expect(box.checked).toBe(false)
    expect(main.calls.filter(([c]) => c === 'library:setMetadataPrefs')).toHaveLength(2)
  })
})

import ArtScreen from '@renderer/features/art/ArtScreen'
import { clearSuggestionCache } from '@renderer/forms/promptSuggest'
import { emptyHistory, useFormsStore } from '@renderer/stores/forms'
import { useGenerateStore } from '@renderer/stores/generate'
import { fakeMain, field, resetScreensEachTest, taskView } from '@test/support/generateScreens'
import { installPixelCanvas } from '@test/support/pixelCanvas'
import { ref } from '@test/support/refItem'
import { act, fireEvent, render, screen } from '@testing-library/react'
import axe from 'axe-core'
import { describe, expect, it, vi } from 'vitest'

resetScreensEachTest()

describe('reuse features on a whole screen', () => {
  it('art screen with presets open, suggestions listed, mask editor and results: axe clean', async () => {
    installPixelCanvas()
    clearSuggestionCache()
    useFormsStore.setState({ history: { ...emptyHistory(), art: ['blue hair, smile'] } })
    useFormsStore.getState().patch('art', { action: 'infill' })
    useGenerateStore.getState().clearSlot('art.source')
    useGenerateStore.getState().addRefs('art.source', [ref({ width: 64, height: 64 })], 1)
    fakeMain({
      'tasks:list': () => ({
        ok: true,
        value: [
          taskView({
            id: 'n1',
            kind: 'native',
            state: 'saved',
            results: [{ index: 0, libraryId: 'lib1', relPath: '2026/11/a.png' }],
          }),
        ],
      }),
      'presets:list': () => ({
        ok: true,
        value: [{ form: 'art', name: 'Clean', fields: { steps: '28' }, savedAt: 1 }],
      }),
    })
    const { container } = render(<ArtScreen />)
    await screen.findByRole('button', { name: 'Use as reference' })
    fireEvent.click(screen.getByText(/^Presets/))
    fireEvent.change(field('Prompt'), { target: { value: 'smile, blu' } })
    await act(async () => new Promise((r) => setTimeout(r, 200)))
    expect(screen.getByRole('listbox', { name: 'Prompt suggestions' })).toBeTruthy()
    expect(screen.getByTestId('mask-canvas-art')).toBeTruthy()
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    expect(
      result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`),
    ).toEqual([])
    vi.restoreAllMocks()
    useGenerateStore.getState().clearSlot('art.source')
  })
})

import ImagesScreen from '@renderer/features/images/ImagesScreen'
import { useAccessStore } from '@renderer/forms/access'
import { useFormsStore } from '@renderer/stores/forms'
import { useGenerateStore } from '@renderer/stores/generate'
import { useLibraryIntents } from '@renderer/stores/library/intents'
import { useSettingsStore } from '@renderer/stores/settings'
import { settingsFromOurs } from '@shared/library/settings'
import type { LibraryItem } from '@shared/library/types'
import { fakeMain, field, resetScreensEachTest, taskView } from '@test/support/generateScreens'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

resetScreensEachTest()

describe('Images screen', () => {
  it('shows an out-of-range value at its field with the allowed range and sends nothing', async () => {
    const main = fakeMain()
    render(<ImagesScreen />)
    fireEvent.change(field('Prompt'), { target: { value: 'a cat' } })
    fireEvent.change(field('Images (n)'), { target: { value: '3' } })
    const n = field('Images (n)')
    expect(n.getAttribute('aria-invalid')).toBe('true')
    const message = document.getElementById(n.getAttribute('aria-describedby')!)
    expect(message?.textContent).toBe('n must be 1 for std-image-2')
    // No price is shown for a request that cannot be sent.
    expect(screen.queryByTestId('cost-value')).toBeNull()
    expect(screen.getByTestId('cost').textContent).toContain('—')
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
    fireEvent.keyDown(field('Prompt'), { key: 'Enter', ctrlKey: true })
    await act(async () => {})
    expect(main.of('tasks:submit')).toHaveLength(0)
    expect(document.activeElement).toBe(n)
  })

  it('shows the estimate before sending, updates it with quality, and Ctrl+Enter submits once', async () => {
    const main = fakeMain()
    render(<ImagesScreen />)
    expect(screen.getByTestId('cost-value').textContent).toBe('$0.01')
    fireEvent.change(field('Quality'), { target: { value: 'high' } })
    expect(screen.getByTestId('cost-value').textContent).toBe('$0.02')
    expect(screen.getByTestId('output-size').textContent).toContain('4096 × 4096 (4K)')
    fireEvent.change(field('Prompt'), { target: { value: 'a lighthouse' } })
    fireEvent.keyDown(field('Prompt'), { key: 'Enter', ctrlKey: true })
    await waitFor(() => expect(main.of('tasks:submit')).toHaveLength(1))
    expect(main.of('tasks:submit')[0]).toMatchObject({
      kind: 'image',
      request: {
        model: 'std-image-2',
        prompt: 'a lighthouse',
        quality: 'high',
        size: '4096x4096',
        n: 1,
      },
    })
    expect((main.of('tasks:submit')[0] as { requestId: string }).requestId).toMatch(/^gen-/)
    // Remembered: the prompt history and the form's last settings survive a remount.
    expect(useFormsStore.getState().history.images[0]).toBe('a lighthouse')
    cleanup()
    render(<ImagesScreen />)
    expect(field('Quality').value).toBe('high')
    expect(screen.getByRole('option', { name: 'a lighthouse' })).toBeTruthy()
  })

  it('hides models the account did not list (with a note), and disables those this screen cannot send', async () => {
    fakeMain()
    render(<ImagesScreen />)
    await waitFor(() => expect(useAccessStore.getState().loaded).toBe(true))
    const picker = field('Model') as unknown as HTMLSelectElement
    const option = (id: string) =>
      within(picker)
        .getAllByRole('option')
        .find((o) => (o as HTMLOptionElement).value === id) as HTMLOptionElement
    expect(option('still-5.0-pro')).toBeUndefined()
    expect(screen.getByTestId('models-hidden').textContent).toMatch(/not offered here: .*Still/)
    expect(option('std-image-2').textContent).not.toContain('no access')
    expect(option('art-v5').disabled).toBe(true)
    expect(option('compact-2-sfw').textContent).toContain('web workspace only')
  })

  it('names a model the service lists that this version does not know: update', async () => {
    fakeMain({
      'account:testConnection': () => ({
        ok: true,
        value: {
          models: ['std-image-2', 'std-image-9-preview'],
          usable: ['std-image-2'],
          checkedAt: 1,
        },
      }),
    })
    render(<ImagesScreen />)
    await waitFor(() => expect(useAccessStore.getState().loaded).toBe(true))
    expect(screen.getByTestId('models-unknown').textContent).toBe(
      'The service offers std-image-9-preview: not supported by this version — update Gen Studio to use it.',
    )
  })

  it('shows main’s field errors at the fields when the engine refuses a request', async () => {
    fakeMain({
      'tasks:submit': () => ({
        ok: false,
        error: {
          code: 'validation',
          message: 'size: too big',
          fields: { size: 'size is refused by main' },
        },
      }),
    })
    render(<ImagesScreen />)
    fireEvent.change(field('Prompt'), { target: { value: 'x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
    expect(await screen.findByText('size is refused by main')).toBeTruthy()
    expect(screen.getByText('size: too big')).toBeTruthy()
  })

  it('takes a library item sent "use as reference" into the edit form, read from the library folder', async () => {
    const main = fakeMain()
    useSettingsStore.setState({ settings: { libraryDir: '/home/u/Gen Studio' } as never })
    render(<ImagesScreen />)
    const item = {
      id: 'lib9',
      kind: 'image',
      media: 'image',
      model: 'std-image-2',
      prompt: 'a fox',
      promptPreview: 'a fox',
      fileName: 'fox.png',
      relPath: '2026/11/fox.png',
      ext: 'png',
      bytes: 2048,
      width: 1024,
      height: 768,
      params: {},
      negativePrompt: '',
      seed: null,
    } as unknown as LibraryItem
    await act(async () => {
      useLibraryIntents
        .getState()
        .emit({ type: 'use-as-reference', item, settings: settingsFromOurs(item) })
    })
    expect((field('Edit with reference images') as HTMLInputElement).checked).toBe(true)
    expect(screen.getByTestId('reference-thumb').textContent).toContain('fox.png')
    expect(screen.getByTestId('reference-thumb').textContent).toContain('1024×768')
    fireEvent.change(field('Edit instruction'), { target: { value: 'make it winter' } })
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
    await waitFor(() => expect(main.of('tasks:submit')).toHaveLength(1))
    expect(main.of('tasks:submit')[0]).toMatchObject({
      kind: 'edit',
      images: ['/home/u/Gen Studio/2026/11/fox.png'],
    })
    useGenerateStore.getState().clearSlot('images.references')
  })

  it('shows results as they land from tasks:updated', async () => {
    const main = fakeMain()
    render(<ImagesScreen />)
    await act(async () => {
      main.emit('tasks:updated', {
        changed: [taskView({ id: 'x', state: 'running', progress: 0.5 })],
        removed: [],
      })
    })
    const card = screen.getByTestId('result')
    expect(card.getAttribute('data-state')).toBe('running')
    await act(async () => {
      main.emit('tasks:updated', {
        changed: [
          taskView({
            id: 'x',
            state: 'saved',
            results: [{ index: 0, libraryId: 'L', relPath: '2026/a.png' }],
          }),
        ],
        removed: [],
      })
    })
    expect(screen.getByTestId('result').getAttribute('data-state')).toBe('saved')
    expect(screen.getByAltText('Result 1 of 1').getAttribute('src')).toContain('2026/a.png')
    // Video results are not shown on the Images screen.
    await act(async () => {
      main.emit('tasks:updated', {
        changed: [taskView({ id: 'v', kind: 'video' })],
        removed: ['x'],
      })
    })
    expect(screen.queryAllByTestId('result')).toHaveLength(0)
  })
})

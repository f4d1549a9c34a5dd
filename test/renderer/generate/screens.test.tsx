import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import ArtScreen from '../../../src/renderer/features/art/ArtScreen'
import { useAccessStore } from '../../../src/renderer/features/generate/access'
import ImagesScreen from '../../../src/renderer/features/images/ImagesScreen'
import VideoScreen from '../../../src/renderer/features/video/VideoScreen'
import WorkbenchScreen from '../../../src/renderer/features/workbench/WorkbenchScreen'
import { DEFAULT_DRAFTS, useFormsStore } from '../../../src/renderer/stores/forms'
import { useGenerateStore } from '../../../src/renderer/stores/generate'
import { useWorkbenchStore } from '../../../src/renderer/stores/generate/workbench'
import { useLibraryIntents } from '../../../src/renderer/stores/library/intents'
import { useSettingsStore } from '../../../src/renderer/stores/settings'
import { buildApi } from '../../../src/shared/ipc/buildApi'
import { settingsFromOurs } from '../../../src/shared/library/settings'
import type { LibraryItem } from '../../../src/shared/library/types'
import type { Result } from '../../../src/shared/result'
import type { TaskView } from '../../../src/shared/tasks/views'

const taskView = (over: Partial<TaskView> = {}): TaskView => ({
  id: 't1',
  kind: 'image',
  state: 'queued',
  model: 'std-image-2',
  prompt: 'p',
  progress: null,
  serverStatus: null,
  serverId: null,
  createdAt: 1,
  startedAt: null,
  finishedAt: null,
  updatedAt: 1,
  costUsd: 0.01,
  costLabel: '$0.01',
  quote: null,
  pendingQuote: null,
  attention: null,
  error: null,
  notice: null,
  attempts: 0,
  results: [],
  outputCount: null,
  preview: null,
  retryOf: null,
  ...over,
})

/** A fake main process: records every call and answers from a table. */
function fakeMain(answers: Record<string, (payload: unknown) => Result<unknown>> = {}) {
  const calls: Array<[string, unknown]> = []
  const listeners = new Map<string, (p: unknown) => void>()
  window.api = buildApi({
    invoke: async (channel, payload) => {
      calls.push([channel, payload])
      const answer = answers[channel]
      if (answer) return answer(payload)
      if (channel === 'tasks:list') return { ok: true, value: [] }
      if (channel === 'account:testConnection')
        return {
          ok: true,
          value: { models: [], usable: ['std-image-2', 'art-v4.5'], checkedAt: 1 },
        }
      if (channel === 'tasks:submit')
        return { ok: true, value: taskView({ id: `t${calls.length}` }) }
      return { ok: false, error: { code: 'not_found', message: `no answer for ${channel}` } }
    },
    subscribe: (event, l) => {
      listeners.set(event, l)
      return () => listeners.delete(event)
    },
    pathForFile: () => '',
  })
  return {
    calls,
    of: (channel: string) => calls.filter(([c]) => c === channel).map(([, p]) => p),
    emit: (event: string, payload: unknown) => listeners.get(event)?.(payload),
  }
}

beforeEach(() => {
  localStorage.clear()
  useFormsStore.setState({ drafts: structuredClone(DEFAULT_DRAFTS) })
  useGenerateStore.setState({ tasks: {} })
  useWorkbenchStore.setState({ quote: null, assets: {}, quoting: false })
  useAccessStore.setState({ models: null, loaded: false, requested: false })
})
afterEach(cleanup)

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement

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

  it('marks models the account did not list, and disables those this screen cannot send', async () => {
    fakeMain()
    render(<ImagesScreen />)
    await waitFor(() => expect(useAccessStore.getState().loaded).toBe(true))
    const picker = field('Model') as unknown as HTMLSelectElement
    const option = (id: string) =>
      within(picker)
        .getAllByRole('option')
        .find((o) => (o as HTMLOptionElement).value === id) as HTMLOptionElement
    expect(option('still-5.0-pro').textContent).toContain('no access')
    expect(option('std-image-2').textContent).not.toContain('no access')
    expect(option('art-v5').disabled).toBe(true)
    expect(option('compact-2-sfw').textContent).toContain('web workspace only')
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

describe('Video screen', () => {
  it('gives the model’s duration range and marks off-table choices approximate', () => {
    const main = fakeMain()
    render(<VideoScreen />)
    fireEvent.change(field('Model'), { target: { value: 'clip-h3' } })
    fireEvent.change(field('Resolution'), { target: { value: '480p' } })
    expect(screen.getByTestId('cost-value').textContent).toBe('$0.1453')
    expect(screen.queryByText('approximate')).toBeNull()
    fireEvent.click(field('Portrait 9:16'))
    expect(screen.getByTestId('cost-value').textContent).toBe('≈ $0.1453')
    expect(screen.getByText('approximate')).toBeTruthy()
    fireEvent.change(field('Duration (seconds)'), { target: { value: '16' } })
    expect(screen.getByText('duration must be 4 to 15 seconds for clip-h3')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
    expect(main.of('tasks:submit')).toHaveLength(0)
  })

  it('offers the all-reference mode only for clip-h3 and clip-h3-sfw', () => {
    fakeMain()
    render(<VideoScreen />)
    expect(screen.queryByLabelText(/All-reference mode/)).toBeNull()
    fireEvent.change(field('Model'), { target: { value: 'clip-h3-sfw' } })
    fireEvent.click(field(/All-reference mode/))
    expect(
      screen.getByText('mode all-reference needs at least one reference video URL'),
    ).toBeTruthy()
    expect(field('Resolution').value).toBe('768p')
  })
})

describe('Art model screen', () => {
  it('limits characters to the variant and applies library settings field by field', async () => {
    fakeMain()
    render(<ArtScreen />)
    const add = screen.getByRole('button', { name: 'Add character' })
    for (let i = 0; i < 6; i++) fireEvent.click(add)
    expect((add as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Characters (6 of 6)')).toBeTruthy()

    const item = {
      id: 'lib1',
      kind: 'art',
      model: 'art-diffusion-5-full',
      prompt: 'two knights',
      negativePrompt: 'blurry',
      params: {
        model: 'art-diffusion-5-full',
        action: 'generate',
        parameters: {
          width: 1024,
          height: 1536,
          steps: 28,
          n_samples: 2,
          scale: 6,
          sampler: 'k_euler',
          v4_prompt: {
            caption: { char_captions: [{ char_caption: 'red', centers: [{ x: 0.1, y: 0.9 }] }] },
            use_coords: true,
          },
        },
      },
      seed: 42,
      promptPreview: 'two knights',
    } as unknown as LibraryItem
    await act(async () => {
      useLibraryIntents
        .getState()
        .emit({ type: 'reuse-settings', item, settings: settingsFromOurs(item) })
    })
    expect(field('Model variant').value).toBe('art-diffusion-5-full')
    expect(field('Prompt').value).toBe('two knights')
    expect(field('Negative prompt').value).toBe('blurry')
    expect(field('Steps').value).toBe('28')
    expect(field('Samples').value).toBe('2')
    expect(field('Seed value').value).toBe('42')
    expect(field('Width').value).toBe('1024')
    expect(field('Character 1 prompt').value).toBe('red')
    expect(field('Character 1 position').value).toBe('A5')
    expect(screen.getByTestId('applied-notice').textContent).toContain('steps')
    expect(useLibraryIntents.getState().intent).toBeNull()
  })
})

describe('Workbench screen', () => {
  it('quotes first, refuses a stale quote, and generates with the accepted quote', async () => {
    const main = fakeMain({
      'generate:estimate': () => ({
        ok: true,
        value: {
          quoteId: 'quote_1',
          priceUsd: 0.0029,
          paymentMethod: 'wallet',
          allowance: 'applies: no',
          expiresAt: Date.now() + 600_000,
          quotedAt: Date.now(),
          fields: { basis: 'scaled' },
        },
      }),
      'tasks:submit': () => ({ ok: true, value: taskView({ id: 'w', kind: 'workbench' }) }),
    })
    render(<WorkbenchScreen />)
    const generate = screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement
    expect(generate.disabled).toBe(true)
    fireEvent.change(field('Prompt'), { target: { value: 'a tower' } })
    fireEvent.click(screen.getByRole('button', { name: 'Get quote' }))
    expect(await screen.findByTestId('quote')).toBeTruthy()
    expect(screen.getByTestId('quote-price').textContent).toBe('$0.0029')
    expect(screen.getByTestId('quote-payment').textContent).toBe('wallet')
    const quoted = main.of('generate:estimate')[0] as { request: Record<string, unknown> }
    expect(typeof quoted.request.seed).toBe('number')

    fireEvent.change(field('Steps'), { target: { value: '30' } })
    expect(screen.getByTestId('quote-problem').textContent).toContain('settings changed')
    expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    fireEvent.change(field('Steps'), { target: { value: '23' } })
    expect(screen.queryByTestId('quote-problem')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
    await waitFor(() => expect(main.of('tasks:submit')).toHaveLength(1))
    expect(main.of('tasks:submit')[0]).toMatchObject({
      kind: 'workbench',
      request: { ...quoted.request },
      quote: { quoteId: 'quote_1', priceUsd: 0.0029 },
    })
    // A quote buys one generation.
    await waitFor(() => expect(useWorkbenchStore.getState().quote).toBeNull())
  })

  it('sends no estimate while a field is out of range', async () => {
    const main = fakeMain()
    render(<WorkbenchScreen />)
    fireEvent.change(field('Prompt'), { target: { value: 'a tower' } })
    fireEvent.change(field('Guidance'), { target: { value: '10.5' } })
    expect(screen.getByText('Guidance must be 0 to 10')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Get quote' }))
    await act(async () => {})
    expect(main.of('generate:estimate')).toHaveLength(0)
    expect(main.of('generate:uploadAsset')).toHaveLength(0)
  })
})

import { beginItemDrag, isItemDrag } from '@renderer/components/itemDrag'
import ArtScreen from '@renderer/features/art/ArtScreen'
import ImagesScreen from '@renderer/features/images/ImagesScreen'
import { LIBRARY_ITEM_TYPE } from '@renderer/forms/libraryRef'
import { RESULTS_SHOWN } from '@renderer/forms/TaskResults'
import { useFormsStore } from '@renderer/stores/forms'
import { useGenerateStore } from '@renderer/stores/generate'
import { useLibraryStore } from '@renderer/stores/library'
import { useLibraryIntents } from '@renderer/stores/library/intents'
import { useNavigationStore } from '@renderer/stores/navigation'
import { useSettingsStore } from '@renderer/stores/settings'
import type { LibraryItem } from '@shared/library/types'
import type { TaskView } from '@shared/tasks/views'
import { fakeMain, field, resetScreensEachTest, taskView } from '@test/support/generateScreens'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { beforeEach, describe, expect, it } from 'vitest'

resetScreensEachTest()
beforeEach(() => {
  useSettingsStore.setState({ settings: { libraryDir: '/home/u/Gen Studio' } as never })
  useNavigationStore.setState({ area: 'images' })
  useLibraryIntents.setState({ intent: null })
  useGenerateStore.getState().clearSlot('images.references')
  useGenerateStore.getState().clearSlot('art.source')
})

const item = (id: string, over: Partial<LibraryItem> = {}): LibraryItem =>
  ({
    id,
    kind: 'image',
    media: 'image',
    model: 'std-image-2',
    prompt: `prompt of ${id}`,
    promptPreview: `prompt of ${id}`,
    fileName: `${id}.png`,
    relPath: `2026/11/${id}.png`,
    ext: 'png',
    bytes: 2048,
    width: 1024,
    height: 768,
    params: { quality: 'high', size: '1536x1024' },
    negativePrompt: '',
    seed: null,
    ...over,
  }) as unknown as LibraryItem

const saved = (id: string, createdAt: number, over: Partial<TaskView> = {}): TaskView =>
  taskView({
    id,
    createdAt,
    state: 'saved',
    prompt: `prompt of ${id}`,
    results: [{ index: 0, libraryId: `lib-${id}`, relPath: `2026/11/lib-${id}.png` }],
    ...over,
  })

/** A fake main whose library holds one item per result (library:get by id). */
function libraryMain(tasks: TaskView[], items: Record<string, LibraryItem> = {}) {
  return fakeMain({
    'tasks:list': () => ({ ok: true, value: tasks }),
    'library:get': (p) => {
      const id = (p as { id: string }).id
      const found = items[id] ?? (id.startsWith('lib-') ? item(id) : undefined)
      return found
        ? { ok: true, value: found }
        : {
            ok: false,
            error: { code: 'not_found', message: 'This item is no longer in the library.' },
          }
    },
  })
}

const cardOf = (prompt: string) =>
  screen.getAllByTestId('result').find((c) => c.textContent?.includes(prompt))!

describe('results history on the generation screens', () => {
  it(`lists the screen's last ${RESULTS_SHOWN} tasks, newest first, in a scrollable column`, async () => {
    const tasks = Array.from({ length: 60 }, (_, i) => saved(`t${i}`, 1000 + i))
    tasks.push(saved('v1', 5000, { kind: 'video', prompt: 'a video' }))
    libraryMain(tasks)
    render(<ImagesScreen />)
    await waitFor(() => expect(screen.getAllByTestId('result')).toHaveLength(RESULTS_SHOWN))
    const prompts = screen
      .getAllByTestId('result')
      .map((c) => c.querySelector('.result-prompt')!.textContent)
    expect(prompts[0]).toBe('prompt of t59')
    expect(prompts.at(-1)).toBe('prompt of t10')
    expect(screen.queryByText('a video')).toBeNull()
    expect(screen.getByTestId('results-history').className).toBe('results-history')
    const result = await axe.run(screen.getByTestId('results'), {
      rules: { 'color-contrast': { enabled: false } },
    })
    expect(
      result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ).toEqual([])
  })

  it('opens a result in the library detail', async () => {
    libraryMain([saved('a', 1)])
    render(<ImagesScreen />)
    fireEvent.click(await screen.findByRole('button', { name: 'Open in library' }))
    expect(useNavigationStore.getState().area).toBe('library')
    await waitFor(() => expect(useLibraryStore.getState().detail?.id).toBe('lib-a'))
  })

  it('reuses the settings of an older result on its own form', async () => {
    libraryMain([saved('new', 2), saved('old', 1)])
    render(<ImagesScreen />)
    await screen.findAllByTestId('result')
    fireEvent.click(within(cardOf('prompt of old')).getByRole('button', { name: 'Reuse settings' }))
    await waitFor(() => expect(field('Prompt').value).toBe('prompt of lib-old'))
    expect(field('Quality').value).toBe('high')
    expect(useFormsStore.getState().drafts.images.customSize).toBe('1536x1024')
    expect(screen.getByTestId('applied-notice').textContent).toContain('quality')
    expect(useNavigationStore.getState().area).toBe('images')
  })

  it('uses an image result as a reference: the images form switches to edit with it', async () => {
    const main = libraryMain([saved('a', 1)])
    render(<ImagesScreen />)
    fireEvent.click(await screen.findByRole('button', { name: 'Use as reference' }))
    await waitFor(() =>
      expect(screen.getByTestId('reference-thumb').textContent).toContain('lib-a.png'),
    )
    expect((field('Edit with reference images') as HTMLInputElement).checked).toBe(true)
    expect(useGenerateStore.getState().slots['images.references'][0]).toMatchObject({
      origin: 'library',
      libraryId: 'lib-a',
      path: '/home/u/Gen Studio/2026/11/lib-a.png',
    })
    expect(main.of('library:get')).toEqual([{ id: 'lib-a' }])
  })

  it('says so when the result is gone from the library', async () => {
    libraryMain([saved('a', 1, { results: [{ index: 0, libraryId: 'gone', relPath: 'x.png' }] })])
    render(<ImagesScreen />)
    fireEvent.click(await screen.findByRole('button', { name: 'Reuse settings' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This item is no longer in the library.',
    )
  })

  it('takes a result dragged onto a reference drop zone (images edit, art source)', async () => {
    libraryMain([saved('a', 1), saved('n', 2, { kind: 'native' })])
    useFormsStore.getState().patch('images', { operation: 'edit' })
    const { unmount } = render(<ImagesScreen />)
    const image = (await screen.findAllByAltText('Result 1 of 1'))[0]!
    const data = new Map<string, string>()
    const dataTransfer = {
      setData: (t: string, v: string) => data.set(t, v),
      getData: (t: string) => data.get(t) ?? '',
      clearData: () => data.clear(),
      get types() {
        return [...data.keys()]
      },
      files: [],
      items: [],
      effectAllowed: 'all',
      dropEffect: 'none',
    }
    fireEvent.dragStart(image, { dataTransfer })
    expect(dataTransfer.types).toEqual([LIBRARY_ITEM_TYPE])
    fireEvent.dragOver(screen.getByTestId('dropzone-images.references'), { dataTransfer })
    fireEvent.drop(screen.getByTestId('dropzone-images.references'), { dataTransfer })
    await waitFor(() =>
      expect(screen.getByTestId('reference-thumb').textContent).toContain('lib-a.png'),
    )
    unmount()

    useFormsStore.getState().patch('art', { action: 'img2img' })
    render(<ArtScreen />)
    const native = await screen.findByAltText('Result 1 of 1')
    data.clear()
    fireEvent.dragStart(native, { dataTransfer })
    fireEvent.drop(screen.getByTestId('dropzone-art.source'), { dataTransfer })
    await waitFor(() =>
      expect(useGenerateStore.getState().slots['art.source'][0]?.libraryId).toBe('lib-n'),
    )
  })

  it('takes library tiles dragged onto a drop zone (their OS drag carries the files, the ids are kept)', async () => {
    libraryMain([])
    useFormsStore.getState().patch('images', { operation: 'edit' })
    render(<ImagesScreen />)
    beginItemDrag(null, ['lib-x', 'lib-y'])
    const zone = screen.getByTestId('dropzone-images.references')
    const files = { types: ['Files'], files: [], items: [], getData: () => '' }
    fireEvent.dragOver(zone, { dataTransfer: files })
    fireEvent.drop(zone, { dataTransfer: files })
    await waitFor(() =>
      expect(
        useGenerateStore.getState().slots['images.references'].map((r) => r.libraryId),
      ).toEqual(['lib-x', 'lib-y']),
    )
    expect(isItemDrag(null)).toBe(false)
  })

  it('on the art screen, "Use as reference" makes the result the source of an image-to-image', async () => {
    libraryMain([saved('n', 1, { kind: 'native' })])
    render(<ArtScreen />)
    fireEvent.click(await screen.findByRole('button', { name: 'Use as reference' }))
    await waitFor(() =>
      expect(useGenerateStore.getState().slots['art.source'][0]?.libraryId).toBe('lib-n'),
    )
    expect(useFormsStore.getState().drafts.art.action).toBe('img2img')
    await act(async () => {})
    expect(screen.getByTestId('reference-thumb').textContent).toContain('lib-n.png')
  })
})

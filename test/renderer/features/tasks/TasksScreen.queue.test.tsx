import TasksScreen from '@renderer/features/tasks/TasksScreen'
import type { TaskView } from '@shared/tasks/views'
import { fakeMain, resetScreensEachTest, taskView } from '@test/support/generateScreens'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { resetBatchStoreEachTest } from '../batch/fixtures'

resetScreensEachTest()
resetBatchStoreEachTest()

/**
 * The queue in the Tasks screen (issue #29): queued, never-sent tasks in run order, moved by drag,
 * Alt+Arrow keys or Run next, edited in a dialog checked live, and removed with Undo.
 */
const queued = (id: string, position: number, over: Partial<TaskView> = {}) =>
  taskView({
    id,
    prompt: `prompt ${id}`,
    queuePosition: position,
    createdAt: 10 - position,
    ...over,
  })

/** main keeps the queue's order and answers each queue action with every queued task in order. */
function queueMain(initial: TaskView[], extra: Parameters<typeof fakeMain>[0] = {}) {
  let order = initial.map((t) => t.id)
  const byId = new Map(initial.map((t) => [t.id, t]))
  const views = () => order.map((id, i) => ({ ...byId.get(id)!, queuePosition: i, updatedAt: 2 }))
  return fakeMain({
    'tasks:list': () => ({
      ok: true,
      value: [...initial, taskView({ id: 'done', state: 'saved', createdAt: 20 })],
    }),
    'batch:list': () => ({ ok: true, value: [] }),
    'tasks:reorder': (p) => {
      order = (p as { ids: string[] }).ids
      return { ok: true, value: views() }
    },
    'tasks:runNext': (p) => {
      const id = (p as { id: string }).id
      order = [id, ...order.filter((x) => x !== id)]
      return { ok: true, value: views() }
    },
    'tasks:remove': (p) => {
      order = order.filter((x) => x !== (p as { id: string }).id)
      return { ok: true, value: views() }
    },
    ...extra,
  })
}

const rows = () => screen.getAllByTestId('task').map((el) => el.getAttribute('data-task-id'))
const rowOf = (id: string) =>
  screen.getAllByTestId('task').find((el) => el.getAttribute('data-task-id') === id)!

describe('Tasks screen: the queue', () => {
  it('shows the queue first in run order, then the other tasks; Run next moves one to the front', async () => {
    const main = queueMain([queued('a', 0), queued('b', 1), queued('c', 2)])
    render(<TasksScreen />)
    await waitFor(() => expect(rows()).toEqual(['a', 'b', 'c', 'done']))
    // The first one has no Run next: it already runs next.
    expect(within(rowOf('a')).queryByRole('button', { name: 'Run next' })).toBeNull()
    fireEvent.click(within(rowOf('c')).getByRole('button', { name: 'Run next' }))
    await waitFor(() => expect(rows()).toEqual(['c', 'a', 'b', 'done']))
    expect(main.of('tasks:runNext')).toEqual([{ id: 'c' }])
  })

  it('Alt+ArrowUp/Down on a focused row moves it one place', async () => {
    const main = queueMain([queued('a', 0), queued('b', 1), queued('c', 2)])
    render(<TasksScreen />)
    await waitFor(() => expect(rows()).toHaveLength(4))
    const item = rowOf('b').closest('li')!
    fireEvent.keyDown(item, { key: 'ArrowDown', altKey: true })
    await waitFor(() => expect(rows()).toEqual(['a', 'c', 'b', 'done']))
    fireEvent.keyDown(rowOf('b').closest('li')!, { key: 'ArrowUp', altKey: true })
    await waitFor(() => expect(rows()).toEqual(['a', 'b', 'c', 'done']))
    // Without Alt, arrows do nothing; a task of a batch given priority stays ahead of its tier.
    fireEvent.keyDown(rowOf('a').closest('li')!, { key: 'ArrowDown' })
    expect(main.of('tasks:reorder')).toEqual([{ ids: ['a', 'c', 'b'] }, { ids: ['a', 'b', 'c'] }])
  })

  it('does not move a task across a batch given priority', async () => {
    const main = queueMain([queued('p', 0, { queuePriority: 1 }), queued('a', 1)])
    render(<TasksScreen />)
    await waitFor(() => expect(rows()).toHaveLength(3))
    fireEvent.keyDown(rowOf('a').closest('li')!, { key: 'ArrowUp', altKey: true })
    expect(main.of('tasks:reorder')).toEqual([])
  })

  it('drag and drop puts the dragged task in the place it was dropped on', async () => {
    const main = queueMain([queued('a', 0), queued('b', 1), queued('c', 2)])
    render(<TasksScreen />)
    await waitFor(() => expect(rows()).toHaveLength(4))
    const data = new Map<string, string>()
    const dataTransfer = {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
      get types() {
        return [...data.keys()]
      },
      effectAllowed: 'all',
    }
    fireEvent.dragStart(rowOf('c').closest('li')!, { dataTransfer })
    fireEvent.dragOver(rowOf('a').closest('li')!, { dataTransfer })
    // The row it would go to shows it.
    expect(rowOf('a').closest('li')!.classList.contains('queue-drop')).toBe(true)
    fireEvent.drop(rowOf('a').closest('li')!, { dataTransfer })
    await waitFor(() => expect(rows()).toEqual(['c', 'a', 'b', 'done']))
    expect(main.of('tasks:reorder')).toEqual([{ ids: ['c', 'a', 'b'] }])
  })

  it("Edit checks the request live, shows the new price, and shows main's refusals on the fields", async () => {
    let answer: 'refuse' | 'accept' = 'refuse'
    const main = queueMain([queued('a', 0), queued('b', 1)], {
      'tasks:request': () => ({
        ok: true,
        value: {
          id: 'b',
          kind: 'image',
          request: { model: 'std-image-2', prompt: 'prompt b' },
          referenceCount: 0,
        },
      }),
      'tasks:edit': (p) =>
        answer === 'refuse'
          ? {
              ok: false,
              error: {
                code: 'validation',
                message: 'prompt: too long',
                fields: { 'request.prompt': 'The service refused this prompt' },
              },
            }
          : {
              ok: true,
              value: queued('b', 1, {
                prompt: (p as { request: { prompt: string } }).request.prompt,
                costUsd: 0.02,
                costLabel: '$0.02',
                updatedAt: 5,
              }),
            },
    })
    render(<TasksScreen />)
    await waitFor(() => expect(rows()).toHaveLength(3))
    fireEvent.click(within(rowOf('b')).getByRole('button', { name: 'Edit…' }))
    const dialog = within(await screen.findByTestId('edit-queued'))
    const prompt = (await dialog.findByLabelText('Prompt')) as HTMLTextAreaElement
    expect(prompt.value).toBe('prompt b')
    // An unknown quality is refused live by the shared catalog validator; nothing is sent.
    fireEvent.change(dialog.getByLabelText('Quality'), { target: { value: 'ultra' } })
    expect(dialog.getByText(/quality/i, { selector: '.field-error' })).toBeTruthy()
    expect(
      (dialog.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    fireEvent.change(dialog.getByLabelText('Quality'), { target: { value: 'high' } })
    expect(dialog.getByTestId('edit-price').textContent).toBe('Estimate: $0.01 → $0.02')
    fireEvent.change(prompt, { target: { value: 'a bluer b' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }))
    expect(await dialog.findByText('The service refused this prompt')).toBeTruthy()
    expect(main.of('tasks:edit')).toEqual([
      { id: 'b', request: { model: 'std-image-2', prompt: 'a bluer b', quality: 'high' } },
    ])
    answer = 'accept'
    fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.queryByTestId('edit-queued')).toBeNull())
    expect(within(rowOf('b')).getByText('$0.02')).toBeTruthy()
    expect(within(rowOf('b')).getByText('a bluer b')).toBeTruthy()
  })

  it('Remove takes a task off the list with Undo, which restores it through main', async () => {
    const main = queueMain([queued('a', 0), queued('b', 1)], {
      'tasks:restore': () => ({
        ok: true,
        value: queued('b2', 1, { prompt: 'prompt b', updatedAt: 9 }),
      }),
    })
    render(<TasksScreen />)
    await waitFor(() => expect(rows()).toHaveLength(3))
    fireEvent.click(within(rowOf('b')).getByRole('button', { name: 'Remove' }))
    const toast = await screen.findByTestId('queue-removed')
    expect(rows()).toEqual(['a', 'done'])
    expect(toast.textContent).toContain('Removed from the queue')
    await act(async () => fireEvent.click(within(toast).getByRole('button', { name: 'Undo' })))
    await waitFor(() => expect(rows()).toEqual(['a', 'b2', 'done']))
    expect(main.of('tasks:restore')).toEqual([{ id: 'b' }])
    expect(screen.queryByTestId('queue-removed')).toBeNull()
  })

  it('an edit over a budget cap says so and can go over it once', async () => {
    const main = queueMain([queued('a', 0)], {
      'tasks:request': () => ({
        ok: true,
        value: {
          id: 'a',
          kind: 'image',
          request: { model: 'std-image-2', prompt: 'prompt a' },
          referenceCount: 0,
        },
      }),
      'tasks:edit': (p) =>
        (p as { overrideBudget?: boolean }).overrideBudget
          ? { ok: true, value: queued('a', 0, { costUsd: 0.02, costLabel: '$0.02', updatedAt: 5 }) }
          : {
              ok: false,
              error: {
                code: 'over_budget',
                message: "This request ($0.01) would go over today's image cap of $0.02.",
              },
            },
    })
    render(<TasksScreen />)
    await waitFor(() => expect(rows()).toHaveLength(2))
    fireEvent.click(within(rowOf('a')).getByRole('button', { name: 'Edit…' }))
    const dialog = within(await screen.findByTestId('edit-queued'))
    fireEvent.change(await dialog.findByLabelText('Quality'), { target: { value: 'high' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }))
    expect((await dialog.findByRole('alert')).textContent).toContain("today's image cap")
    fireEvent.click(dialog.getByRole('button', { name: 'Go over the cap once' }))
    await waitFor(() => expect(screen.queryByTestId('edit-queued')).toBeNull())
    expect(main.of('tasks:edit')).toEqual([
      { id: 'a', request: { model: 'std-image-2', prompt: 'prompt a', quality: 'high' } },
      {
        id: 'a',
        request: { model: 'std-image-2', prompt: 'prompt a', quality: 'high' },
        overrideBudget: true,
      },
    ])
    expect(within(rowOf('a')).getByText('$0.02')).toBeTruthy()
  })
})

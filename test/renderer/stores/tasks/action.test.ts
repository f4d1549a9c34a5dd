import { initialState, sortTasks, useTasksStore } from '@renderer/stores/tasks'
import type { Result } from '@shared/result'
import type { TaskView } from '@shared/tasks/views'
import { fakeMain } from '@test/support/generateScreens'
import { beforeEach, describe, expect, it } from 'vitest'

const view = (id: string, updatedAt: number, createdAt = updatedAt) =>
  ({ id, updatedAt, createdAt, state: 'running' }) as unknown as TaskView

/** A fake main whose tasks:list answer waits until the test sends it. */
function slowList() {
  let answer: (list: TaskView[]) => void = () => {}
  const main = fakeMain({
    'tasks:list': () =>
      new Promise<Result<TaskView[]>>((resolve) => {
        answer = (list) => resolve({ ok: true, value: list })
      }) as unknown as Result<unknown>,
  })
  return { main, answer: (list: TaskView[]) => answer(list) }
}

const held = () => useTasksStore.getState().tasks
const settle = () => new Promise((r) => setTimeout(r, 0))

beforeEach(() => useTasksStore.setState(initialState))

describe('tasks store', () => {
  it('a newer view replaces an older one, never the reverse; removed ids go', () => {
    const { receive } = useTasksStore.getState()
    receive({ changed: [view('a', 5), view('b', 5)], removed: [] })
    receive({ changed: [view('a', 3), view('b', 9)], removed: [] })
    expect(held().a!.updatedAt).toBe(5)
    expect(held().b!.updatedAt).toBe(9)
    receive({ changed: [], removed: ['a'] })
    expect(Object.keys(held())).toEqual(['b'])
  })

  it('an older list answer cannot overwrite a newer event, and fills in what the event lacked', async () => {
    const { main, answer } = slowList()
    const release = useTasksStore.getState().connect()
    await settle()
    main.emit('tasks:updated', { changed: [view('a', 5)], removed: [] })
    answer([view('a', 3), view('b', 2)])
    await settle()
    release()
    expect(held().a!.updatedAt).toBe(5)
    expect(held().b!.updatedAt).toBe(2)
    expect(useTasksStore.getState().loaded).toBe(true)
  })

  it('a removal from an event is not brought back by a list answer taken before it', async () => {
    const { main, answer } = slowList()
    useTasksStore.getState().receive({ changed: [view('a', 1), view('b', 1)] })
    const release = useTasksStore.getState().connect()
    await settle()
    main.emit('tasks:updated', { changed: [], removed: ['a'] })
    answer([view('a', 1), view('b', 1)])
    await settle()
    release()
    expect(Object.keys(held())).toEqual(['b'])
    // Nor by a later one that still carries it, nor by an action's answer.
    useTasksStore.getState().receive({ changed: [view('a', 7)] })
    expect(held().a).toBeUndefined()
  })

  it('a task the list no longer holds goes, unless an event brought it after the question', async () => {
    const { main, answer } = slowList()
    useTasksStore.getState().receive({ changed: [view('gone', 1)] })
    const release = useTasksStore.getState().connect()
    await settle()
    main.emit('tasks:updated', { changed: [view('new', 4)], removed: [] })
    answer([])
    await settle()
    release()
    expect(Object.keys(held())).toEqual(['new'])
  })

  it('every screen that connects shares one tasks:updated subscription', async () => {
    const main = fakeMain({ 'tasks:list': () => ({ ok: true, value: [view('a', 1)] }) })
    const { connect } = useTasksStore.getState()
    const releaseTasks = connect()
    const releaseForm = connect()
    await settle()
    expect(main.subscriptions('tasks:updated')).toBe(1)
    expect(main.of('tasks:list')).toHaveLength(2)
    main.emit('tasks:updated', { changed: [view('a', 2)], removed: [] })
    expect(held().a!.updatedAt).toBe(2)
    releaseTasks()
    releaseTasks()
    expect(main.listening('tasks:updated')).toBe(1)
    releaseForm()
    expect(main.listening('tasks:updated')).toBe(0)
  })

  it('sorts newest first, ties by id', () => {
    const tasks = { x: view('x', 1, 1), y: view('y', 1, 2), z: view('z', 1, 2) }
    expect(sortTasks(tasks).map((t) => t.id)).toEqual(['z', 'y', 'x'])
  })
})

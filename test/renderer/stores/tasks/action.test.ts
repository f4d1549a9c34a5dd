import { sortTasks, useTasksStore } from '@renderer/stores/tasks'
import type { TaskView } from '@shared/tasks/views'
import { beforeEach, describe, expect, it } from 'vitest'

const view = (id: string, updatedAt: number, createdAt = updatedAt) =>
  ({ id, updatedAt, createdAt, state: 'running' }) as unknown as TaskView

beforeEach(() => useTasksStore.setState({ tasks: {} }))

describe('tasks store', () => {
  it('a newer view replaces an older one, never the reverse; removed ids go', () => {
    const { receive } = useTasksStore.getState()
    receive({ changed: [view('a', 5), view('b', 5)], removed: [] })
    receive({ changed: [view('a', 3), view('b', 9)], removed: [] })
    expect(useTasksStore.getState().tasks.a!.updatedAt).toBe(5)
    expect(useTasksStore.getState().tasks.b!.updatedAt).toBe(9)
    receive({ changed: [], removed: ['a'] })
    expect(Object.keys(useTasksStore.getState().tasks)).toEqual(['b'])
  })

  it('sorts newest first, ties by id', () => {
    const tasks = { x: view('x', 1, 1), y: view('y', 1, 2), z: view('z', 1, 2) }
    expect(sortTasks(tasks).map((t) => t.id)).toEqual(['z', 'y', 'x'])
  })
})

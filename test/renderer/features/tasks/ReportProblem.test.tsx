import { ReportProblem } from '@renderer/features/tasks/ReportProblem'
import { fakeMain } from '@test/support/generateScreens'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

afterEach(cleanup)

describe('Report a problem with this result', () => {
  it('sends the reason for this task and says where it will show', async () => {
    const m = fakeMain({
      'tasks:markUnusable': () => ({ ok: true, value: { id: 't1', reportedAt: 1 } }),
    })
    render(<ReportProblem taskId="t1" />)
    fireEvent.click(screen.getByRole('button', { name: 'Report a problem with this result' }))
    const send = screen.getByRole('button', { name: 'Report' })
    expect(send).toHaveProperty('disabled', true)
    fireEvent.change(screen.getByLabelText('What was wrong with the result?'), {
      target: { value: 'The hands have seven fingers' },
    })
    fireEvent.click(send)
    expect((await screen.findByTestId('problem-reported')).textContent).toContain(
      'listed when you prepare a claim',
    )
    expect(m.of('tasks:markUnusable')).toEqual([
      { id: 't1', reason: 'The hands have seven fingers' },
    ])
  })

  it('keeps the reason and shows main’s message when the report is refused', async () => {
    fakeMain({
      'tasks:markUnusable': () => ({
        ok: false,
        error: { code: 'validation', message: 'Only a saved result can be reported as unusable.' },
      }),
    })
    render(<ReportProblem taskId="t1" />)
    fireEvent.click(screen.getByRole('button', { name: 'Report a problem with this result' }))
    fireEvent.change(screen.getByLabelText('What was wrong with the result?'), {
      target: { value: 'blank' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Report' }))
    expect(await screen.findByText('Only a saved result can be reported as unusable.')).toBeTruthy()
    expect(screen.getByLabelText('What was wrong with the result?')).toHaveProperty(
      'value',
      'blank',
    )
    expect(screen.queryByTestId('problem-reported')).toBeNull()
  })
})

import VideoScreen from '@renderer/features/video/VideoScreen'
import { fakeMain, field, resetScreensEachTest } from '@test/support/generateScreens'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

resetScreensEachTest()

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

import { SPRING_DELAY_MS, useSpringLoad } from '@renderer/components/springLoad'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

function Nav({ go }: { go(area: string): void }) {
  const springTo = useSpringLoad(go)
  return (
    <>
      <button type="button" {...springTo('images')}>
        Images
      </button>
      <button type="button" {...springTo('art')}>
        Art
      </button>
    </>
  )
}

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('spring-loaded navigation', () => {
  it('opens the area a drag rests on, not one it passes over or is dropped on', () => {
    vi.useFakeTimers()
    const go = vi.fn()
    render(<Nav go={go} />)
    fireEvent.dragEnter(screen.getByText('Images'))
    vi.advanceTimersByTime(SPRING_DELAY_MS - 100)
    fireEvent.dragLeave(screen.getByText('Images'))
    fireEvent.dragEnter(screen.getByText('Art'))
    fireEvent.drop(screen.getByText('Art'))
    vi.advanceTimersByTime(SPRING_DELAY_MS * 2)
    expect(go).not.toHaveBeenCalled()
    fireEvent.dragEnter(screen.getByText('Art'))
    vi.advanceTimersByTime(SPRING_DELAY_MS)
    expect(go).toHaveBeenCalledWith('art')
  })
})

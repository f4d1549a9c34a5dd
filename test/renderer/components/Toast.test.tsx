import { EmptyState } from '@renderer/components/EmptyState'
import { Toast } from '@renderer/components/Toast'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { Inbox } from 'lucide-react'
import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('Toast', () => {
  it('is a polite status with Undo and Dismiss; the icons are hidden from assistive tech', () => {
    const onUndo = vi.fn()
    const onDismiss = vi.fn()
    render(
      <Toast onUndo={onUndo} onDismiss={onDismiss}>
        Deleted 2 items.
      </Toast>,
    )
    const toast = screen.getByRole('status')
    expect(toast.getAttribute('aria-live')).toBe('polite')
    expect(toast.textContent).toContain('Deleted 2 items.')
    fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }))
    fireEvent.click(within(toast).getByRole('button', { name: 'Dismiss' }))
    expect(onUndo).toHaveBeenCalledTimes(1)
    expect(onDismiss).toHaveBeenCalledTimes(1)
    for (const svg of toast.querySelectorAll('svg'))
      expect(svg.getAttribute('aria-hidden')).toBe('true')
  })

  it('has no Undo without onUndo', () => {
    render(<Toast onDismiss={() => {}}>Saved.</Toast>)
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull()
  })

  it('dismisses itself at dismissAt, once, whatever the re-renders in between', () => {
    vi.useFakeTimers()
    const onDismiss = vi.fn()
    const at = Date.now() + 5000
    const { rerender } = render(
      <Toast onDismiss={onDismiss} dismissAt={at}>
        One
      </Toast>,
    )
    act(() => void vi.advanceTimersByTime(3000))
    // A new callback and new text (a countdown) do not restart the timer.
    rerender(
      <Toast onDismiss={() => onDismiss()} dismissAt={at}>
        Two
      </Toast>,
    )
    expect(onDismiss).not.toHaveBeenCalled()
    act(() => void vi.advanceTimersByTime(2000))
    expect(onDismiss).toHaveBeenCalledTimes(1)
  })
})

describe('EmptyState', () => {
  it('shows the title, hint and action, with a decorative icon', () => {
    render(
      <EmptyState
        icon={Inbox}
        title="Nothing here yet."
        hint="Things you make appear here."
        action={<button type="button">Make one</button>}
        data-testid="empty"
      />,
    )
    const empty = screen.getByTestId('empty')
    expect(empty.textContent).toBe('Nothing here yet.Things you make appear here.Make one')
    expect(screen.getByRole('button', { name: 'Make one' })).toBeTruthy()
    expect(empty.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true')
  })
})

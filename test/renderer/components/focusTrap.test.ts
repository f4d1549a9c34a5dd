import { trapTab } from '@renderer/components/focusTrap'
import type { KeyboardEvent } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

function dialog(): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = `
    <button id="first">Close</button>
    <button id="off" tabindex="-1">Skipped</button>
    <input id="middle" />
    <button id="last">Delete</button>
    <button id="disabled" disabled>Disabled</button>`
  document.body.append(root)
  return root
}

const key = (init: { key: string; shiftKey?: boolean }) => {
  const preventDefault = vi.fn()
  return {
    event: { shiftKey: false, ...init, preventDefault } as unknown as KeyboardEvent,
    preventDefault,
  }
}

afterEach(() => document.body.replaceChildren())

describe('trapTab', () => {
  it('wraps Tab from the last enabled control to the first', () => {
    const root = dialog()
    root.querySelector<HTMLElement>('#last')!.focus()
    const { event, preventDefault } = key({ key: 'Tab' })
    trapTab(event, root)
    expect(preventDefault).toHaveBeenCalled()
    expect(document.activeElement?.id).toBe('first')
  })

  it('wraps Shift+Tab from the first control to the last, skipping disabled and tabindex -1', () => {
    const root = dialog()
    root.querySelector<HTMLElement>('#first')!.focus()
    const { event } = key({ key: 'Tab', shiftKey: true })
    trapTab(event, root)
    expect(document.activeElement?.id).toBe('last')
  })

  it('leaves Tab in the middle and other keys to the browser', () => {
    const root = dialog()
    root.querySelector<HTMLElement>('#middle')!.focus()
    const tab = key({ key: 'Tab' })
    trapTab(tab.event, root)
    expect(tab.preventDefault).not.toHaveBeenCalled()
    root.querySelector<HTMLElement>('#last')!.focus()
    const enter = key({ key: 'Enter' })
    trapTab(enter.event, root)
    expect(enter.preventDefault).not.toHaveBeenCalled()
    expect(document.activeElement?.id).toBe('last')
  })
})

import { useState } from 'react'

/**
 * A button's action that sends something once: while it runs the button says so and a second
 * click does nothing (a double click never sends twice). Answers [sending, run].
 */
export function useSending(action: () => Promise<void> | void): [boolean, () => Promise<void>] {
  const [sending, setSending] = useState(false)
  const run = async () => {
    if (sending) return
    setSending(true)
    try {
      await action()
    } finally {
      setSending(false)
    }
  }
  return [sending, run]
}

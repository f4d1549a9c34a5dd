import { CodeBlock, HIGHLIGHT_MAX_CHARS } from '@renderer/features/chat/CodeBlock'
import { cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

afterEach(cleanup)

const LINE = 'const value = compute(alpha, "beta", 42) // note\n'
const codeOf = (chars: number) => LINE.repeat(Math.ceil(chars / LINE.length)).slice(0, chars)

describe('CodeBlock', () => {
  it('highlights a block of ordinary size once it has settled', async () => {
    const { container } = render(<CodeBlock code={codeOf(2_000)} language="javascript" />)
    await waitFor(() => expect(container.querySelector('.hljs-keyword')?.textContent).toBe('const'))
  })

  it('leaves a block over the limit as plain text (issue #13: 400 KB froze the page for 22 s)', async () => {
    const code = codeOf(HIGHLIGHT_MAX_CHARS + 1)
    const { container } = render(<CodeBlock code={code} language="javascript" />)
    // Long enough for the highlighter to have loaded and run on the small block above.
    await new Promise((r) => setTimeout(r, 600))
    const el = container.querySelector('code')!
    expect(el.className).toBe('')
    expect(el.querySelectorAll('span')).toHaveLength(0)
    expect(el.textContent).toBe(code)
  })

  it('while a reply streams, the block is highlighted once, after the text stops changing', async () => {
    const { container, rerender } = render(<CodeBlock code={LINE} language="javascript" />)
    for (let i = 2; i <= 10; i++) {
      rerender(<CodeBlock code={LINE.repeat(i)} language="javascript" />)
      await new Promise((r) => setTimeout(r, 20))
      expect(container.querySelector('.hljs')).toBeNull()
    }
    await waitFor(() => expect(container.querySelectorAll('.hljs-keyword')).toHaveLength(10))
  })
})

import { PromptBox } from '@renderer/forms/PromptBox'
import { clearSuggestionCache } from '@renderer/forms/promptSuggest'
import { emptyHistory, useFormsStore } from '@renderer/stores/forms'
import type { TermCount } from '@shared/library/promptTerms'
import { fakeMain } from '@test/support/generateScreens'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const LIBRARY: Record<string, TermCount[]> = {
  blu: [
    { text: 'blue', count: 40 },
    { text: 'blue hair', count: 30 },
    { text: 'blush', count: 2 },
  ],
  ligh: [{ text: 'lighthouse', count: 3 }],
}

function Harness() {
  const [value, setValue] = useState('')
  return (
    <form>
      <PromptBox form="art" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </form>
  )
}

beforeEach(() => {
  clearSuggestionCache()
  useFormsStore.setState({ history: { ...emptyHistory(), art: ['blush, smile', 'blush'] } })
})
afterEach(cleanup)

const box = () => screen.getByLabelText('Prompt') as HTMLTextAreaElement
const options = () =>
  within(screen.getByRole('listbox', { name: 'Prompt suggestions' })).getAllByRole('option')

async function type(text: string) {
  fireEvent.change(box(), { target: { value: text } })
  await act(async () => new Promise((r) => setTimeout(r, 200)))
}

describe('PromptBox autocomplete', () => {
  it('lists the tag completions ranked by use (library plus history) and asks main once per prefix', async () => {
    const main = fakeMain({
      'library:promptTokens': (p) => ({
        ok: true,
        value: LIBRARY[(p as { prefix: string }).prefix] ?? [],
      }),
    })
    render(<Harness />)
    await type('1girl, blu')
    expect(options().map((o) => o.textContent)).toEqual([
      'blue40, used in 40 prompts',
      'blue hair30, used in 30 prompts',
      'blush4, used in 4 prompts',
    ])
    expect(box().getAttribute('aria-autocomplete')).toBe('list')
    expect(box().getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id)
    await type('1girl, blu ')
    await type('1girl, blu')
    expect(main.of('library:promptTokens')).toEqual([{ prefix: 'blu', limit: 20 }])
    const result = await axe.run(screen.getByRole('listbox').parentElement!, {
      rules: { 'color-contrast': { enabled: false } },
    })
    expect(
      result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ).toEqual([])
  })

  it('↓/↑ choose (wrapping), Enter accepts the tag with ", ", Esc closes, Tab accepts a word', async () => {
    fakeMain({
      'library:promptTokens': (p) => ({
        ok: true,
        value: LIBRARY[(p as { prefix: string }).prefix] ?? [],
      }),
    })
    render(<Harness />)
    await type('1girl, blu')
    // Enter with nothing chosen is a plain new line: not taken.
    expect(fireEvent.keyDown(box(), { key: 'Enter' })).toBe(true)
    fireEvent.keyDown(box(), { key: 'ArrowUp' })
    expect(options()[2]!.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(box(), { key: 'ArrowDown' })
    expect(box().getAttribute('aria-activedescendant')).toBe(options()[0]!.id)
    fireEvent.keyDown(box(), { key: 'ArrowDown' })
    expect(fireEvent.keyDown(box(), { key: 'Enter' })).toBe(false)
    expect(screen.getByTestId('value').textContent).toBe('1girl, blue hair, ')
    expect(box().selectionStart).toBe('1girl, blue hair, '.length)
    expect(screen.queryByRole('listbox')).toBeNull()

    await type('1girl, blue hair, blu')
    expect(options()).toHaveLength(3)
    fireEvent.keyDown(box(), { key: 'Escape' })
    expect(screen.queryByRole('listbox')).toBeNull()

    await type('a photo of a ligh')
    fireEvent.keyDown(box(), { key: 'ArrowDown' })
    fireEvent.keyDown(box(), { key: 'Tab' })
    expect(screen.getByTestId('value').textContent).toBe('a photo of a lighthouse ')
  })

  it('leaves Ctrl+Enter and Alt+↑ to the form and the history; a click on an option accepts it', async () => {
    fakeMain({ 'library:promptTokens': () => ({ ok: true, value: [] }) })
    render(<Harness />)
    await type('smile, bl')
    expect(options().map((o) => o.firstChild?.textContent)).toEqual(['blush'])
    fireEvent.keyDown(box(), { key: 'ArrowDown' })
    expect(fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true })).toBe(true)
    fireEvent.click(options()[0]!)
    expect(screen.getByTestId('value').textContent).toBe('smile, blush, ')
    fireEvent.keyDown(box(), { key: 'ArrowUp', altKey: true })
    expect(screen.getByTestId('value').textContent).toBe('blush, smile')
  })

  it('works without the library (main refuses): history alone', async () => {
    fakeMain()
    render(<Harness />)
    await type('bl')
    expect(options().map((o) => o.firstChild?.textContent)).toEqual(['blush'])
  })
})

import { FinishPanel } from '@renderer/features/library/finish/FinishPanel'
import { initialState, useSpendingStore } from '@renderer/stores/spending'
import { finishItem } from '@test/support/finishItem'
import { fakeMain } from '@test/support/generateScreens'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

beforeEach(() => useSpendingStore.setState(initialState()))
afterEach(cleanup)

const item = finishItem({ width: 1024, height: 768 })

describe('Finish panel: every tool passes an axe scan (issue #31)', () => {
  it.each(['Crop…', 'Resize…', 'Upscale…', 'Expand canvas…'])('%s', async (tool) => {
    fakeMain({
      'picture:lineage': () => ({ ok: true, value: { madeFrom: null, derived: [] } }),
      'picture:jobs': () => ({ ok: true, value: [] }),
      'picture:upscaleEstimate': () => ({
        ok: true,
        value: { seconds: 42, tiles: 12, width: 2048, height: 1536, memoryOk: true },
      }),
    })
    render(<FinishPanel item={item} />)
    const button = screen.getByRole('button', { name: tool })
    fireEvent.click(button)
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'))
    const result = await axe.run(screen.getByTestId('finish'))
    expect(result.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([])
  })
})

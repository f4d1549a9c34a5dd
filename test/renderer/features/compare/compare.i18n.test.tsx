import { CompareButton } from '@renderer/features/compare/CompareButton'
import { LibraryOverlays } from '@renderer/features/viewer/LibraryOverlays'
import { clearItemCache } from '@renderer/features/viewer/useLibraryItem'
import { startI18n } from '@renderer/i18n/setup'
import { useLibraryStore } from '@renderer/stores/library'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { item, libraryMain, seedLibrary, tile } from '../viewer/fixtures'

const a = item(1, {
  prompt: 'a red fox',
  params: { steps: 20, sampler: 'euler', enhance: true },
  costEstimate: null,
})
const b = item(2, {
  prompt: 'a blue fox',
  params: { steps: 28, sampler: 'euler', enhance: false },
  costEstimate: null,
})

beforeEach(async () => {
  clearItemCache()
  seedLibrary([tile(1), tile(2)])
  await startI18n('ko')
})
afterEach(async () => {
  cleanup()
  await startI18n('en')
})

describe('compare in Korean (issue #34)', () => {
  it('names rows, parameters and values in Korean: no field name, true/false or key shows', async () => {
    libraryMain({ i1: a, i2: b })
    useLibraryStore.setState({ selection: new Set(['i1', 'i2']) })
    render(
      <>
        <CompareButton />
        <LibraryOverlays />
      </>,
    )
    act(() => void fireEvent.click(screen.getByRole('button', { name: '비교' })))
    const table = await screen.findByTestId('compare-table')
    expect(screen.getByRole('dialog', { name: '2개 항목 비교' })).toBeTruthy()
    expect(table.querySelector('caption')!.textContent).toBe('설정: 3개 다름 (강조 표시)')
    const header = (key: string) =>
      within(screen.getByTestId(`compare-row-${key}`)).getByRole('rowheader').textContent
    expect(header('prompt')).toBe('프롬프트 (다름)')
    expect(header('param:steps')).toBe('스텝 수 (다름)')
    expect(header('param:sampler')).toBe('샘플러')
    expect(header('param:enhance')).toBe('보정 (다름)')
    expect(screen.getByTestId('compare-row-param:enhance').textContent).toContain('예')
    expect(screen.getByTestId('compare-row-cost').textContent).toContain('공개된 요금 없음')
    const prompt = screen.getByTestId('compare-row-prompt')
    expect(prompt.querySelector('del')!.textContent).toBe('[삭제됨: red]')
    expect(screen.getByRole('button', { name: '나란히 보기' })).toBeTruthy()
    const shown = document.body.textContent ?? ''
    for (const raw of ['true', 'false', 'steps', 'Setting', 'differs', 'No published rate'])
      expect(shown).not.toContain(raw)
    expect(shown).not.toMatch(/\b(rowPrompt|paramSteps|caption|sideBySide)\b/)
  })
})

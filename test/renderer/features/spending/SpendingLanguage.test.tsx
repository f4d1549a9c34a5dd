import SpendingScreen from '@renderer/features/spending/SpendingScreen'
import { startI18n } from '@renderer/i18n/setup'
import { initialState, useSpendingStore } from '@renderer/stores/spending'
import type { UiLanguage } from '@shared/i18n/locales'
import { fakeMain } from '@test/support/generateScreens'
import { budgetState, entry, summaryAnswer, use } from '@test/support/spendingFakes'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** A week with every ledger status and basis in the top list, and a video cap gone over. */
function main() {
  return fakeMain({
    'spending:summary': summaryAnswer({
      top: [
        entry({ id: 'a', kind: 'video', model: 'motion-1', basis: 'quote', status: 'pending' }),
        entry({ id: 'b', status: 'settled' }),
        entry({ id: 'c', kind: 'art', status: 'failed', prompt: '' }),
        entry({ id: 'd', kind: 'text', amountUsd: null, basis: 'none', status: 'void' }),
      ],
    }),
    'budget:get': () => ({
      ok: true,
      value: budgetState({
        budgets: {
          dailyUsd: 0.05,
          monthlyUsd: null,
          perKind: { video: { dailyUsd: null, monthlyUsd: 1 } },
          warnAt: 0.8,
        },
        uses: [
          use(),
          use({ period: 'month', kind: 'video', capUsd: 1, spentUsd: 2.2, remainingUsd: 0 }),
        ],
      }),
    }),
  })
}

/** The screen's words once every .mono element (model ids, paths: facts, not words) is gone. */
function wordsOf(el: HTMLElement): string {
  const copy = el.cloneNode(true) as HTMLElement
  for (const n of copy.querySelectorAll('.mono')) n.remove()
  return copy.textContent ?? ''
}

async function renderIn(language: UiLanguage) {
  await act(async () => {
    await startI18n(language)
  })
  main()
  useSpendingStore.setState({ preset: 'week' })
  render(<SpendingScreen />)
  await screen.findByTestId('spend-total')
  return screen.getByTestId('screen-spending')
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 2, 12, 0, 30) })
  useSpendingStore.setState(initialState())
  localStorage.clear()
})
afterEach(async () => {
  cleanup()
  vi.useRealTimers()
  await startI18n('en')
})

describe('Spending in other languages (issue #34)', () => {
  it('is in Japanese: statuses, kinds, caps and money as words, no enum or key name', async () => {
    const el = await renderIn('ja')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('支出')
    expect(screen.getByText('支出の見積もり', { selector: 'dt' })).toBeTruthy()
    expect(screen.getByTestId('spend-total').textContent).toBe('$0.30')
    expect(screen.getByTestId('use-all.day').textContent).toBe('今日 $0.04 / $0.05、残り $0.01')
    expect(screen.getByTestId('use-video.month').textContent).toBe(
      '今月の動画の上限を $1.20 超過（$2.20 / $1.00）',
    )
    expect(screen.getByLabelText('動画: 1 か月の上限（USD）')).toBeTruthy()
    const top = screen.getAllByTestId('top-entry').map((e) => e.textContent ?? '')
    expect(top[0]).toContain('承認した見積もり · 処理中')
    expect(top[1]).toContain('確定')
    expect(top[2]).toContain('失敗（集計対象外）')
    expect(top[3]).toContain('公開価格なし')
    expect(top[3]).toContain('未送信')
    const words = wordsOf(el)
    // Latin words left are names and units: the project, the prompt, USD, CSV (and US$).
    const latin = words
      .replace(/Client X|a lighthouse at dusk|USD|CSV|US\$/g, '')
      .match(/[A-Za-z]{2,}/g)
    expect(latin).toBeNull()
    expect(words).not.toContain('…')
  })

  it.each(['zh-Hans', 'ko'] as const)('has no English words left in %s', async (language) => {
    const el = await renderIn(language)
    const latin = wordsOf(el)
      .replace(/Client X|a lighthouse at dusk|USD|CSV|US\$/g, '')
      .match(/[A-Za-z]{2,}/g)
    expect(latin).toBeNull()
  })
})

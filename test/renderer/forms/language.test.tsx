import ArtScreen from '@renderer/features/art/ArtScreen'
import { BudgetBadge } from '@renderer/forms/BudgetBadge'
import { ResultCard } from '@renderer/forms/ResultCard'
import { formatMoneyUsd } from '@renderer/i18n/format'
import { startI18n } from '@renderer/i18n/setup'
import { useOrganiseStore } from '@renderer/stores/organise'
import { initialState, useSpendingStore } from '@renderer/stores/spending'
import enCommon from '@shared/i18n/locales/en/common.json'
import { fakeMain, resetScreensEachTest, taskView } from '@test/support/generateScreens'
import { budgetState } from '@test/support/spendingFakes'
import { render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

resetScreensEachTest()
beforeEach(() => useSpendingStore.setState(initialState()))
afterEach(async () => {
  await startI18n('en')
})

/** Catalog keys (camelCase identifiers) that would show if a message were looked up wrongly. */
const KEY_NAMES = Object.keys(enCommon).filter((k) => /[a-z][A-Z]/.test(k))

/** Fails naming any catalog key, raw task state or English source text found in `text`. */
function expectNoRawWords(text: string, english: string[]) {
  for (const key of KEY_NAMES) expect(text, key).not.toContain(key)
  for (const raw of ['needs_attention', 'imageDay', 'projectDay']) expect(text).not.toContain(raw)
  for (const words of english) expect(text).not.toContain(words)
}

describe('the form kit in other languages (issue #34)', () => {
  it('an art screen in Japanese: fields, footer and results column are Japanese', async () => {
    fakeMain()
    await startI18n('ja')
    render(<ArtScreen />)
    expect(await screen.findByLabelText('ステップ数')).toBeTruthy()
    expect(screen.getByLabelText('モデルバリアント')).toBeTruthy()
    expect(screen.getByText('ファイルから設定を適用…')).toBeTruthy()
    expect(screen.getByText('見積もり')).toBeTruthy()
    expect(screen.getByText('まだ何も生成していません。')).toBeTruthy()
    expect(screen.getByRole('button', { name: /^生成$/ })).toBeTruthy()
    expectNoRawWords(document.body.textContent ?? '', [
      'Estimated cost',
      'Nothing generated here yet.',
      'Apply settings from a file',
      'Steps',
    ])
  })

  it('a result card in Korean names the state and the new price in words, never the enum', async () => {
    fakeMain()
    await startI18n('ko')
    render(
      <ResultCard
        takesReferences
        task={taskView({
          state: 'needs_attention',
          pendingQuote: { quoteId: 'q2', priceUsd: 0.05, quotedAt: 2 },
          quote: { quoteId: 'q1', priceUsd: 0.04, quotedAt: 1 },
        })}
      />,
    )
    expect(screen.getByText('확인 필요')).toBeTruthy()
    const notice = screen.getByText(/견적이 만료되었습니다/)
    expect(notice.textContent).toContain(formatMoneyUsd(0.05))
    expect(notice.textContent).toContain(formatMoneyUsd(0.04))
    expect(screen.getByRole('article').getAttribute('aria-label')).toBe('std-image-2: 확인 필요')
    expectNoRawWords(document.body.textContent ?? '', ['Needs attention', 'The quote expired'])
  })

  it('the budget badge in Simplified Chinese: the cap in words, money as Chinese writes dollars', async () => {
    fakeMain({ 'budget:get': () => ({ ok: true, value: budgetState() }) })
    await startI18n('zh-Hans')
    render(<BudgetBadge kinds={['image']} estimate={null} />)
    const text = (await screen.findByTestId('budget-badge-text')).textContent
    expect(text).toBe(
      `今日 ${formatMoneyUsd(0.04)} / ${formatMoneyUsd(0.05)} · 剩余 ${formatMoneyUsd(0.01)}`,
    )
    expect(text).toContain('US$')
    expectNoRawWords(text ?? '', ['Today', 'left'])
  })

  it('a store toast (outside React) is in the language of the moment', async () => {
    fakeMain({
      'library:setRating': () => ({
        ok: true,
        value: {
          before: [
            { id: 'a', rating: 0 },
            { id: 'b', rating: 0 },
          ],
          failed: [],
        },
      }),
      'collections:list': () => ({ ok: true, value: [] }),
    })
    await startI18n('ja')
    await useOrganiseStore.getState().rate(['a', 'b'], 4)
    expect(useOrganiseStore.getState().toast?.label).toBe('2 件を ★★★★ に評価')
  })
})

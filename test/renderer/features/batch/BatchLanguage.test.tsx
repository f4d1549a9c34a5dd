import { BatchDialog } from '@renderer/features/batch/BatchDialog'
import { BatchesSection } from '@renderer/features/batch/BatchesSection'
import { startI18n } from '@renderer/i18n/setup'
import type { UiLanguage } from '@shared/i18n/locales'
import en from '@shared/i18n/locales/en/batch.json'
import { fakeMain, field, resetScreensEachTest } from '@test/support/generateScreens'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { batchView, nativeBase, planView, resetBatchStoreEachTest } from './fixtures'

resetScreensEachTest()
resetBatchStoreEachTest()
afterEach(async () => {
  await startI18n('en')
})

const base = nativeBase

const switchTo = (language: UiLanguage) =>
  act(async () => {
    await startI18n(language)
  })

/** The batch catalog's key names: none may show as text. */
const KEYS = Object.keys(en).filter((k) => /[a-z][A-Z]/.test(k))
/** The service's axis field names: shown only through their labels. */
const RAW_FIELDS = /\b(steps|guidance|aspect_ratio|sampler)\b/

describe('batches in other languages (issue #34)', () => {
  it('the batch dialog in Japanese: axes, hints, price and refusal as words', async () => {
    await switchTo('ja')
    fakeMain({
      'batch:plan': () => ({
        ok: true,
        value: planView({
          totalUsd: 1.2,
          approximate: true,
          budget: {
            fits: false,
            refusal: {
              period: 'month',
              kind: 'art',
              capUsd: 5,
              spentUsd: 4.9,
              requestUsd: 1.2,
              remainingUsd: 0.1,
            },
          },
        }),
      }),
    })
    render(<BatchDialog base={base} onClose={() => {}} onStarted={() => {}} />)
    const dialog = screen.getByTestId('batch-dialog')
    expect(
      within(dialog).getByText('アートモデル（ネイティブ） · art-diffusion-4-5-full', {
        exact: false,
      }),
    )
    // The wildcard syntax reaches the screen as typed, braces included.
    const codes = [...dialog.querySelectorAll('.batch-wildcard-hint code')].map(
      (c) => c.textContent,
    )
    expect(codes).toEqual(['{red|blue|green}', '__colours__', '{a|{b|c}}', '|', '\\{'])

    fireEvent.change(field('X 軸で変える設定'), { target: { value: 'steps' } })
    expect(
      within(field('X 軸で変える設定')).getByRole('option', { name: 'ステップ数' }),
    ).toBeTruthy()
    fireEvent.change(field('X 軸の値'), { target: { value: '20, 30, 40' } })
    expect(dialog.textContent).toContain(
      '整数（例: 28）。 カンマ区切り、または 1 行に 1 つ。現在 3 個。',
    )
    fireEvent.click(screen.getByRole('button', { name: '見積もる' }))
    await screen.findByTestId('batch-plan')

    expect(screen.getByTestId('batch-total').textContent).toBe('約 $1.20')
    expect(screen.getByTestId('batch-time').textContent).toBe('約 3 分')
    expect(screen.getByTestId('batch-budget').textContent).toBe(
      'このバッチ（見積もり $1.20）はアートの1 か月の上限 $5.00 を超えます。すでに $4.90 を使用済みで、残りは $0.10 です。',
    )
    expect(screen.getByRole('button', { name: '3 件を実行 · 約 $1.20' })).toBeTruthy()
    const text = dialog.textContent ?? ''
    for (const key of KEYS) expect(text).not.toContain(key)
    expect(text).not.toMatch(RAW_FIELDS)
  })

  it('the batches list in Korean: kinds, axes, states and counts as words', async () => {
    await switchTo('ko')
    fakeMain({ 'batch:list': () => ({ ok: true, value: [batchView()] }) })
    render(<BatchesSection />)
    const row = await screen.findByTestId('batch')
    const text = row.textContent ?? ''
    expect(text).toContain(
      '아트 모델 (네이티브) · art-diffusion-4-5-full · 스텝 수 (3) × 가이던스 (2)',
    )
    expect(within(row).getByTestId('batch-state').textContent).toBe('실행 중')
    expect(within(row).getByTestId('batch-progress').textContent).toBe('2 / 6건 저장')
    expect(within(row).getByTestId('batch-counts').textContent).toMatch(
      /^대기 중 3 · 실행 중 1 · 저장됨 2 · 예상 US\$0\.24$/,
    )
    for (const key of KEYS) expect(text).not.toContain(key)
    expect(text).not.toMatch(RAW_FIELDS)
    expect(text).not.toMatch(/\b(running|queued|saved|native)\b/)
  })
})

import { buildArtForm } from '@renderer/features/art/artForm'
import ArtScreen from '@renderer/features/art/ArtScreen'
import { startI18n } from '@renderer/i18n/setup'
import { DEFAULT_DRAFTS } from '@renderer/stores/forms/drafts'
import { fakeMain, field, resetScreensEachTest } from '@test/support/generateScreens'
import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

resetScreensEachTest()
beforeEach(async () => {
  await startI18n('ja')
})
afterEach(async () => {
  await startI18n('en')
})

/** Key names and raw action values that must never reach the screen as words. */
const RAW = /\b(actionInfill|actionImg2img|negativePrompt|samplesHint|img2img needs|infill needs)\b/

describe('Art model in Japanese (issue #34)', () => {
  it('names the actions and fields with the generation vocabulary', () => {
    fakeMain()
    const { container } = render(<ArtScreen />)
    expect(screen.getByRole('heading', { name: 'アートモデル' })).toBeTruthy()
    expect(field('ネガティブプロンプト')).toBeTruthy()
    expect(field('サンプラー')).toBeTruthy()
    fireEvent.click(field('インペイント（マスク部分を描き直す）'))
    expect(field('強度')).toBeTruthy()
    expect(screen.getByText('マスクを描くには元画像を追加してください。')).toBeTruthy()
    expect(container.textContent).not.toMatch(RAW)
  })

  it('the missing-source message names the action by its label, never its raw value', () => {
    const draft = { ...DEFAULT_DRAFTS.art, prompt: 'a castle', action: 'infill' as const }
    const form = buildArtForm(draft, [], { painted: false })
    expect(form.errors.source).toBe('インペイントには元画像（PNG・JPEG・WebP）が必要です')
    expect(form.errors.mask).toBe('マスク上で描き直す部分を塗ってください（白 = 描き直す）')
  })
})

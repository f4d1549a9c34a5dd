import VideoScreen from '@renderer/features/video/VideoScreen'
import { startI18n, switchLanguage } from '@renderer/i18n/setup'
import { fakeMain, field, resetScreensEachTest } from '@test/support/generateScreens'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

resetScreensEachTest()
let i18n: Awaited<ReturnType<typeof startI18n>>
beforeEach(async () => {
  i18n = await startI18n('zh-Hans')
})
afterEach(async () => {
  await startI18n('en')
})

/** Key names that must never reach the screen as words. */
const RAW = /\b(shapePortrait|durationMissing|durationRange|referenceMode)\b/

describe('Video in Simplified Chinese (issue #34)', () => {
  it('labels the fields and shapes, and the form’s own message follows a language change', async () => {
    fakeMain()
    const { container } = render(<VideoScreen />)
    expect(screen.getByRole('heading', { name: '视频' })).toBeTruthy()
    expect(field('竖屏 9:16')).toBeTruthy()
    // The model picker belongs to the form kit (common namespace): found by its name, not its label.
    const model = container.querySelector<HTMLSelectElement>('select[name="video-model"]')!
    fireEvent.change(model, { target: { value: 'clip-h3' } })
    fireEvent.change(field('时长（秒）'), { target: { value: '' } })
    expect(screen.getByText('请输入 4 到 15 秒的时长')).toBeTruthy()
    expect(container.textContent).not.toMatch(RAW)
    // Switching language rebuilds the form's messages without touching the draft.
    await act(async () => {
      await switchLanguage(i18n, 'ja')
    })
    expect(screen.getByText('長さを 4〜15 秒で入力してください')).toBeTruthy()
  })
})

import { buildImagesForm } from '@renderer/features/images/imagesForm'
import ImagesScreen from '@renderer/features/images/ImagesScreen'
import { startI18n } from '@renderer/i18n/setup'
import { DEFAULT_DRAFTS } from '@renderer/stores/forms/drafts'
import { fakeMain, field, resetScreensEachTest } from '@test/support/generateScreens'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

resetScreensEachTest()
beforeEach(async () => {
  await startI18n('ko')
})
afterEach(async () => {
  await startI18n('en')
})

/** Key names and raw service values that must never reach the screen as words. */
const RAW =
  /\b(qualityHigh|sizeHintTier|deliveryUrl|outputTier|unavailableWebOnly)\b|\b(auto|high) —/

describe('Images in Korean (issue #34)', () => {
  it('labels the fields, the quality choices and the custom size rule', () => {
    fakeMain()
    const { container } = render(<ImagesScreen />)
    expect(screen.getByRole('heading', { name: '이미지' })).toBeTruthy()
    expect(field('프롬프트')).toBeTruthy()
    const quality = field('품질') as unknown as HTMLSelectElement
    expect(within(quality).getByRole('option', { name: '높음 — 4K' })).toBeTruthy()
    expect(within(quality).getByRole('option', { name: '자동 — 1K' })).toBeTruthy()
    fireEvent.change(field('크기'), { target: { value: 'custom' } })
    expect(screen.getByText('8의 배수, 최대 1,048,576픽셀(1K, 품질에 따라 정해짐)')).toBeTruthy()
    expect(screen.getByTestId('output-size').textContent).toBe('출력 1024 × 1024(1K)')
    expect(
      within(field('결과 받는 방식') as unknown as HTMLElement).getByText('다운로드 링크(url)'),
    ).toBeTruthy()
    expect(container.textContent).not.toMatch(RAW)
  })

  it('the form’s own messages are Korean', () => {
    const f = buildImagesForm({ ...DEFAULT_DRAFTS.images, prompt: 'x', model: 'compact-2-sfw' }, [])
    expect(f.errors.model).toMatch(/은\(는\) 여기에서 사용할 수 없습니다: 웹 작업 공간 전용$/)
    const custom = buildImagesForm(
      { ...DEFAULT_DRAFTS.images, prompt: 'x', sizeChoice: 'custom', customSize: '' },
      [],
    )
    expect(custom.errors.size).toBe('크기를 너비x높이로 입력하세요(예: 1024x1024)')
  })
})

import { startI18n, switchLanguage } from '@renderer/i18n/setup'
import { describeEstimate } from '@shared/pricing'
import { projectNameProblem } from '@shared/spending/project'
import { afterAll, describe, expect, it } from 'vitest'

describe('shared messages on the renderer side (registered by startI18n)', () => {
  afterAll(async () => {
    await startI18n('en')
  })

  it('speak the language the renderer shows, and follow a switch', async () => {
    const i18n = await startI18n('ko')
    expect(projectNameProblem('')).toBe('프로젝트 이름을 입력하세요')
    expect(describeEstimate({ kind: 'no_published_rate', basis: '' })).toBe('공개된 요금 없음')
    await switchLanguage(i18n, 'ja')
    expect(projectNameProblem('x'.repeat(81))).toBe('プロジェクト名は 80 文字以内にしてください')
    expect(
      describeEstimate({ kind: 'usd', usd: 0.5, micros: 500_000, approximate: true, basis: '' }),
    ).toBe('約 $0.50')
  })
})

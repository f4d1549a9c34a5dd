import { MainEvents } from '@main/events'
import { followLanguage, mainLanguage, setMainLanguage, t } from '@main/i18n'
import { mainFormatter } from '@main/i18n/format'
import { parseWildcards } from '@shared/batch/wildcardSyntax'
import { validateImageGeneration } from '@shared/catalog/validateImage'
import { rangeMessage } from '@shared/catalog/validation'
import { projectNameProblem } from '@shared/spending/project'
import { afterEach, describe, expect, it } from 'vitest'

const fixtures = {
  en: {
    hello: 'Hello {name}',
    files: '{count, plural, one {# file} other {# files}}',
    onlyEn: 'English only',
  },
  ja: { hello: 'こんにちは、{name}さん', files: '{count, plural, other {# 個のファイル}}' },
  'zh-Hans': {},
  ko: {},
}

describe("main's messages", () => {
  afterEach(() => setMainLanguage('en'))

  it('formats in the language asked, with ICU plurals and placeholders', () => {
    const f = mainFormatter(fixtures)
    expect(f('ja', 'hello', { name: 'Aiko' })).toBe('こんにちは、Aikoさん')
    expect(f('en', 'files', { count: 1 })).toBe('1 file')
    expect(f('en', 'files', { count: 3 })).toBe('3 files')
    expect(f('ja', 'files', { count: 3 })).toBe('3 個のファイル')
  })

  it('falls back to English for a key a translation lacks, and never shows a key name', () => {
    const f = mainFormatter(fixtures)
    expect(f('ja', 'onlyEn')).toBe('English only')
    expect(f('ko', 'hello', { name: 'Min' })).toBe('Hello Min')
    expect(f('ja', 'noSuchKey')).toBe('')
    expect(f('en-XA', 'hello', { name: 'Aiko' })).toMatch(/^⟦Ĥéļļö Aiko/)
  })

  it('t() uses the current language, which follows the settings and every change', async () => {
    expect(t('startupDiskFullTitle')).toBe('The disk is full')
    const events = new MainEvents()
    const stop = followLanguage({ language: async () => ({ resolved: 'ko' }) }, events)
    await Promise.resolve()
    await Promise.resolve()
    expect(mainLanguage()).toBe('ko')
    expect(t('startupDiskFullTitle')).toBe('디스크가 가득 찼습니다')
    events.emit('settings:languageChanged', { choice: 'zh-Hans', resolved: 'zh-Hans', system: [] })
    expect(t('startupDiskFull', { dir: '/d' })).toContain('/d')
    expect(t('startupDiskFullTitle')).toBe('磁盘已满')
    stop()
    events.emit('settings:languageChanged', { choice: 'ja', resolved: 'ja', system: [] })
    expect(mainLanguage()).toBe('zh-Hans')
  })
})

describe("shared messages on main's side", () => {
  afterEach(() => setMainLanguage('en'))

  it('follow main language: a shared validation message in Korean, then English again', () => {
    setMainLanguage('ko')
    expect(projectNameProblem('')).toBe('프로젝트 이름을 입력하세요')
    expect(projectNameProblem('x'.repeat(81))).toBe(
      '프로젝트 이름은 최대 80자까지 입력할 수 있습니다',
    )
    setMainLanguage('en')
    expect(projectNameProblem('')).toBe('Enter a project name')
  })

  it("a catalog validator's message in Japanese: the sentence translated, the numbers unformatted", () => {
    setMainLanguage('ja')
    expect(rangeMessage('Steps', 1, 50)).toBe('Steps は 1〜50 にしてください')
    expect(rangeMessage('Width', 1024, 1024, ' px')).toBe('Width は 1024 px にしてください')
    setMainLanguage('en')
    expect(rangeMessage('Steps', 1, 50)).toBe('Steps must be 1 to 50')
  })

  it('a wildcard brace problem in Japanese: the braces pass as parameters, not ICU syntax', () => {
    setMainLanguage('ja')
    expect(parseWildcards('a {red|blue cat', new Map()).problem).toBe(
      '3 文字目の「{」が閉じられていません: 「{red|blue cat」。「}」で閉じるか、波括弧そのものを書くときは \\{ と書いてください。',
    )
  })

  it("an image validator's field messages in Japanese, the field names and model ids kept", () => {
    const request = { model: 'art-v4.5', prompt: 'a cat', n: 9, mode: 'edit', size: 'big' }
    setMainLanguage('ja')
    expect(validateImageGeneration(request)).toEqual({
      ok: false,
      fields: {
        n: 'n は 1〜4（art-v4.5 の場合） にしてください',
        size: 'art-v4.5 は size に対応していません。aspect_ratio を使ってください',
        mode: 'art-v4.5 では mode は使いません。指定しないでください',
      },
    })
    setMainLanguage('en')
    expect(validateImageGeneration(request)).toMatchObject({
      fields: {
        n: 'n must be 1 to 4 for art-v4.5',
        mode: 'mode is not used by art-v4.5; leave it out',
      },
    })
  })
})

import {
  isLanguageChoice,
  languageFromSystem,
  languageOfTag,
  resolveLanguage,
} from '@shared/i18n/locales'
import { describe, expect, it } from 'vitest'

describe('the language for the OS preferred languages', () => {
  it('maps each tag to the language Gen Studio speaks for it', () => {
    const cases: Array<[string, string | null]> = [
      ['ja-JP', 'ja'],
      ['ja', 'ja'],
      ['ko-KR', 'ko'],
      ['zh-CN', 'zh-Hans'],
      ['zh-SG', 'zh-Hans'],
      ['zh-Hans-CN', 'zh-Hans'],
      ['zh-Hans', 'zh-Hans'],
      ['zh_CN', 'zh-Hans'],
      ['zh-TW', null],
      ['zh-Hant-TW', null],
      ['zh-HK', null],
      ['en-GB', 'en'],
      ['en-XA', 'en-XA'],
      ['fr-CA', null],
    ]
    for (const [tag, want] of cases) expect(languageOfTag(tag), tag).toBe(want)
  })

  it('takes the first language it speaks, in the OS order, else English', () => {
    expect(languageFromSystem(['fr-CA', 'zh-TW', 'ko-KR', 'ja-JP'])).toBe('ko')
    expect(languageFromSystem(['de-DE', 'fr-FR'])).toBe('en')
    expect(languageFromSystem([])).toBe('en')
  })

  it('a choice other than system wins over the OS', () => {
    expect(resolveLanguage('system', ['ja-JP'])).toBe('ja')
    expect(resolveLanguage('ko', ['ja-JP'])).toBe('ko')
    expect(isLanguageChoice('en-XA')).toBe(false)
    expect(isLanguageChoice('zh-Hans')).toBe(true)
  })
})

import {
  comparePlaceholders,
  missingKeys,
  placeholderProblems,
  placeholdersOf,
} from '@shared/i18n/placeholders'
import { describe, expect, it } from 'vitest'

describe('placeholders', () => {
  it('lists arguments (plural ones included, inside branches too) and tags', () => {
    expect(
      placeholdersOf('{count, plural, one {# item in {album}} other {# items}} <b>{name}</b>'),
    ).toEqual(['<b>', '{album}', '{count}', '{name}'])
  })

  it('a translation with other plural branches matches; a renamed or dropped argument does not', () => {
    const en = '{count, plural, one {# image} other {# images}} for {model}'
    expect(comparePlaceholders(en, '{model} の画像 {count, plural, other {# 枚}}')).toEqual([])
    expect(comparePlaceholders(en, '{count, plural, other {# 枚}}')).toEqual(['missing {model}'])
    expect(comparePlaceholders(en, '{count, plural, other {# 枚}} {modle}')).toEqual([
      'missing {model}',
      '{modle} is not in the English source',
    ])
    expect(comparePlaceholders(en, '{count, plural, other {# 枚}')[0]).toMatch(/^ICU syntax/)
  })

  it('finds every problem across fixture catalogs, and the keys a translation lacks', () => {
    const catalogs = {
      en: { common: { a: 'Hi {name}', b: 'Plain', c: 'Bad {' } },
      ja: { common: { a: 'こんにちは', b: 'プレーン', extra: 'x' } },
      ko: { common: { a: '{name}님 안녕하세요' } },
    }
    const problems = placeholderProblems(catalogs).map(
      (p) => `${p.locale}:${p.key}:${p.problem.slice(0, 14)}`,
    )
    expect(problems).toEqual([
      'en:c:ICU syntax: EX',
      'ja:a:missing {name}',
      'ja:extra:not in the Eng',
    ])
    expect(missingKeys(catalogs)).toEqual(['ja:common:c', 'ko:common:b', 'ko:common:c'])
  })
})

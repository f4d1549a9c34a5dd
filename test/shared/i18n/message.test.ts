import { parse, TYPE } from '@formatjs/icu-messageformat-parser'
import { englishShared, msg, setSharedTranslator } from '@shared/i18n/message'
import { projectNameProblem } from '@shared/spending/project'
import { afterEach, describe, expect, it } from 'vitest'

import en from '../../../src/shared/i18n/locales/en/shared.json'

describe('shared messages (src/shared/i18n/message.ts)', () => {
  afterEach(() => setSharedTranslator(englishShared))

  it('speak English before a side registers its translator, placeholders filled', () => {
    expect(projectNameProblem('')).toBe('Enter a project name')
    expect(projectNameProblem('x'.repeat(81))).toBe('A project name is at most 80 characters')
    expect(englishShared('noSuchKey')).toBe('')
  })

  it('go through the registered translator, with the key and the params', () => {
    const calls: unknown[] = []
    setSharedTranslator((key, params) => {
      calls.push([key, params])
      return `<${key}>`
    })
    expect(projectNameProblem(' ')).toBe('<projectNameEmpty>')
    expect(msg('projectNameTooLong', { max: 3 })).toBe('<projectNameTooLong>')
    expect(calls).toEqual([
      ['projectNameEmpty', undefined],
      ['projectNameTooLong', { max: 3 }],
    ])
  })

  it('English shared messages use plain {name} placeholders only (the fallback reads no ICU)', () => {
    const complex = Object.entries(en as Record<string, string>).filter(([, text]) =>
      parse(text).some((el) => el.type !== TYPE.literal && el.type !== TYPE.argument),
    )
    expect(complex.map(([key]) => key)).toEqual([])
  })
})

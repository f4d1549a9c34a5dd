import { placeholdersOf } from '@shared/i18n/placeholders'
import { pseudoMessage } from '@shared/i18n/pseudo'
import { IntlMessageFormat } from 'intl-messageformat'
import { describe, expect, it } from 'vitest'

describe('the pseudo-locale', () => {
  it('accents the text, keeps placeholders and ICU syntax, and is about 40 % longer', () => {
    const en = 'Delete {count, plural, one {# image} other {# images}} from {album}?'
    const pseudo = pseudoMessage(en)
    expect(placeholdersOf(pseudo)).toEqual(placeholdersOf(en))
    expect(pseudo).toMatch(
      /^⟦Ðéļéţé \{count, plural, one \{# îɱáĝé\} other \{# îɱáĝéš\}\} ƒŕöɱ \{album\}\?/,
    )
    const text = (m: string) =>
      String(new IntlMessageFormat(m, 'en').format({ count: 3, album: 'Cats' }))
    expect(text(pseudo)).toContain('3 îɱáĝéš')
    expect(text(pseudo)).toContain('Cats')
    const letters = (s: string) => s.match(/\p{L}/gu)?.length ?? 0
    expect(letters(text(pseudo)) / letters(text(en))).toBeGreaterThan(1.3)
  })

  it('leaves tags, quoted ICU text and number formats alone', () => {
    expect(pseudoMessage("<b>Hi</b> '{literal}' {n, number}")).toMatch(
      /^⟦<b>Ĥî<\/b> '\{literal\}' \{n, number\}/,
    )
  })
})

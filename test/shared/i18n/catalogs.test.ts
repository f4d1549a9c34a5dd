import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { LOCALES, NAMESPACES } from '@shared/i18n/locales'
import { placeholderProblems, placeholdersOf } from '@shared/i18n/placeholders'
import { pseudoMessage } from '@shared/i18n/pseudo'
import { describe, expect, it } from 'vitest'

const dir = join(import.meta.dirname, '../../../src/shared/i18n/locales')
const read = (locale: string, ns: string) =>
  JSON.parse(readFileSync(join(dir, locale, `${ns}.json`), 'utf8')) as Record<string, string>

describe('the catalogs as shipped', () => {
  it('every locale has a file for every namespace, and no other', () => {
    for (const locale of LOCALES)
      expect(readdirSync(join(dir, locale)).sort(), locale).toEqual(
        NAMESPACES.map((ns) => `${ns}.json`).sort(),
      )
  })

  it('every translation uses exactly the placeholders of its English source', () => {
    const catalogs = Object.fromEntries(
      LOCALES.map((l) => [l, Object.fromEntries(NAMESPACES.map((ns) => [ns, read(l, ns)]))]),
    )
    expect(placeholderProblems(catalogs)).toEqual([])
  })

  it('the pseudo-locale of every English message keeps its placeholders', () => {
    for (const ns of NAMESPACES)
      for (const [key, en] of Object.entries(read('en', ns)))
        expect(placeholdersOf(pseudoMessage(en)), `${ns}:${key}`).toEqual(placeholdersOf(en))
  })
})

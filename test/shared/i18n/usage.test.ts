import { i18nReport } from '@shared/i18n/report'
import { keysUsedIn } from '@shared/i18n/usage'
import { describe, expect, it } from 'vitest'

const component = `
import { useTranslation } from 'react-i18next'
/** Not a use: t('inAComment') */
export function A() {
  const { t } = useTranslation('library')
  const { t: tc } = useTranslation('common')
  // t('lineComment')
  return <p title={tc('close')}>{t('emptyTitle', { count: 2 })}<Trans t={t} i18nKey="rich" />{t(dynamic)}</p>
}
const LABELS = defineKeys('tasks', { a: 'queued', b: 'running' })
const toast = translate('spending', 'capReached', { cap })
`

describe('the i18n check', () => {
  it('reads the keys a renderer file uses, by the conventions of docs/I18N.md', () => {
    expect([...keysUsedIn('src/renderer/features/library/A.tsx', component)].sort()).toEqual([
      'common:close',
      'library:emptyTitle',
      'library:rich',
      'spending:capReached',
      'tasks:queued',
      'tasks:running',
    ])
  })

  it("counts main's t() only in files that import main's i18n", () => {
    const src = "import { t } from '../i18n'\nconst s = t('startupDiskFull', { dir })"
    expect([...keysUsedIn('src/main/startup/x.ts', src)]).toEqual(['main:startupDiskFull'])
    expect([...keysUsedIn('src/main/startup/y.ts', "const s = t('x')")]).toEqual([])
  })

  it('reports missing, unused and hardcoded counts from fixture catalogs, and passes only at zero', () => {
    const catalogs = {
      en: { common: { close: 'Close', stale: 'Old' } },
      ja: { common: { close: '閉じる' } },
    }
    const used = new Set(['common:close', 'common:brandNew'] as const)
    const r = i18nReport(catalogs, used, 3)
    expect(r.summary).toEqual({ locales: 2, keys: 2, missing: 2, unused: 1, hardcoded: 3 })
    expect(r.missing).toEqual(['en:common:brandNew', 'ja:common:stale'])
    expect(r.unused).toEqual(['common:stale'])
    expect(r.ok).toBe(false)
    const clean = i18nReport(
      { en: { common: { close: 'Close' } }, ja: { common: { close: '閉じる' } } },
      new Set(['common:close'] as const),
      0,
    )
    expect(clean.ok).toBe(true)
    const mismatch = i18nReport(
      { en: { common: { hi: 'Hi {name}' } }, ja: { common: { hi: 'やあ' } } },
      new Set(['common:hi'] as const),
      0,
    )
    expect(mismatch.summary.missing + mismatch.summary.unused).toBe(0)
    expect(mismatch.ok).toBe(false)
  })

  it("counts msg('key') as a shared key in a file that imports the shared message module", () => {
    const text = `import { msg } from '../i18n/message'\nconst a = msg('projectNameEmpty')\nconst b = msg('tooLong', { max })`
    expect([...keysUsedIn('src/shared/spending/project.ts', text)]).toEqual([
      'shared:projectNameEmpty',
      'shared:tooLong',
    ])
    const aliased = `import { msg } from '@shared/i18n/message'\nmsg('estimateNoRate')`
    expect([...keysUsedIn('src/renderer/x.ts', aliased)]).toEqual(['shared:estimateNoRate'])
    expect([...keysUsedIn('src/shared/x.ts', `const msg = (k) => k\nmsg('notOurs')`)]).toEqual([])
  })

  it("counts main's t imported under another name (files where t is a task)", () => {
    const text = `import { t as tr } from '../../i18n'\nconst t = task()\nfail('x', tr('taskGone'))\nt('notAKey')`
    expect([...keysUsedIn('src/main/services/tasks/X.ts', text)].sort()).toEqual([
      'main:notAKey',
      'main:taskGone',
    ])
  })
})

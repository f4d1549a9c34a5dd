import { setMainLanguage } from '@main/i18n'
import { appMenuTemplate, installAppMenu } from '@main/windows/appMenu'
import type { MenuItemConstructorOptions } from 'electron'
import { afterEach, describe, expect, it } from 'vitest'

const linux = { mac: false, dev: false, appName: 'Gen Studio' }

/** Every item of a template, submenus included, as [role, label]. */
const items = (template: MenuItemConstructorOptions[]): Array<[string, string]> =>
  template.flatMap((m) => [
    [m.role ?? m.type ?? 'submenu', m.label ?? ''] as [string, string],
    ...items((m.submenu as MenuItemConstructorOptions[] | undefined) ?? []),
  ])

describe('the native menu (issue #34)', () => {
  afterEach(() => setMainLanguage('en'))

  it("labels every item in main's language, keeping Electron's roles", () => {
    const en = items(appMenuTemplate(linux))
    expect(en.slice(0, 3)).toEqual([
      ['submenu', 'File'],
      ['quit', 'Quit Gen Studio'],
      ['submenu', 'Edit'],
    ])
    for (const lang of ['ja', 'zh-Hans', 'ko'] as const) {
      setMainLanguage(lang)
      const translated = items(appMenuTemplate(linux))
      expect(
        translated.map(([role]) => role),
        lang,
      ).toEqual(en.map(([role]) => role))
      for (const [i, [role, label]] of translated.entries())
        if (role !== 'separator') {
          expect(label, `${lang} ${role}`).not.toBe('')
          expect(label, `${lang} ${role}`).not.toBe(en[i]![1])
        }
    }
    setMainLanguage('ja')
    expect(items(appMenuTemplate(linux))[1]).toEqual(['quit', 'Gen Studio を終了'])
  })

  it('macOS gets the app menu and Close Window; developer tools only from a checkout', () => {
    const mac = items(appMenuTemplate({ ...linux, mac: true }))
    expect(mac[0]).toEqual(['submenu', 'Gen Studio'])
    expect(mac).toContainEqual(['close', 'Close Window'])
    expect(mac.some(([role]) => role === 'toggleDevTools')).toBe(false)
    expect(items(appMenuTemplate({ ...linux, dev: true }))).toContainEqual([
      'toggleDevTools',
      'Toggle Developer Tools',
    ])
  })

  it('is set again, in the new language, when the language changes', () => {
    const set: string[] = []
    const stop = installAppMenu(
      {
        buildFromTemplate: (t: MenuItemConstructorOptions[]) => String(t[0]!.label),
        setApplicationMenu: (m: string | null) => void set.push(String(m)),
      },
      linux,
    )
    setMainLanguage('ko')
    setMainLanguage('ko')
    stop()
    setMainLanguage('ja')
    expect(set).toEqual(['File', '파일'])
  })
})

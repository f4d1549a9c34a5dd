import { NativeBindingError } from '@main/adapters/sqlite/nativeBinding'
import { setMainLanguage } from '@main/i18n'
import { describeStartupFailure } from '@main/startup/startupFailure'
import { afterEach, describe, expect, it } from 'vitest'

const checkout = { userDataDir: '/home/u/.config/Gen Studio', fromCheckout: true }
const installed = { ...checkout, fromCheckout: false }
const coded = (code: string, message: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { code, ...extra })

describe('what the user is told when the app cannot start', () => {
  it('a native module built for another runtime: what to run from a checkout, reinstall otherwise', () => {
    const loader = coded(
      'ERR_DLOPEN_FAILED',
      "The module '/x/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\nNODE_MODULE_VERSION 150.",
    )
    for (const error of [loader, new NativeBindingError('no build for Electron', [])]) {
      const dev = describeStartupFailure(error, checkout)
      expect(dev.title).toBe('Gen Studio could not load its database engine')
      expect(dev.message).toContain('npm run native')
      const user = describeStartupFailure(error, installed)
      expect(user.message).toContain('Reinstall Gen Studio')
      expect(user.message).not.toContain('npm')
    }
  })

  it('a damaged database names the file and says it was left alone', () => {
    const f = describeStartupFailure(
      coded('SQLITE_NOTADB', 'file is not a database', { databasePath: '/d/tasks.sqlite' }),
      installed,
    )
    expect(f.title).toBe('A Gen Studio database is damaged')
    expect(f.message).toContain('/d/tasks.sqlite')
    expect(f.message).toContain('left untouched')
  })

  it('an unwritable data folder or a full disk says so with the folder', () => {
    for (const code of ['EACCES', 'EROFS', 'SQLITE_CANTOPEN']) {
      const f = describeStartupFailure(coded(code, 'permission denied'), installed)
      expect(f.title, code).toBe('Gen Studio cannot write to its data folder')
      expect(f.message).toContain(checkout.userDataDir)
    }
    expect(describeStartupFailure(coded('ENOSPC', 'no space'), installed).title).toBe(
      'The disk is full',
    )
  })

  it('anything else: the message and where the (redacted) logs are', () => {
    const f = describeStartupFailure(new Error('boom'), installed)
    expect(f.title).toBe('Gen Studio could not start')
    expect(f.message).toContain('boom')
    expect(f.message).toContain('/logs')
  })

  describe('in the language main speaks (issue #34)', () => {
    afterEach(() => setMainLanguage('en'))

    it('each language gets its own title and the same facts (folder, details)', () => {
      const titles = new Set<string>()
      for (const lang of ['ja', 'zh-Hans', 'ko'] as const) {
        setMainLanguage(lang)
        const f = describeStartupFailure(coded('EACCES', 'permission denied'), installed)
        titles.add(f.title)
        expect(f.title, lang).not.toBe('Gen Studio cannot write to its data folder')
        expect(f.message).toContain(installed.userDataDir)
        expect(f.message).toContain('permission denied')
      }
      expect(titles.size).toBe(3)
      setMainLanguage('ja')
      expect(describeStartupFailure(coded('ENOSPC', 'x'), installed).title).toBe(
        'ディスクがいっぱいです',
      )
    })
  })
})

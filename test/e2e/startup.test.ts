import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { electronCacheDir } from '@main/adapters/sqlite/nativeBinding'
import { connect, launchApp } from '@test/e2e/harness/launch'
import { appCopy, electronRuntime, launchElectronApp, pageOf } from '@test/support/electron/launch'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * Start-up and shut-down as a user meets them, through the Electron double: the built main
 * bundle playing Electron 45 (NODE_MODULE_VERSION 150, node_modules/electron/abi_version), whose
 * loader refuses a classic addon built for another ABI exactly as Node's does.
 */

const roots: string[] = []
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true })
})

function copyOfApp(): string {
  const root = appCopy()
  roots.push(root)
  return root
}

describe('start-up failures are shown, never silent', () => {
  it('a checkout whose better-sqlite3 is built only for Node shows what to run and exits when dismissed', async () => {
    // As after `npm install` on a fresh machine: node_modules holds the Node (ABI 115) build and
    // there is no Electron build yet.
    const app = await launchElectronApp({ appRoot: copyOfApp(), runtime: electronRuntime() })
    try {
      expect(await app.app.exited).toBe(1)
      expect(app.windows).toHaveLength(0)
      expect(app.dialog.shown).toHaveLength(1)
      const [shown] = app.dialog.shown
      expect(shown).toMatchObject({
        kind: 'error',
        title: 'Gen Studio could not load its database engine',
      })
      expect(shown!.message).toContain('npm run native')
      expect(shown!.message).toContain('NODE_MODULE_VERSION 150')
      expect(shown!.message).toContain('NODE_MODULE_VERSION 115')
    } finally {
      await app.close()
    }
  })

  it('a damaged Electron build fails in the real loader and is reported the same way', async () => {
    const root = copyOfApp()
    const dir = join(root, electronCacheDir(process.platform, process.arch))
    mkdirSync(dir, { recursive: true })
    // Stamped for Electron's ABI, but not a loadable library: the loader itself refuses it.
    writeFileSync(
      join(dir, 'better_sqlite3.node'),
      'node_register_module_v150 — truncated download',
    )
    const app = await launchElectronApp({ appRoot: root, runtime: electronRuntime() })
    try {
      expect(await app.app.exited).toBe(1)
      expect(app.windows).toHaveLength(0)
      expect(app.dialog.shown[0]?.title).toBe('Gen Studio could not load its database engine')
      expect(app.dialog.shown[0]?.message).toMatch(/invalid ELF header|not a valid|file too short/i)
    } finally {
      await app.close()
    }
  })

  it('a damaged task journal is named in the dialog and left untouched', async () => {
    const first = await launchApp()
    const dir = first.dir
    await first.close({ keepData: true })
    const journal = join(dir, 'userData', 'tasks.sqlite')
    writeFileSync(journal, Buffer.alloc(8192, 0x5a))
    for (const suffix of ['-wal', '-shm']) rmSync(journal + suffix, { force: true })
    const app = await launchElectronApp({ dir })
    try {
      expect(await app.app.exited).toBe(1)
      expect(app.dialog.shown[0]?.title).toBe('A Gen Studio database is damaged')
      expect(app.dialog.shown[0]?.message).toContain(journal)
      expect(existsSync(journal)).toBe(true)
    } finally {
      await app.close()
    }
  })
})

describe('a window that fails is shown with a way back', () => {
  it('a renderer crash shows the error page; Reload brings the app back', async () => {
    const app = await launchApp()
    try {
      await app.page.getByRole('heading', { name: 'Welcome to Gen Studio' }).waitFor()
      await app.windows[0]!.webContents.crashRenderer()
      // A crashed renderer is replaced on the next load: always ask for the window's page.
      await expect
        .poll(() =>
          app.page.getByRole('heading', { name: 'Gen Studio’s window stopped working' }).count(),
        )
        .toBe(1)
      expect(await app.page.getByRole('alert').textContent()).toContain('crashed')
      expect(app.windows[0]!.isVisible()).toBe(true)
      await app.page.getByRole('button', { name: 'Reload' }).click()
      await app.page.getByRole('heading', { name: 'Welcome to Gen Studio' }).waitFor()
      expect(app.windows[0]!.webContents.getURL()).toBe('app://gen-studio/')
    } finally {
      await app.close()
    }
  })

  it('a window whose content cannot load at all is shown with words, not left invisible', async () => {
    // Development with the dev server gone: the URL cannot load, nor can the error page there.
    const app = await launchElectronApp({
      env: { ELECTRON_RENDERER_URL: 'http://127.0.0.1:9/' },
      waitForWindow: false,
    })
    try {
      const page = await pageOf(app)
      await expect
        .poll(
          () => page.getByRole('heading', { name: 'Gen Studio could not load its window' }).count(),
          {
            timeout: 15_000,
          },
        )
        .toBe(1)
      expect(app.windows[0]!.isVisible()).toBe(true)
    } finally {
      await app.close()
    }
  })
})

describe('quitting', () => {
  it('waits until every database is closed before the app quits', async () => {
    const app = await launchApp()
    const dir = app.userData
    try {
      await app.page.getByRole('heading', { name: 'Welcome to Gen Studio' }).waitFor()
      await connect(app, 'https://api.example.com', 'sk-e2e-quit-0000000001')
      await app.page.getByRole('button', { name: 'Library', exact: true }).click()
      await app.page.getByRole('heading', { name: 'Library', level: 1 }).waitFor()
      const dbs = ['tasks.sqlite', 'library-index.sqlite', 'chat.sqlite'].map((f) => join(dir, f))
      await expect.poll(() => dbs.every((f) => existsSync(f))).toBe(true)
      // What is open while the app runs: WAL files next to each database.
      expect(dbs.some((f) => existsSync(`${f}-wal`))).toBe(true)
      let atQuit: boolean[] = []
      app.app.once('quit', () => {
        atQuit = dbs.map((f) => existsSync(`${f}-wal`))
      })
      expect(await app.quit()).toBe(0)
      // By the time the app really quits, SQLite has checkpointed and removed every WAL file:
      // each database was closed before the process would have ended.
      expect(atQuit).toEqual([false, false, false])
    } finally {
      await app.close()
    }
  })
})

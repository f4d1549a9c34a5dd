import { promises as fs } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({}))

import { writeFileAtomic } from '@main/adapters/fs/JsonFile'
import { dispatch } from '@main/ipc/dispatch'
import { CHANNELS, type SettingsView } from '@shared/ipc/contract'
import type { Result } from '@shared/result'
import { MemorySecretStore } from '@test/support/MemorySecretStore'
import { createTestApp } from '@test/support/testContainer'

const KEY = 'sk-live-THIS-IS-THE-SECRET-9f3a'

describe('SettingsService over IPC', () => {
  it('connects: stores the key by origin in the secret store, the address in settings.json', async () => {
    const secrets = new MemorySecretStore()
    const app = createTestApp({ secrets })
    try {
      const result = await dispatch(
        app.handlers,
        'settings:connect',
        { baseUrl: 'https://api.example.com/v1/', key: KEY },
        { senderId: 1 },
      )
      expect(result.ok).toBe(true)
      const view = (result as { value: SettingsView }).value
      expect(view).toMatchObject({
        baseUrl: 'https://api.example.com',
        hasKey: true,
        keyHint: '…9f3a',
      })
      expect(secrets.entries.get('https://api.example.com')).toBe(KEY)
      const onDisk = await fs.readFile(join(app.dir, 'userData', 'settings.json'), 'utf8')
      expect(JSON.parse(onDisk).baseUrl).toBe('https://api.example.com')
      expect(onDisk).not.toContain(KEY)
    } finally {
      await app.close()
    }
  })

  it('never sends the key string across IPC, on any channel, including events', async () => {
    const app = createTestApp()
    const events: unknown[] = []
    app.container.events.forward((_e, payload) => events.push(payload))
    try {
      await dispatch(
        app.handlers,
        'settings:connect',
        { baseUrl: 'https://api.example.com', key: KEY },
        { senderId: 1 },
      )
      const answers: unknown[] = []
      for (const channel of CHANNELS) {
        if (channel === 'settings:clearKey') continue
        answers.push(await dispatch(app.handlers, channel, {}, { senderId: 1 }))
      }
      answers.push(await dispatch(app.handlers, 'settings:setKey', { key: KEY }, { senderId: 1 }))
      const everything = JSON.stringify({ answers, events })
      expect(events.length).toBeGreaterThan(0)
      expect(everything).not.toContain(KEY)
      expect(everything).not.toContain(KEY.slice(0, -4))
      expect(everything).toContain('…9f3a')
    } finally {
      await app.close()
    }
  })

  it('refuses to store the key when no secure store exists, and changes nothing', async () => {
    const app = createTestApp({ secrets: new MemorySecretStore(false) })
    try {
      const result = await dispatch(
        app.handlers,
        'settings:connect',
        { baseUrl: 'https://api.example.com', key: KEY },
        { senderId: 1 },
      )
      expect(result).toMatchObject({ ok: false, error: { code: 'no_secure_store' } })
      const view = await dispatch(app.handlers, 'settings:get', {}, { senderId: 1 })
      expect(view).toMatchObject({
        ok: true,
        value: { baseUrl: null, hasKey: false, secureStore: { available: false } },
      })
      await expect(fs.access(join(app.dir, 'userData', 'settings.json'))).rejects.toThrow()
    } finally {
      await app.close()
    }
  })

  it('rejects a plain-http remote address at the field, before touching the keychain', async () => {
    const secrets = new MemorySecretStore()
    const app = createTestApp({ secrets })
    try {
      const result = await dispatch(
        app.handlers,
        'settings:connect',
        { baseUrl: 'http://api.example.com', key: KEY },
        { senderId: 1 },
      )
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'validation', fields: { baseUrl: expect.stringMatching(/https/) } },
      })
      expect(secrets.entries.size).toBe(0)
    } finally {
      await app.close()
    }
  })

  it('keeps one key per origin and clears only the current one', async () => {
    const secrets = new MemorySecretStore()
    const app = createTestApp({ secrets })
    try {
      await dispatch(
        app.handlers,
        'settings:connect',
        { baseUrl: 'https://a.example.com', key: 'key-for-a-1234' },
        { senderId: 1 },
      )
      await dispatch(
        app.handlers,
        'settings:connect',
        { baseUrl: 'https://b.example.com', key: 'key-for-b-5678' },
        { senderId: 1 },
      )
      const cleared = await dispatch(app.handlers, 'settings:clearKey', {}, { senderId: 1 })
      expect(cleared).toMatchObject({
        ok: true,
        value: { baseUrl: 'https://b.example.com', hasKey: false },
      })
      expect([...secrets.entries.keys()]).toEqual(['https://a.example.com'])
      const back = await dispatch(
        app.handlers,
        'settings:update',
        { baseUrl: 'https://a.example.com' },
        { senderId: 1 },
      )
      expect(back).toMatchObject({ ok: true, value: { hasKey: true, keyHint: '…1234' } })
    } finally {
      await app.close()
    }
  })

  it('persists settings across restarts and survives a corrupt settings file', async () => {
    const secrets = new MemorySecretStore()
    const app = createTestApp({ secrets })
    try {
      await dispatch(
        app.handlers,
        'settings:update',
        { baseUrl: 'https://api.example.com', concurrency: { video: 3 } },
        { senderId: 1 },
      )
      const { createContainer } = await import('@main/container')
      const reopened = createContainer({ ...app.container.options })
      expect(await reopened.settings.view()).toMatchObject({
        baseUrl: 'https://api.example.com',
        concurrency: { video: 3, image: 4 },
      })

      const file = join(app.dir, 'userData', 'settings.json')
      await fs.writeFile(file, '{ torn wri')
      const afterCorruption = createContainer({ ...app.container.options })
      expect(await afterCorruption.settings.view()).toMatchObject({ baseUrl: null })
      const kept = (await fs.readdir(join(app.dir, 'userData'))).filter((f) =>
        f.includes('.corrupt-'),
      )
      expect(kept).toHaveLength(1)
    } finally {
      await app.close()
    }
  })

  it('opens only http(s) links in the OS browser', async () => {
    const app = createTestApp()
    try {
      expect(
        await dispatch(
          app.handlers,
          'shell:openExternal',
          { url: 'https://docs.example.com/x' },
          { senderId: 1 },
        ),
      ).toMatchObject({ ok: true })
      // The parsed link is opened, not the string as sent (issue #13).
      await dispatch(
        app.handlers,
        'shell:openExternal',
        { url: 'https://docs.example.com/a b\\c\t' },
        { senderId: 1 },
      )
      for (const url of [
        'file:///etc/passwd',
        'javascript:alert(1)',
        'smb://host/share',
        'not a url',
      ]) {
        expect(
          await dispatch(app.handlers, 'shell:openExternal', { url }, { senderId: 1 }),
        ).toMatchObject({ ok: false, error: { code: 'validation' } })
      }
      expect(app.opened).toEqual(['https://docs.example.com/x', 'https://docs.example.com/a%20b/c'])
    } finally {
      await app.close()
    }
  })
})

describe('the active project', () => {
  const setProject = (app: ReturnType<typeof createTestApp>, project: unknown) =>
    dispatch(app.handlers, 'settings:setProject', { project }, { senderId: 1 }) as Promise<
      Result<SettingsView>
    >

  it('is kept trimmed in settings.json, first among the recent ones, and read back after a restart', async () => {
    const app = createTestApp()
    try {
      expect((await app.container.settings.view()).project).toEqual({ active: null, recent: [] })
      await setProject(app, 'Alpha')
      await setProject(app, 'Beta')
      const r = await setProject(app, '  Alpha  ')
      expect(r.ok && r.value.project).toEqual({ active: 'Alpha', recent: ['Alpha', 'Beta'] })
      expect(await app.container.settings.activeProject()).toBe('Alpha')
      const onDisk = JSON.parse(
        await fs.readFile(join(app.dir, 'userData', 'settings.json'), 'utf8'),
      )
      expect([onDisk.activeProject, onDisk.recentProjects]).toEqual(['Alpha', ['Alpha', 'Beta']])

      const { createContainer } = await import('@main/container')
      const reopened = createContainer({ ...app.container.options })
      expect(await reopened.settings.activeProject()).toBe('Alpha')

      // Cleared: no project, the recent ones kept.
      const cleared = await setProject(app, null)
      expect(cleared.ok && cleared.value.project).toEqual({
        active: null,
        recent: ['Alpha', 'Beta'],
      })
      expect(await app.container.settings.activeProject()).toBeNull()
    } finally {
      await app.close()
    }
  })

  it('keeps at most eight recent projects, the oldest dropped', async () => {
    const app = createTestApp()
    try {
      for (let i = 1; i <= 10; i++) await setProject(app, `P${i}`)
      const view = await app.container.settings.view()
      expect(view.project.recent).toEqual(['P10', 'P9', 'P8', 'P7', 'P6', 'P5', 'P4', 'P3'])
    } finally {
      await app.close()
    }
  })

  it.each([
    ['', 'Enter a project name'],
    ['   ', 'Enter a project name'],
    ['x'.repeat(81), 'A project name is at most 80 characters'],
    ['Client\nX', 'A project name cannot contain line breaks or control characters'],
    ['Tab\there', 'A project name cannot contain line breaks or control characters'],
    ['Bell\u0007', 'A project name cannot contain line breaks or control characters'],
    [42, 'Invalid input: expected string, received number'],
  ])('refuses %j with a message at the field and changes nothing', async (name, message) => {
    const app = createTestApp()
    try {
      await setProject(app, 'Kept')
      const r = await setProject(app, name)
      expect(r.ok).toBe(false)
      expect(!r.ok && r.error.code).toBe('validation')
      expect(JSON.stringify(!r.ok && r.error)).toContain(message)
      expect(await app.container.settings.activeProject()).toBe('Kept')
      // The service checks too, whoever calls it.
      if (typeof name === 'string')
        await expect(app.container.settings.setActiveProject(name)).rejects.toThrow(message)
    } finally {
      await app.close()
    }
  })

  it('accepts 80 characters after trimming, and drops a hand-edited name that is not valid', async () => {
    const app = createTestApp()
    try {
      const long = 'y'.repeat(80)
      expect((await setProject(app, ` ${long} `)).ok).toBe(true)
      expect(await app.container.settings.activeProject()).toBe(long)
      const file = join(app.dir, 'userData', 'settings.json')
      const stored = JSON.parse(await fs.readFile(file, 'utf8'))
      await fs.writeFile(
        file,
        JSON.stringify({
          ...stored,
          activeProject: 'bad\u0000name',
          recentProjects: ['ok', 7, 'ok', ''],
        }),
      )
      const { createContainer } = await import('@main/container')
      const reopened = createContainer({ ...app.container.options })
      expect((await reopened.settings.view()).project).toEqual({ active: null, recent: ['ok'] })
    } finally {
      await app.close()
    }
  })

  it("is the project whose own caps the budget state shows (the gate's project)", async () => {
    const app = createTestApp()
    try {
      await app.container.spending.setBudgets({
        dailyUsd: null,
        monthlyUsd: null,
        perKind: {},
        perProject: { Alpha: { dailyUsd: 2, monthlyUsd: null } },
        warnAt: 0.8,
      })
      expect((await app.container.spending.state()).uses).toEqual([])
      await setProject(app, 'Alpha')
      expect((await app.container.spending.state()).uses).toEqual([
        expect.objectContaining({ project: 'Alpha', period: 'day', capUsd: 2, spentUsd: 0 }),
      ])
      await setProject(app, 'Beta')
      expect((await app.container.spending.state()).uses).toEqual([])
    } finally {
      await app.close()
    }
  })
})

describe('writeFileAtomic', () => {
  it('replaces the whole file and leaves no temp files behind', async () => {
    const app = createTestApp()
    try {
      const file = join(app.dir, 'nested', 'doc.json')
      await writeFileAtomic(file, 'first')
      await writeFileAtomic(file, 'second')
      expect(await fs.readFile(file, 'utf8')).toBe('second')
      expect(await fs.readdir(join(app.dir, 'nested'))).toEqual(['doc.json'])
    } finally {
      await app.close()
    }
  })
})

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { JsonFile } from '@main/adapters/fs/JsonFile'
import { MainEvents } from '@main/events'
import { type PersistedSettings, SettingsService } from '@main/services/settings/SettingsService'
import { MemorySecretStore } from '@test/support/MemorySecretStore'
import { describe, expect, it } from 'vitest'

function service(system: string[], stored?: object) {
  const dir = mkdtempSync(join(tmpdir(), 'gen-studio-lang-'))
  const path = join(dir, 'settings.json')
  if (stored) writeFileSync(path, JSON.stringify(stored))
  const events = new MainEvents()
  const heard: Array<[string, unknown]> = []
  events.forward((event, payload) => heard.push([event, payload]))
  const settings = new SettingsService({
    file: new JsonFile<PersistedSettings>(path),
    secrets: new MemorySecretStore(),
    events,
    defaultLibraryDir: join(dir, 'Library'),
    systemLanguages: () => system,
  })
  return { settings, heard, path }
}

describe('the interface language setting (issue #34)', () => {
  it("defaults to 'system', which follows the OS's first language Gen Studio speaks", async () => {
    const { settings } = service(['fr-FR', 'zh-CN', 'en-US'])
    expect(await settings.language()).toEqual({
      choice: 'system',
      resolved: 'zh-Hans',
      system: ['fr-FR', 'zh-CN', 'en-US'],
    })
  })

  it('a choice is saved, announced to every window at once, and read back after a restart', async () => {
    const { settings, heard, path } = service(['ja-JP'])
    const view = await settings.setLanguage('ko')
    expect(view).toMatchObject({ choice: 'ko', resolved: 'ko' })
    expect(heard).toContainEqual(['settings:languageChanged', view])
    expect(JSON.parse(readFileSync(path, 'utf8')).language).toBe('ko')
    const again = service(['ja-JP'], JSON.parse(readFileSync(path, 'utf8')))
    expect((await again.settings.language()).resolved).toBe('ko')
  })

  it('a hand-edited unknown language follows the OS rather than failing', async () => {
    const { settings } = service(['ko-KR'], { version: 1, language: 'klingon' })
    expect(await settings.language()).toMatchObject({ choice: 'system', resolved: 'ko' })
  })

  it('the pseudo-locale is reached only through the OS languages', async () => {
    const { settings } = service(['en-XA'])
    expect((await settings.language()).resolved).toBe('en-XA')
  })
})

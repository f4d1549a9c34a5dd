import { normalizeBaseUrl } from '@shared/baseUrl'
import { isLanguageChoice, type LanguageChoice, resolveLanguage } from '@shared/i18n/locales'
import type { SettingsView } from '@shared/ipc/contract'
import type { LanguageView } from '@shared/ipc/contract/settings'
import { thumbCacheGibOf } from '@shared/library/thumbCache'
import { fail } from '@shared/result'
import { cleanProjectName, projectNameProblem, RECENT_PROJECTS_MAX } from '@shared/spending/project'
import { budgetsSchema } from '@shared/spending/schemas'
import { type Budgets, NO_BUDGETS } from '@shared/spending/types'

import type { JsonFile } from '../../adapters/fs/JsonFile'
import type { SecretStore } from '../../adapters/secrets/SecretStore'
import type { MainEvents } from '../../events'
import { t } from '../../i18n'

/** What is written to settings.json in userData. Never contains the key. */
export interface PersistedSettings {
  version: 1
  baseUrl: string | null
  libraryDir: string
  concurrency: SettingsView['concurrency']
  /** Spending caps (issue #15); absent in older files. */
  budgets?: Budgets
  /** The project new charges are recorded under (issue #29); null or absent: none. */
  activeProject?: string | null
  /** Projects chosen lately, most recent first (the title bar offers them). */
  recentProjects?: string[]
  /** The interface language (issue #34); absent: 'system'. */
  language?: LanguageChoice
  /** The thumbnail cache's cap in GiB (issue #33); absent: DEFAULT_THUMB_CACHE_GIB. */
  thumbCacheGiB?: number
}

/** The connection the service client uses: main-process only. */
export interface Connection {
  baseUrl: string
  key: string
  demo: boolean
}

export const DEFAULT_CONCURRENCY: SettingsView['concurrency'] = {
  image: 4,
  video: 8,
  art: 2,
  workbench: 2,
}

/** The key is looked up by origin so that two paths on one host share it, two hosts never do. */
export const keyAccount = (baseUrl: string): string => new URL(baseUrl).origin

export interface SettingsServiceOptions {
  file: JsonFile<PersistedSettings>
  secrets: SecretStore
  events: MainEvents
  defaultLibraryDir: string
  /** The OS's preferred languages, most preferred first (Electron: app.getPreferredSystemLanguages). */
  systemLanguages?: () => readonly string[]
}

/**
 * Owns the user's settings and the key. The key goes to the SecretStore and comes back out only
 * through `connection()` for the service client; the view sent to the renderer carries at most
 * its last four characters. Writes are serialised so concurrent IPC calls cannot interleave.
 */
export class SettingsService {
  private state: PersistedSettings | null = null
  private queue: Promise<unknown> = Promise.resolve()
  private demo: Connection | null = null

  constructor(private readonly options: SettingsServiceOptions) {}

  private async load(): Promise<PersistedSettings> {
    if (this.state) return this.state
    const stored = await this.options.file.read()
    this.state = {
      version: 1,
      baseUrl: typeof stored?.baseUrl === 'string' ? stored.baseUrl : null,
      libraryDir:
        typeof stored?.libraryDir === 'string' && stored.libraryDir
          ? stored.libraryDir
          : this.options.defaultLibraryDir,
      concurrency: { ...DEFAULT_CONCURRENCY, ...(stored?.concurrency ?? {}) },
      // A hand-edited or damaged budgets entry falls back to no caps rather than blocking start-up.
      budgets: budgetsSchema.safeParse(stored?.budgets).data ?? NO_BUDGETS,
      // A name that is no longer valid (hand-edited file) is dropped, never fatal.
      activeProject: cleanProjectName(stored?.activeProject),
      recentProjects: recentOf(stored?.recentProjects),
      // An unknown language (hand-edited file, a language since removed) follows the OS.
      language: isLanguageChoice(stored?.language) ? stored.language : 'system',
      thumbCacheGiB: thumbCacheGibOf(stored?.thumbCacheGiB),
    }
    return this.state
  }

  /** Runs mutations one at a time, in call order. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work)
    this.queue = next.catch(() => {})
    return next
  }

  private async save(next: PersistedSettings): Promise<SettingsView> {
    try {
      await this.options.file.write(next)
    } catch (e) {
      fail('storage', t('settingsSaveFailed', { detail: (e as Error).message }), {
        action: t('settingsSaveFailedAction'),
      })
    }
    this.state = next
    const view = await this.view()
    this.options.events.emit('settings:changed', view)
    return view
  }

  async settings(): Promise<PersistedSettings> {
    return { ...(await this.load()) }
  }

  async view(): Promise<SettingsView> {
    const s = await this.load()
    const secureStore = await this.options.secrets.status()
    let key: string | null = null
    if (this.demo) key = this.demo.key
    else if (s.baseUrl && secureStore.available)
      key = await this.options.secrets.get(keyAccount(s.baseUrl))
    return {
      baseUrl: this.demo ? this.demo.baseUrl : s.baseUrl,
      hasKey: key !== null,
      keyHint: key ? `…${key.slice(-4)}` : null,
      libraryDir: s.libraryDir,
      concurrency: { ...s.concurrency },
      project: { active: s.activeProject ?? null, recent: [...(s.recentProjects ?? [])] },
      secureStore,
      demo: { active: this.demo !== null },
      thumbCacheGiB: thumbCacheGibOf(s.thumbCacheGiB),
    }
  }

  update(patch: {
    baseUrl?: string
    concurrency?: Partial<SettingsView['concurrency']>
    thumbCacheGiB?: number
  }): Promise<SettingsView> {
    return this.serial(async () => {
      const s = await this.load()
      const next: PersistedSettings = {
        ...s,
        concurrency: { ...s.concurrency, ...(patch.concurrency ?? {}) },
      }
      if (patch.thumbCacheGiB !== undefined)
        next.thumbCacheGiB = thumbCacheGibOf(patch.thumbCacheGiB)
      if (patch.baseUrl !== undefined) next.baseUrl = checkedBaseUrl(patch.baseUrl)
      return this.save(next)
    })
  }

  /** The spending caps, as enforced at every submission. */
  async budgets(): Promise<Budgets> {
    return (await this.load()).budgets ?? NO_BUDGETS
  }

  setBudgets(budgets: Budgets): Promise<Budgets> {
    return this.serial(async () => {
      await this.save({ ...(await this.load()), budgets })
      return budgets
    })
  }

  /** The project new charges are recorded under (admission asks at every request); none: null. */
  async activeProject(): Promise<string | null> {
    return (await this.load()).activeProject ?? null
  }

  /**
   * Makes `name` the active project (null: none) and puts it first among the recent ones. The name
   * is trimmed and checked (length, no control characters); a bad one changes nothing.
   */
  setActiveProject(name: string | null): Promise<SettingsView> {
    return this.serial(async () => {
      const s = await this.load()
      if (name === null) return this.save({ ...s, activeProject: null })
      const problem = projectNameProblem(name)
      if (problem) fail('validation', problem, { fields: { project: problem } })
      const active = name.trim()
      const recent = [active, ...(s.recentProjects ?? []).filter((p) => p !== active)]
      return this.save({
        ...s,
        activeProject: active,
        recentProjects: recent.slice(0, RECENT_PROJECTS_MAX),
      })
    })
  }

  /** The interface language: the choice and what it resolves to on this OS now. */
  async language(): Promise<LanguageView> {
    const choice = (await this.load()).language ?? 'system'
    const system = [...(this.options.systemLanguages?.() ?? [])]
    return { choice, resolved: resolveLanguage(choice, system), system }
  }

  /** Saves the language choice and tells every window (settings:languageChanged) at once. */
  setLanguage(choice: LanguageChoice): Promise<LanguageView> {
    return this.serial(async () => {
      await this.save({ ...(await this.load()), language: choice })
      const view = await this.language()
      this.options.events.emit('settings:languageChanged', view)
      return view
    })
  }

  setLibraryDir(dir: string): Promise<SettingsView> {
    return this.serial(async () => this.save({ ...(await this.load()), libraryDir: dir }))
  }

  /** Saves the address and the key together; if the keychain refuses, nothing is changed. */
  connect(baseUrl: string, key: string): Promise<SettingsView> {
    return this.serial(async () => {
      const url = checkedBaseUrl(baseUrl)
      await this.options.secrets.set(keyAccount(url), key)
      return this.save({ ...(await this.load()), baseUrl: url })
    })
  }

  setKey(key: string): Promise<SettingsView> {
    return this.serial(async () => {
      const s = await this.load()
      if (!s.baseUrl)
        fail('validation', t('addressBeforeKey'), {
          fields: { baseUrl: t('required') },
        })
      await this.options.secrets.set(keyAccount(s.baseUrl!), key)
      const view = await this.view()
      this.options.events.emit('settings:changed', view)
      return view
    })
  }

  clearKey(): Promise<SettingsView> {
    return this.serial(async () => {
      const s = await this.load()
      if (s.baseUrl) await this.options.secrets.delete(keyAccount(s.baseUrl))
      const view = await this.view()
      this.options.events.emit('settings:changed', view)
      return view
    })
  }

  /**
   * The address and key for outgoing calls (main only). In demo mode the simulator's connection
   * replaces the real one in memory; the stored settings and keychain entry are untouched.
   */
  async connection(): Promise<Connection | null> {
    if (this.demo) return { ...this.demo }
    const s = await this.load()
    if (!s.baseUrl) return null
    const key = await this.options.secrets.get(keyAccount(s.baseUrl))
    return key ? { baseUrl: s.baseUrl, key, demo: false } : null
  }

  /** Switches to (or, with null, away from) the in-memory demo connection. */
  async setDemo(connection: Omit<Connection, 'demo'> | null): Promise<SettingsView> {
    this.demo = connection ? { ...connection, demo: true } : null
    const view = await this.view()
    this.options.events.emit('settings:changed', view)
    return view
  }
}

/** The stored recent projects, each checked, without repeats, at most RECENT_PROJECTS_MAX. */
function recentOf(stored: unknown): string[] {
  if (!Array.isArray(stored)) return []
  const names = stored.map(cleanProjectName).filter((n): n is string => n !== null)
  return [...new Set(names)].slice(0, RECENT_PROJECTS_MAX)
}

function checkedBaseUrl(input: string): string {
  const checked = normalizeBaseUrl(input)
  if (!checked.ok)
    return fail('validation', checked.message, { fields: { baseUrl: checked.message } })
  return checked.url
}

import {
  MAX_PRESETS_PER_FORM,
  type Preset,
  type PresetFields,
  type PresetForm,
  presetSchema,
} from '@shared/presets/schemas'
import { fail } from '@shared/result'

import type { JsonFile } from '../../adapters/fs/JsonFile'
import { t } from '../../i18n'

/** The file's shape (userData/presets.json). */
export interface StoredPresets {
  version: 1
  presets: Preset[]
}

const keyOf = (form: PresetForm, name: string) => `${form}\u0000${name}`

/**
 * The named presets of every form (issue #16), kept in the app (userData/presets.json) because
 * they are the user's own work and must survive a cleared renderer cache. The same pattern as
 * WildcardStore: loaded once, a damaged entry is skipped (never fatal), every change is
 * serialised and written atomically (JsonFile), and the memory copy only changes once the write
 * succeeded, so a failed save leaves both the file and the menu as they were.
 */
export class PresetStore {
  private presets: Map<string, Preset> | null = null
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly file: JsonFile<StoredPresets>,
    private readonly now: () => number = Date.now,
  ) {}

  private async load(): Promise<Map<string, Preset>> {
    if (this.presets) return this.presets
    const stored = await this.file.read().catch(() => null)
    const presets = new Map<string, Preset>()
    for (const entry of Array.isArray(stored?.presets) ? stored.presets : []) {
      const parsed = presetSchema.safeParse(entry)
      if (parsed.success) presets.set(keyOf(parsed.data.form, parsed.data.name), parsed.data)
    }
    this.presets = presets
    return presets
  }

  /** One form's presets, by name. */
  async list(form: PresetForm): Promise<Preset[]> {
    const presets = await this.load()
    return [...presets.values()]
      .filter((p) => p.form === form)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((p) => structuredClone(p))
  }

  /** Creates or replaces the preset of that name; answers the form's presets. */
  save(form: PresetForm, name: string, fields: PresetFields): Promise<Preset[]> {
    return this.serial(form, async (presets) => {
      const key = keyOf(form, name)
      const count = [...presets.values()].filter((p) => p.form === form).length
      if (!presets.has(key) && count >= MAX_PRESETS_PER_FORM)
        fail('validation', t('presetsFull', { max: MAX_PRESETS_PER_FORM }), {
          action: t('presetsFullAction'),
        })
      presets.set(key, { form, name, fields: structuredClone(fields), savedAt: this.now() })
    })
  }

  /** Deletes one preset; answers the form's presets. */
  delete(form: PresetForm, name: string): Promise<Preset[]> {
    return this.serial(form, async (presets) => {
      if (!presets.delete(keyOf(form, name)))
        fail('not_found', t('presetGone', { name }), {
          action: t('presetGoneAction'),
        })
    })
  }

  private serial(form: PresetForm, change: (presets: Map<string, Preset>) => Promise<unknown>) {
    const run = async () => {
      const presets = new Map(await this.load())
      await change(presets)
      try {
        await this.file.write({ version: 1, presets: [...presets.values()] })
      } catch (e) {
        fail('storage', t('presetsSaveFailed', { detail: (e as Error).message }), {
          action: t('appFolderWritableAction'),
        })
      }
      this.presets = presets
      return this.list(form)
    }
    const next = this.queue.then(run, run)
    this.queue = next.catch(() => {})
    return next
  }
}

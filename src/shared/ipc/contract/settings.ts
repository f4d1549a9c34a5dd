/**
 * The `settings:` channels and event: the service address, the key (written, never read back),
 * concurrency and the library folder, plus the field schemas they are checked with.
 */
import { z } from 'zod'

import { LANGUAGE_CHOICES, type LanguageChoice, type UiLanguage } from '../../i18n/locales'
import { THUMB_CACHE_GIB_CHOICES } from '../../library/thumbCache'
import { projectNameSchema } from '../../spending/schemas'
import { channel, type DomainChannels, type DomainEvents, empty, event } from './define'

/** A base URL: https, or http only on loopback. Normalisation happens in main. */
export const baseUrlSchema = z.string().trim().min(1, 'Enter the service address').max(2048)

/** A raw API key: written only, never read back over IPC. */
export const apiKeySchema = z
  .string()
  .trim()
  .min(8, 'The API key looks too short')
  .max(4096, 'The API key is too long')
  .refine((k) => !/\s/.test(k), 'The API key must not contain spaces')

/** How many tasks of each kind may run at once; main's slots are sized from it. */
export const concurrencySchema = z.object({
  image: z.number().int().min(1).max(16),
  video: z.number().int().min(1).max(32),
  art: z.number().int().min(1).max(8),
  workbench: z.number().int().min(1).max(8),
})

/** Settings as the renderer may see them: the key itself is never here, only whether it exists. */
export interface SettingsView {
  baseUrl: string | null
  hasKey: boolean
  /** At most the last four characters of the key, for recognition ("…a1b2"). */
  keyHint: string | null
  libraryDir: string
  concurrency: z.infer<typeof concurrencySchema>
  secureStore: { available: boolean; backend: string; reason?: string }
  demo: { active: boolean }
  /** The project new charges are recorded under (null: none) and the recently chosen ones. */
  project: { active: string | null; recent: string[] }
  /** The thumbnail cache's size cap in GiB, one of THUMB_CACHE_GIB_CHOICES (issue #33). */
  thumbCacheGiB: number
}

/**
 * The interface language (issue #34): the Settings choice, the language it resolves to (the OS's
 * preferred languages when the choice is 'system'), and those OS languages, most preferred first.
 */
export interface LanguageView {
  choice: LanguageChoice
  resolved: UiLanguage
  system: string[]
}

/** Reading and changing settings; every answer is the whole SettingsView after the change. */
export const settingsChannels = {
  'settings:get': channel<SettingsView>()(
    'Current settings; the key only as hasKey/keyHint.',
    empty,
  ),
  'settings:update': channel<SettingsView>()(
    'Change non-secret settings. A base URL is normalised and must be https (http only on loopback). thumbCacheGiB: the thumbnail cache cap (1–64 GiB).',
    z
      .object({
        baseUrl: baseUrlSchema.optional(),
        concurrency: concurrencySchema.partial().optional(),
        thumbCacheGiB: z
          .number()
          .refine((n) => (THUMB_CACHE_GIB_CHOICES as readonly number[]).includes(n))
          .optional(),
      })
      .strict(),
  ),
  'settings:connect': channel<SettingsView>()(
    'First run: save the base URL and store the key in the OS keychain, in one step.',
    z.object({ baseUrl: baseUrlSchema, key: apiKeySchema }).strict(),
  ),
  'settings:setKey': channel<SettingsView>()(
    'Store (replace) the key for the current base URL in the OS keychain. Write-only.',
    z.object({ key: apiKeySchema }).strict(),
  ),
  'settings:clearKey': channel<SettingsView>()(
    'Delete the key for the current base URL from the keychain.',
    empty,
  ),
  'settings:setProject': channel<SettingsView>()(
    'Choose the active project (a collection name or a typed name; null: none). Every request admitted from then on is recorded under it and checked against its own caps.',
    z.object({ project: projectNameSchema.nullable() }).strict(),
  ),
  'settings:chooseLibraryDir': channel<SettingsView>()(
    'Let the user pick the library folder with the OS dialog; unchanged if cancelled.',
    empty,
  ),
  'settings:language': channel<LanguageView>()(
    'The interface language: the choice, what it resolves to, and the OS preferred languages.',
    empty,
  ),
  'settings:setLanguage': channel<LanguageView>()(
    'Choose the interface language (system: follow the OS). Applies at once, in every window and in main.',
    z.object({ choice: z.enum(LANGUAGE_CHOICES) }).strict(),
  ),
} as const satisfies DomainChannels<'settings'>

/** Settings changed in main, whoever changed them. */
export const settingsEvents = {
  'settings:changed': event<SettingsView>(
    'Settings changed in main (key stored, demo started, ...).',
  ),
  'settings:languageChanged': event<LanguageView>(
    'The interface language changed: every window shows the new one at once.',
  ),
} as const satisfies DomainEvents<'settings'>

/**
 * The one IPC contract between the renderer and main. Every invoke channel is `domain:verb`, takes
 * one payload object validated by its zod schema in main, and answers a `Result<T>`; every event
 * main pushes is listed in `eventContract`. The preload exposes exactly these, nothing generic, and
 * main's handler map must implement every channel (checked by `satisfies Handlers`).
 */
import { z } from 'zod'

import type { Result } from '../result'

/** A channel definition: documentation, the input schema, and the output type (type-only). */
const channel =
  <O>() =>
  <I extends z.ZodType>(doc: string, input: I) => ({
    doc,
    input,
    output: undefined as unknown as O,
  })
/** An event definition: documentation and the payload type (type-only). */
const event = <P>(doc: string) => ({ doc, payload: undefined as unknown as P })

const empty = z.object({}).strict()

// ───────────────────────────── shared field schemas ─────────────────────────────

/** A base URL: https, or http only on loopback. Normalisation happens in main. */
export const baseUrlSchema = z.string().trim().min(1, 'Enter the service address').max(2048)
/** A raw API key: written only, never read back over IPC. */
export const apiKeySchema = z
  .string()
  .trim()
  .min(8, 'The API key looks too short')
  .max(4096, 'The API key is too long')
  .refine((k) => !/\s/.test(k), 'The API key must not contain spaces')

export const concurrencySchema = z.object({
  image: z.number().int().min(1).max(16),
  video: z.number().int().min(1).max(32),
  art: z.number().int().min(1).max(8),
  workbench: z.number().int().min(1).max(8),
})

// ───────────────────────────── views (what main sends back) ─────────────────────────────

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
}

export interface AppInfo {
  name: string
  version: string
  platform: string
  /** Versions of the runtime parts, for the About box and bug reports. */
  versions: Record<string, string>
}

// ───────────────────────────── invoke channels ─────────────────────────────

export const invokeContract = {
  // ── app ──
  'app:info': channel<AppInfo>()('Name, version and platform for About and bug reports.', empty),

  // ── settings ──
  'settings:get': channel<SettingsView>()(
    'Current settings; the key only as hasKey/keyHint.',
    empty,
  ),
  'settings:update': channel<SettingsView>()(
    'Change non-secret settings. A base URL is normalised and must be https (http only on loopback).',
    z
      .object({
        baseUrl: baseUrlSchema.optional(),
        concurrency: concurrencySchema.partial().optional(),
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
  'settings:chooseLibraryDir': channel<SettingsView>()(
    'Let the user pick the library folder with the OS dialog; unchanged if cancelled.',
    empty,
  ),

  // ── shell ──
  'shell:openExternal': channel<null>()(
    'Open an http(s) link in the OS browser. Any other scheme is refused.',
    z.object({ url: z.string().max(8192) }).strict(),
  ),

  // (domain sections are inserted above this line, one block per domain)
} as const

// ───────────────────────────── events (main → renderer) ─────────────────────────────

export const eventContract = {
  'settings:changed': event<SettingsView>(
    'Settings changed in main (key stored, demo started, ...).',
  ),
} as const

// ───────────────────────────── derived types ─────────────────────────────

export type InvokeContract = typeof invokeContract
export type Channel = keyof InvokeContract
/** What the renderer sends (before zod defaults/transforms). */
export type InputOf<C extends Channel> = z.input<InvokeContract[C]['input']>
/** What a handler receives (after zod parsing). */
export type ParsedInputOf<C extends Channel> = z.output<InvokeContract[C]['input']>
export type OutputOf<C extends Channel> = InvokeContract[C]['output']

export type EventContract = typeof eventContract
export type EventName = keyof EventContract
export type EventPayload<E extends EventName> = EventContract[E]['payload']

/** Who called: main uses it for per-window work (drag, dialogs) after the sender check passed. */
export interface HandlerContext {
  senderId: number
}

/** The exhaustive handler map main must provide (`satisfies Handlers`). */
export type Handlers = {
  [C in Channel]: (
    input: ParsedInputOf<C>,
    ctx: HandlerContext,
  ) => Promise<OutputOf<C>> | OutputOf<C>
}

type DomainOf<C> = C extends `${infer D}:${string}` ? D : never
export type Domain = DomainOf<Channel>

/** The renderer's typed API: `api.settings.get({})`, `api.on('settings:changed', fn)`. */
export type Api = {
  [D in Domain]: {
    [C in Channel as C extends `${D}:${infer V}` ? V : never]: (
      input: InputOf<C>,
    ) => Promise<Result<OutputOf<C>>>
  }
} & {
  /** Subscribe to a main → renderer event; returns the function that unsubscribes. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
  /** The OS path of a File the user dropped or picked (Electron's webUtils); '' when it has none. */
  pathForFile(file: File): string
}

export const CHANNELS = Object.keys(invokeContract) as Channel[]
export const EVENTS = Object.keys(eventContract) as EventName[]

/** Splits `domain:verb`; used by the preload and the test bridge to build the API object. */
export const splitChannel = (c: Channel): [string, string] => {
  const i = c.indexOf(':')
  return [c.slice(0, i), c.slice(i + 1)]
}

/**
 * The one IPC contract between the renderer and main, merged from one file per channel domain
 * (`app.ts`, `settings.ts`, … beside this one). Every invoke channel is `domain:verb`, takes one
 * payload object validated by its zod schema in main, and answers a `Result<T>`; every event main
 * pushes is listed in `eventContract`. The preload exposes exactly these, nothing generic, and
 * main's handler map must implement every channel (checked by `satisfies Handlers`).
 *
 * A new domain is a new file here plus one spread in each map below; a channel whose name does not
 * start with its file's domain fails typecheck in that file.
 */
import type { z } from 'zod'

import type { Result } from '../../result'
import { accountChannels } from './account'
import { appChannels } from './app'
import { batchChannels, batchEvents } from './batch'
import { budgetChannels } from './budget'
import { chatChannels, chatEvents } from './chat'
import { collectionsChannels } from './collections'
import { crashChannels } from './crash'
import { demoChannels } from './demo'
import { generateChannels } from './generate'
import { libraryChannels, libraryEvents } from './library'
import { pictureChannels, pictureEvents } from './picture'
import { presetsChannels } from './presets'
import { settingsChannels, settingsEvents } from './settings'
import { shellChannels } from './shell'
import { spendingChannels, spendingEvents } from './spending'
import { syncChannels } from './sync'
import { tasksChannels, tasksEvents } from './tasks'
import { updatesChannels, updatesEvents } from './updates'
import { wildcardsChannels } from './wildcards'

export type { ConnectionCheck } from './account'
export type { AppInfo } from './app'
export type { ChannelDef, EventDef } from './define'
export type { WorkbenchEstimate } from './generate'
export { apiKeySchema, baseUrlSchema, concurrencySchema, type SettingsView } from './settings'

/** Every invoke channel of every domain: what main registers and the preload exposes. */
export const invokeContract = {
  ...appChannels,
  ...settingsChannels,
  ...shellChannels,
  ...libraryChannels,
  ...chatChannels,
  ...generateChannels,
  ...accountChannels,
  ...tasksChannels,
  ...demoChannels,
  ...spendingChannels,
  ...budgetChannels,
  ...batchChannels,
  ...wildcardsChannels,
  ...presetsChannels,
  ...collectionsChannels,
  ...updatesChannels,
  ...crashChannels,
  ...syncChannels,
  ...pictureChannels,
} as const

/** Every main → renderer event of every domain. */
export const eventContract = {
  ...settingsEvents,
  ...libraryEvents,
  ...chatEvents,
  ...spendingEvents,
  ...batchEvents,
  ...tasksEvents,
  ...updatesEvents,
  ...pictureEvents,
} as const

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
  /**
   * The OS path of a File the user dropped or picked (Electron's webUtils); '' when it has none.
   * Resolves once main knows the user chose it (only such paths can be imported or read).
   */
  pathForFile(file: File): Promise<string>
}

/** Every channel name, in contract order (register.ts and buildApi iterate it). */
export const CHANNELS = Object.keys(invokeContract) as Channel[]
/** Every event name (buildApi refuses a subscription to anything else). */
export const EVENTS = Object.keys(eventContract) as EventName[]

/** Splits `domain:verb`; used by the preload and the test bridge to build the API object. */
export const splitChannel = (c: Channel): [string, string] => {
  const i = c.indexOf(':')
  return [c.slice(0, i), c.slice(i + 1)]
}

/**
 * The `updates:` channels and event: whether the app checks for new versions, on which channel and
 * feed, what was found (with its release notes, shown before anything is installed), the download's
 * progress, and installing. The check is the only request the app makes besides the service's.
 */
import { z } from 'zod'

import { channel, type DomainChannels, type DomainEvents, empty, event } from './define'

export const UPDATE_CHANNELS = ['stable', 'beta'] as const
export type UpdateChannel = (typeof UPDATE_CHANNELS)[number]

/**
 * Where the updater is:
 * - `off`: the user turned checks off (nothing is asked);
 * - `unsupported`: this build cannot update itself (a development build, a deb) — `message` says why;
 * - `idle` / `checking` / `current` (checked, nothing newer) / `downloading` / `ready` (downloaded
 *   and verified, installs on quit or on "Restart now");
 * - `waiting`: "Restart now" was asked while a paid request is between sent and saved.
 */
export type UpdatePhase =
  'off' | 'unsupported' | 'idle' | 'checking' | 'current' | 'downloading' | 'ready' | 'waiting'

export interface UpdateView {
  phase: UpdatePhase
  enabled: boolean
  channel: UpdateChannel
  feedUrl: string
  /** How long a silent feed is waited for before a check or download gives up. */
  timeoutSeconds: number
  currentVersion: string
  /** The version found, with its notes as plain text (shown before install). */
  available: { version: string; notes: string; releaseDate: string | null } | null
  progress: { percent: number; transferred: number; total: number } | null
  lastCheckedAt: string | null
  /** The last failure (offline, a feed that is down or answers nonsense): logged, shown here. */
  lastError: { message: string; at: string } | null
  /** What the phase means for the user, in one sentence. */
  message: string
  /** Paid requests between sent and saved, chat replies included (the install waits for them). */
  inFlight: number
}

/** An update feed: https, or http only on a loopback address (local test feeds). */
export const updateFeedSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value)
      if (url.username || url.password) return false
      if (url.protocol === 'https:') return true
      return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
    } catch {
      return false
    }
  }, 'The update feed must be an https address')

/** The feed's silence limit: electron-updater's own request limit is 60 s. */
export const DEFAULT_UPDATE_TIMEOUT_S = 60
export const updateTimeoutSchema = z.number().int().min(5).max(600)

export const updatesChannels = {
  'updates:get': channel<UpdateView>()('Where the updater is, and the user’s choices.', empty),
  'updates:setPrefs': channel<UpdateView>()(
    'Turn update checks on or off, choose stable or beta, change the feed address or how long a silent feed is waited for.',
    z
      .object({
        enabled: z.boolean().optional(),
        channel: z.enum(UPDATE_CHANNELS).optional(),
        feedUrl: updateFeedSchema.optional(),
        timeoutSeconds: updateTimeoutSchema.optional(),
      })
      .strict(),
  ),
  'updates:check': channel<UpdateView>()(
    'Check the feed now (a found update downloads in the background).',
    empty,
  ),
  'updates:restart': channel<UpdateView>()(
    'Install the downloaded update now: the app restarts, unless a paid request is in flight (then it waits and says so).',
    empty,
  ),
} as const satisfies DomainChannels<'updates'>

export const updatesEvents = {
  'updates:changed': event<UpdateView>(
    'The updater moved (found, progress, ready, waiting, failed).',
  ),
} as const satisfies DomainEvents<'updates'>

/**
 * The feed a fresh install checks: the same address as electron-builder.yml's generic `publish`
 * entry (the release workflow uploads `latest*.yml`, `beta*.yml` and the installers there and to
 * the GitHub Release). Settings can point it elsewhere (a mirror, a company feed).
 */
export const DEFAULT_UPDATE_FEED = 'https://updates.gen-studio.invalid/desktop'

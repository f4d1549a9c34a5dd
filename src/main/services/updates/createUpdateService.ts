import { join } from 'node:path'

import {
  DEFAULT_UPDATE_FEED,
  DEFAULT_UPDATE_TIMEOUT_S,
  UPDATE_CHANNELS,
  updateFeedSchema,
  updateTimeoutSchema,
} from '@shared/ipc/contract/updates'

import { systemClock } from '../../adapters/clock/Clock'
import { JsonFile } from '../../adapters/fs/JsonFile'
import type { MainEvents } from '../../events'
import { t } from '../../i18n'
import type { DiagnosticsSink } from '../diagnostics/Diagnostics'
import type { UpdatePrefs, UpdaterPort } from './ports'
import { UpdateService } from './UpdateService'

/** For builds and tests with no updater (the browser bridge, unit tests): never asks anything. */
export const noUpdater = (version: string): UpdaterPort => ({
  unsupportedReason: () => t('updNoUpdater'),
  currentVersion: () => version,
  configure: () => {},
  check: async () => null,
  download: async () => {},
  installOnQuitWhen: () => {},
  quitAndInstall: () => {},
})

/** Keeps only well-formed choices from updates.json (a hand-edited file cannot break the check). */
export function sanePrefs(raw: unknown, defaults: UpdatePrefs): UpdatePrefs {
  const r = (raw ?? {}) as Partial<Record<keyof UpdatePrefs, unknown>>
  return {
    enabled: typeof r.enabled === 'boolean' ? r.enabled : defaults.enabled,
    channel: UPDATE_CHANNELS.includes(r.channel as never)
      ? (r.channel as UpdatePrefs['channel'])
      : defaults.channel,
    feedUrl: updateFeedSchema.safeParse(r.feedUrl).success
      ? (r.feedUrl as string)
      : defaults.feedUrl,
    timeoutSeconds: updateTimeoutSchema.safeParse(r.timeoutSeconds).success
      ? (r.timeoutSeconds as number)
      : defaults.timeoutSeconds,
  }
}

/** The update service with its choices in `<userData>/updates.json`. */
export function createUpdateService(o: {
  userDataDir: string
  updater: UpdaterPort
  inFlight: () => number
  /** Chat replies being answered (paid text). */
  replies: () => number
  log: DiagnosticsSink
  events: MainEvents
}): UpdateService {
  const defaults: UpdatePrefs = {
    enabled: true,
    channel: 'stable',
    feedUrl: DEFAULT_UPDATE_FEED,
    timeoutSeconds: DEFAULT_UPDATE_TIMEOUT_S,
  }
  const file = new JsonFile<UpdatePrefs>(join(o.userDataDir, 'updates.json'))
  return new UpdateService({
    updater: o.updater,
    prefs: {
      read: async () => sanePrefs(await file.read(), defaults),
      write: (p) => file.write(p),
    },
    defaults,
    inFlight: o.inFlight,
    replies: o.replies,
    clock: systemClock,
    log: o.log,
    emit: (view) => o.events.emit('updates:changed', view),
  })
}

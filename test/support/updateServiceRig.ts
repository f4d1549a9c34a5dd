/** UpdateService with a scripted updater, a manual clock and in-memory prefs (unit tests). */
import { ManualClock } from '@main/adapters/clock/ManualClock'
import { Diagnostics } from '@main/services/diagnostics/Diagnostics'
import type { FoundUpdate, UpdatePrefs, UpdaterPort } from '@main/services/updates/ports'
import { UpdateService } from '@main/services/updates/UpdateService'
import type { UpdateView } from '@shared/ipc/contract/updates'

export const defaults: UpdatePrefs = {
  enabled: true,
  channel: 'stable',
  feedUrl: 'https://feed.test/',
  timeoutSeconds: 30,
}

/** A scripted updater: what the feed says next, and what it was asked. */
export function scripted(found: () => Promise<FoundUpdate | null>) {
  const calls: string[] = []
  let allowed: () => boolean = () => false
  let downloadResult: () => Promise<void> = async () => {}
  const port: UpdaterPort = {
    unsupportedReason: () => null,
    currentVersion: () => '1.0.0',
    configure: (f) => void calls.push(`configure ${f.url} ${f.channel}`),
    check: () => {
      calls.push('check')
      return found()
    },
    download: async (onProgress) => {
      calls.push('download')
      onProgress({ percent: 50, transferred: 5, total: 10 })
      await downloadResult()
      onProgress({ percent: 100, transferred: 10, total: 10 })
    },
    installOnQuitWhen: (p) => void (allowed = p),
    quitAndInstall: () => void calls.push('quitAndInstall'),
  }
  return {
    port,
    calls,
    installOnQuit: () => allowed(),
    failDownload(error: Error) {
      downloadResult = async () => {
        throw error
      }
    },
  }
}

export function rig(
  found: () => Promise<FoundUpdate | null>,
  o: {
    inFlight?: () => number
    replies?: () => number
    saved?: Partial<UpdatePrefs> | null
    updater?: Partial<UpdaterPort>
  } = {},
) {
  const clock = new ManualClock(Date.parse('2026-11-26T09:00:00Z'))
  const updater = scripted(found)
  const views: UpdateView[] = []
  const written: UpdatePrefs[] = []
  const log = new Diagnostics({ dir: null })
  const service = new UpdateService({
    updater: { ...updater.port, ...o.updater },
    prefs: {
      read: async () => (o.saved ? { ...defaults, ...o.saved } : null),
      write: async (p) => void written.push(p),
    },
    defaults,
    inFlight: o.inFlight ?? (() => 0),
    replies: o.replies,
    clock,
    log,
    emit: (v) => views.push(v),
  })
  return { service, clock, updater, views, written, log }
}

export const v2: FoundUpdate = { version: '2.0.0', notes: 'Faster library.', releaseDate: null }

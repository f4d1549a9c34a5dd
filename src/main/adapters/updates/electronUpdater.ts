import { existsSync } from 'node:fs'
import { join } from 'node:path'

import { app, net } from 'electron'
import type * as ElectronUpdaterModule from 'electron-updater'
import type { AppUpdater, Logger, ProgressInfo, UpdateInfo } from 'electron-updater'

import { t } from '../../i18n'
import type { DiagnosticsSink } from '../../services/diagnostics/Diagnostics'
import type { FoundUpdate, UpdaterPort } from '../../services/updates/ports'
import { appImageArtifact } from './appImageArtifact'
import { netArtifactSource, type NetRequest } from './netArtifactSource'
import { partialFile } from './partialFile'
import { plainReleaseNotes } from './releaseNotes'

/**
 * electron-updater behind UpdaterPort. It picks the updater for this install (NSIS on Windows,
 * Squirrel.Mac through Electron's `autoUpdater` on macOS, AppImage or deb on Linux), reads
 * `app.getVersion()`, `app.isPackaged`, `app.getPath('userData')` and, once packaged,
 * `process.resourcesPath/app-update.yml` (electron-builder writes it from `publish`), fetches with
 * Electron's `net` in the `electron-updater` session, and verifies every download against the
 * sha512 in the feed's `latest*.yml` before it reports it downloaded.
 *
 * Loaded on first use: electron-updater and its dependencies are not needed to start the app.
 */
export function electronUpdater(log: DiagnosticsSink): UpdaterPort {
  let loaded: AppUpdater | null = null
  let allowed: () => boolean = () => false
  const updater = async (): Promise<AppUpdater> => {
    if (loaded) return loaded
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberately lazy, see above
    const { autoUpdater } = require('electron-updater') as typeof ElectronUpdaterModule
    autoUpdater.logger = diagnosticsLogger(log)
    autoUpdater.autoDownload = false
    // Left true so electron-updater registers its `quit` handler when a download completes (it
    // does so only while the flag is on); the service's answer replaces it on `before-quit`, and
    // the handler reads it again at `quit`.
    autoUpdater.autoInstallOnAppQuit = true
    // https://www.electronjs.org/docs/latest/api/app#event-before-quit: emitted before windows
    // close; electron-updater installs on `quit`, which comes after it.
    app.on('before-quit', () => {
      try {
        autoUpdater.autoInstallOnAppQuit = allowed()
      } catch (error) {
        autoUpdater.autoInstallOnAppQuit = false
        log.error('updates', error)
      }
    })
    loaded = autoUpdater
    return autoUpdater
  }
  let configured: { url: string; channel: string } | null = null
  let found: UpdateInfo | null = null
  let unsettled: Promise<unknown> | null = null

  return {
    unsupportedReason() {
      // https://www.electronjs.org/docs/latest/api/app#appispackaged
      if (!app.isPackaged) return t('updFromCheckout')
      if (process.platform !== 'linux' || process.env.APPIMAGE) return null
      // https://www.electronjs.org/docs/latest/api/process#processresourcespath-readonly
      if (existsSync(join(process.resourcesPath, 'package-type'))) return null
      return t('updNotAppImage')
    },
    currentVersion: () => app.getVersion(),
    configure(feed) {
      configured = feed
    },
    async check(): Promise<FoundUpdate | null> {
      const u = await updater()
      if (configured) {
        u.setFeedURL({
          provider: 'generic',
          url: configured.url,
          channel: configured.channel === 'beta' ? 'beta' : 'latest',
        })
        u.allowPrerelease = configured.channel === 'beta'
        // Going from beta back to stable waits for a newer stable version instead of downgrading.
        u.allowDowngrade = false
      }
      // A feed that accepts the connection and never answers leaves electron-updater's check
      // pending for good: its request timeout is armed on a `socket` event that Electron's `net`
      // never emits (https://github.com/electron-userland/electron-builder/pull/4649), and while
      // one check is pending checkForUpdates() hands back that same promise. The service gives up
      // at its own limit; the next check must then really ask again, so the stuck one is forgotten.
      if (unsettled)
        (u as unknown as { checkForUpdatesPromise: unknown }).checkForUpdatesPromise = null
      const checking = u.checkForUpdates()
      unsettled = checking
      void checking
        .catch(() => null)
        .then(() => {
          if (unsettled === checking) unsettled = null
        })
      const result = await checking
      found = result?.isUpdateAvailable ? result.updateInfo : null
      if (!result?.isUpdateAvailable) return null
      const info = result.updateInfo
      return {
        version: info.version,
        notes: plainReleaseNotes(info.releaseNotes),
        releaseDate: info.releaseDate ?? null,
      }
    },
    async resumable({ stallMs }) {
      // Only the AppImage updater: it installs the cached file as it is. (NSIS checks the
      // signature inside its download task, which a cached file skips; Squirrel.Mac serves its
      // own copy.) Elsewhere electron-updater downloads whole, as before.
      if (process.platform !== 'linux' || !process.env.APPIMAGE || !found || !configured)
        return null
      const u = await updater()
      const cacheDir = await updaterCacheDir(u)
      const target = appImageArtifact(found, configured.url)
      if (!cacheDir || !target) return null
      return {
        target,
        partial: partialFile({ updaterCacheDir: cacheDir, target }),
        source: netArtifactSource({
          request: (options) => net.request(options) as ReturnType<NetRequest>,
          stallMs: () => stallMs,
        }),
      }
    },
    async download(onProgress) {
      const u = await updater()
      const listener = (p: ProgressInfo) =>
        onProgress({ percent: p.percent, transferred: p.transferred, total: p.total })
      u.on('download-progress', listener)
      try {
        await u.downloadUpdate()
      } finally {
        u.off('download-progress', listener)
      }
    },
    installOnQuitWhen(predicate) {
      allowed = predicate
    },
    quitAndInstall() {
      // isSilent false, isForceRunAfter true: the new version starts once installed.
      void updater().then((u) => u.quitAndInstall(false, true))
    },
  }
}

/**
 * electron-updater's cache folder for this app (`<cache>/<updaterCacheDirName from
 * app-update.yml>`), asked of electron-updater itself so both agree on it. The method is private
 * in 6.8's typings: if a later version drops it, null (no resume, electron-updater downloads).
 */
async function updaterCacheDir(u: AppUpdater): Promise<string | null> {
  const helper = (
    u as unknown as { getOrCreateDownloadHelper?: () => Promise<{ cacheDir?: unknown }> }
  ).getOrCreateDownloadHelper
  if (typeof helper !== 'function') return null
  const { cacheDir } = await helper.call(u)
  return typeof cacheDir === 'string' ? cacheDir : null
}

function diagnosticsLogger(log: DiagnosticsSink): Logger {
  const text = (message: unknown) => (message instanceof Error ? message.message : String(message))
  return {
    info: (m?: unknown) => log.event('info', 'updater', text(m)),
    warn: (m?: unknown) => log.event('warn', 'updater', text(m)),
    error: (m?: unknown) => log.event('error', 'updater', text(m)),
  }
}

import type { UpdateChannel } from '@shared/ipc/contract/updates'

/** A version the feed offers, as the service shows it before anything is installed. */
export interface FoundUpdate {
  version: string
  /** Release notes as plain text ('' when the feed has none). */
  notes: string
  releaseDate: string | null
}

export interface DownloadProgress {
  percent: number
  transferred: number
  total: number
}

/**
 * What UpdateService needs from an updater (adapters/updates/electronUpdater.ts wraps
 * electron-updater; tests substitute a scripted one). Verification (sha512 against the feed's
 * metadata, the OS signature checks) is the updater's: `download` rejects when it fails.
 */
export interface UpdaterPort {
  /** null when this build can update itself; otherwise why it cannot, for Settings. */
  unsupportedReason(): string | null
  currentVersion(): string
  /** Points the updater at a generic feed (`latest*.yml` or `beta*.yml` at that address). */
  configure(feed: { url: string; channel: UpdateChannel }): void
  /** Asks the feed; the newer version found, or null when this one is current. */
  check(): Promise<FoundUpdate | null>
  /** Downloads (and verifies) the update `check` found; resolves once it is ready to install. */
  download(onProgress: (progress: DownloadProgress) => void): Promise<void>
  /**
   * Asked when the app starts to quit: whether the downloaded update may install as it quits.
   * A `false` keeps the update for a later quit.
   */
  installOnQuitWhen(allowed: () => boolean): void
  /** Quits and installs the downloaded update (the app restarts into it). */
  quitAndInstall(): void
}

/** The user's choices, kept in updates.json. */
export interface UpdatePrefs {
  enabled: boolean
  channel: UpdateChannel
  feedUrl: string
}

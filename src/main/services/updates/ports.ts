import type { UpdateChannel } from '@shared/ipc/contract/updates'

import type { ArtifactTarget, PartialRecord, ResponseHead } from './resume'

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
  /**
   * The artifact of the update `check` found, for a download that survives a cut connection and
   * a restart (resumableDownload.ts); null when this updater cannot take a file fetched for it.
   * Once that file is handed over, `download` finds it and fetches nothing.
   */
  resumable?(limits: { stallMs: number }): Promise<ResumableArtifact | null>
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
  /** How long the feed may stay silent before a check or a download gives up (Settings). */
  timeoutSeconds: number
}

/** A response whose body is being read; `cancel` closes the connection. */
export interface ArtifactResponse extends ResponseHead {
  /** The body's chunks; rejects when the connection is cut or stalls. */
  body: AsyncIterable<Buffer>
  cancel(): void
}

/** HTTP for the artifact (adapters/updates/netArtifactSource.ts: Electron's `net`). */
export interface ArtifactSource {
  get(url: string, headers: Record<string, string>): Promise<ArtifactResponse>
}

/** The partial file and its record on disk (adapters/updates/partialFile.ts). */
export interface PartialStore {
  read(): Promise<{ record: PartialRecord | null; bytes: number }>
  /** Records what the bytes are; `from` 0 empties the file first, otherwise bytes are kept. */
  begin(record: PartialRecord, from: number): Promise<void>
  append(chunk: Buffer): Promise<void>
  /** Base64 sha512 of the bytes kept. */
  sha512(): Promise<string>
  /** Deletes the bytes and the record. */
  drop(): Promise<void>
  /** Moves the verified file to where the updater finds a finished download. */
  handOver(): Promise<void>
  /**
   * Whether the updater already holds this very file from an earlier hand-over (its record names
   * the same sha512 and the file is there); the updater hashes it again before using it.
   */
  handedOver(): Promise<boolean>
  /** Lets go of the open file (the bytes stay); every download ends with it. */
  close(): Promise<void>
}

/** One update artifact the updater lets us fetch ourselves (see UpdaterPort.resumable). */
export interface ResumableArtifact {
  target: ArtifactTarget
  source: ArtifactSource
  partial: PartialStore
}

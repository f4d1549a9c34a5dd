import { DEFAULT_UPDATE_TIMEOUT_S, type UpdateView } from '@shared/ipc/contract/updates'

import type { Clock } from '../../adapters/clock/Clock'
import { t as tr } from '../../i18n'
import type { DiagnosticsSink } from '../diagnostics/Diagnostics'
import { describeUpdateError } from './describeUpdateError'
import { describeInFlight, type InFlight } from './inFlight'
import type { DownloadProgress, FoundUpdate, UpdatePrefs, UpdaterPort } from './ports'
import { downloadResuming } from './resumableDownload'

/** The feed checked at start and then every 6 hours (issue #30). */
export const CHECK_EVERY_MS = 6 * 60 * 60 * 1000
/**
 * "At start" is this long after start-up: loading electron-updater takes 280-350 ms of main's
 * thread on the 2-core test machine, which should not compete with the first window and the
 * journal's recovery.
 */
export const FIRST_CHECK_DELAY_MS = 5_000
/** How often "Restart now" looks again whether the paid requests in flight are saved. */
export const WAIT_POLL_MS = 5_000
export interface PrefsStore {
  read(): Promise<UpdatePrefs | null>
  write(prefs: UpdatePrefs): Promise<void>
}

export interface UpdateServiceOptions {
  updater: UpdaterPort
  prefs: PrefsStore
  defaults: UpdatePrefs
  /** Paid requests between sent and saved (the task journal's count). */
  inFlight: () => number
  /** Paid chat replies being answered (ChatService): they hold an install back the same way. */
  replies?: () => number
  clock: Clock
  log: DiagnosticsSink
  emit: (view: UpdateView) => void
}

type Phase = UpdateView['phase']

/**
 * Decides when to check, download and install; the updater (a port) does the HTTP and the
 * verification. Nothing here throws: an offline machine or a failing feed is logged and shown in
 * Settings (`lastError`), and the next check is 6 hours later as always. An update never installs
 * while a paid request is between sent and saved: "Restart now" waits (and says why), and a quit
 * with such a request keeps the update for a later quit, so a charged result is collected by the
 * version that sent it.
 */
export class UpdateService {
  private prefs: UpdatePrefs
  private phase: Phase = 'idle'
  private available: FoundUpdate | null = null
  private progress: DownloadProgress | null = null
  private lastCheckedAt: string | null = null
  private lastError: UpdateView['lastError'] = null
  private running: Promise<UpdateView> | null = null
  private readonly stop = new AbortController()
  private loop: Promise<void> | null = null
  private finalAnswer: boolean | null = null

  constructor(private readonly o: UpdateServiceOptions) {
    this.prefs = o.defaults
    o.updater.installOnQuitWhen(() => this.mayInstallAtQuit())
  }

  /**
   * Asked as the app quits (and again after `dispose`, when quitting resumes with the journal
   * closed: the answer given then stands). Never throws: in doubt, the update waits.
   */
  private mayInstallAtQuit(): boolean {
    if (this.finalAnswer !== null) return this.finalAnswer
    return this.phase === 'ready' && this.inFlight() === 0
  }

  /** Paid requests in flight (tasks and chat replies); null when one cannot say (counted as busy). */
  private inFlight(): number | null {
    const busy = this.busy()
    return busy && busy.tasks + busy.replies
  }

  private busy(): InFlight | null {
    try {
      return { tasks: this.o.inFlight(), replies: this.o.replies?.() ?? 0 }
    } catch {
      return null
    }
  }

  /** Reads the user's choices, then checks shortly after and every 6 hours until `dispose`. */
  async start(): Promise<void> {
    const saved = await this.o.prefs.read().catch(() => null)
    if (saved) this.prefs = { ...this.o.defaults, ...saved }
    this.loop ??= this.schedule()
  }

  async dispose(): Promise<void> {
    this.finalAnswer = this.mayInstallAtQuit()
    this.stop.abort()
    await this.loop
  }

  view(): UpdateView {
    const unsupported = this.o.updater.unsupportedReason()
    const phase: Phase = !this.prefs.enabled
      ? 'off'
      : unsupported !== null && this.phase === 'idle'
        ? 'unsupported'
        : this.phase
    return {
      phase,
      enabled: this.prefs.enabled,
      channel: this.prefs.channel,
      feedUrl: this.prefs.feedUrl,
      timeoutSeconds: this.prefs.timeoutSeconds,
      currentVersion: this.o.updater.currentVersion(),
      available: this.available ? { ...this.available } : null,
      progress: this.progress ? { ...this.progress } : null,
      lastCheckedAt: this.lastCheckedAt,
      lastError: this.lastError,
      message: this.message(phase, unsupported),
      inFlight: this.inFlight() ?? 0,
    }
  }

  async setPrefs(change: Partial<UpdatePrefs>): Promise<UpdateView> {
    const feedChanged =
      (change.channel !== undefined && change.channel !== this.prefs.channel) ||
      (change.feedUrl !== undefined && change.feedUrl !== this.prefs.feedUrl)
    this.prefs = { ...this.prefs, ...change }
    await this.o.prefs.write(this.prefs)
    // A new channel or feed may offer another version: what was found before no longer holds,
    // unless it is already downloaded (it stays ready to install).
    if (feedChanged && this.phase !== 'ready' && this.phase !== 'waiting') {
      this.available = null
      this.phase = 'idle'
    }
    this.changed()
    // Turning checks on, or another channel or feed, asks at once rather than in up to 6 hours.
    if ((feedChanged || change.enabled === true) && this.prefs.enabled) void this.check()
    return this.view()
  }

  /** Checks the feed (and downloads what it offers); one check at a time. */
  check(): Promise<UpdateView> {
    if (!this.prefs.enabled || this.o.updater.unsupportedReason() !== null) {
      return Promise.resolve(this.view())
    }
    if (this.phase === 'ready' || this.phase === 'waiting') return Promise.resolve(this.view())
    this.running ??= this.runCheck().finally(() => (this.running = null))
    return this.running
  }

  /**
   * "Restart now": installs at once when nothing paid is in flight; otherwise waits (phase
   * `waiting`, polling every 5 s) and installs as soon as the last one is saved.
   */
  async restartNow(): Promise<UpdateView> {
    if (this.phase !== 'ready') return this.view()
    if (this.inFlight() === 0) {
      this.o.updater.quitAndInstall()
      return this.view()
    }
    this.set('waiting')
    void this.waitThenInstall()
    return this.view()
  }

  private async waitThenInstall(): Promise<void> {
    try {
      while (this.inFlight() !== 0) {
        await this.o.clock.sleep(WAIT_POLL_MS, this.stop.signal)
        this.changed()
      }
      this.o.log.event('info', 'updates', 'No paid request in flight any more: installing.')
      this.o.updater.quitAndInstall()
    } catch {
      // The app is closing (dispose): the update stays downloaded.
    }
  }

  private async schedule(): Promise<void> {
    try {
      await this.o.clock.sleep(FIRST_CHECK_DELAY_MS, this.stop.signal)
    } catch {
      return
    }
    while (!this.stop.signal.aborted) {
      await this.check()
      try {
        await this.o.clock.sleep(CHECK_EVERY_MS, this.stop.signal)
      } catch {
        return
      }
    }
  }

  private async runCheck(): Promise<UpdateView> {
    const { updater, log } = this.o
    this.set('checking')
    try {
      updater.configure({ url: this.prefs.feedUrl, channel: this.prefs.channel })
      const found = await this.bounded(updater.check())
      this.lastCheckedAt = new Date(this.o.clock.now()).toISOString()
      this.lastError = null
      if (!found) {
        this.available = null
        this.set('current')
        return this.view()
      }
      this.available = found
      this.progress = { percent: 0, transferred: 0, total: 0 }
      this.set('downloading')
      log.event('info', 'updates', `Version ${found.version} found; downloading.`)
      const onProgress = (p: DownloadProgress) => {
        this.progress = { percent: p.percent, transferred: p.transferred, total: p.total }
        this.changed()
      }
      // Our own download first where the updater allows it (it continues what an earlier attempt
      // kept); electron-updater then finds the verified file and fetches nothing.
      const artifact = await updater.resumable?.({ stallMs: this.timeoutMs() })
      if (artifact) await downloadResuming(artifact, onProgress, () => this.o.clock.now())
      await updater.download(onProgress)
      this.set('ready')
      log.event('info', 'updates', `Version ${found.version} downloaded and verified.`)
    } catch (error) {
      const message = describeUpdateError(error)
      this.lastError = { message, at: new Date(this.o.clock.now()).toISOString() }
      log.event('warn', 'updates', message, { data: { detail: String(error).slice(0, 500) } })
      this.progress = null
      this.set('idle')
    }
    return this.view()
  }

  /** The user's limit for a silent feed (Settings), 60 s unless changed. */
  private timeoutMs(): number {
    return (this.prefs.timeoutSeconds || DEFAULT_UPDATE_TIMEOUT_S) * 1000
  }

  private bounded<T>(work: Promise<T>): Promise<T> {
    const ms = this.timeoutMs()
    const timeout = new AbortController()
    const timer = this.o.clock.sleep(ms, timeout.signal).then(
      () => {
        throw Object.assign(new Error(tr('updFeedTimeout', { seconds: Math.round(ms / 1000) })), {
          code: 'UPDATE_FEED_TIMEOUT',
        })
      },
      () => new Promise<never>(() => {}),
    )
    return Promise.race([work, timer]).finally(() => timeout.abort())
  }

  private set(phase: Phase): void {
    this.phase = phase
    this.changed()
  }

  private changed(): void {
    this.o.emit(this.view())
  }

  private message(phase: Phase, unsupported: string | null): string {
    const version = this.available?.version
    const busy = this.busy()
    const inFlight = busy ? busy.tasks + busy.replies : 0
    const what = describeInFlight(busy ?? { tasks: 0, replies: 0 })
    switch (phase) {
      case 'off':
        return tr('updOff')
      case 'unsupported':
        return unsupported ?? tr('updCannot')
      case 'checking':
        return tr('updChecking')
      case 'current':
        return tr('updCurrent')
      case 'downloading':
        return tr('updDownloading', { version })
      case 'ready':
        return inFlight > 0 ? tr('updReadyBusy', { version, what }) : tr('updReady', { version })
      case 'waiting':
        return tr('updWaiting', { what, version })
      case 'idle':
        return this.lastError ? tr('updLastFailed') : ''
    }
  }
}

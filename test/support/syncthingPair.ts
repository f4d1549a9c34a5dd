import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'

/** A free TCP port on 127.0.0.1 (bound and released: good enough for a test's two daemons). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Options that keep a daemon on loopback: no global or local discovery, no relays, no NAT
 * traversal, no usage reporting, crash reporting or upgrades; listening on 127.0.0.1 only.
 * Written into config.xml before the first start, so nothing ever leaves 127.0.0.1.
 */
function loopbackConfig(xml: string, listen: number, gui: number, apiKey: string): string {
  const set = (tag: string, value: string) => {
    const re = new RegExp(`<${tag}>[^<]*</${tag}>`)
    if (!re.test(xml)) throw new Error(`syncthing config has no <${tag}>`)
    xml = xml.replace(re, `<${tag}>${value}</${tag}>`)
  }
  set('listenAddress', `tcp://127.0.0.1:${listen}`)
  set('globalAnnounceEnabled', 'false')
  set('localAnnounceEnabled', 'false')
  set('relaysEnabled', 'false')
  set('natEnabled', 'false')
  set('urAccepted', '-1')
  set('autoUpgradeIntervalH', '0')
  set('startBrowser', 'false')
  set('crashReportingEnabled', 'false')
  // The GUI's address and key (a device block has an <address> of its own).
  xml = xml.replace(/<gui [^>]*>[\s\S]*?<\/gui>/, (block) =>
    block
      .replace(/<address>[^<]*<\/address>/, `<address>127.0.0.1:${gui}</address>`)
      .replace(/<apikey>[^<]*<\/apikey>/, `<apikey>${apiKey}</apikey>`),
  )
  if (!xml.includes(`<apikey>${apiKey}</apikey>`)) throw new Error('syncthing config has no <gui>')
  return xml
}

/** One Syncthing daemon with its own home, on loopback ports, driven through its REST API. */
export class SyncthingDaemon {
  private child: ChildProcess | null = null
  private log = ''
  deviceId = ''
  listenPort = 0
  guiPort = 0
  readonly apiKey = randomBytes(16).toString('hex')

  constructor(
    readonly name: string,
    readonly home: string,
  ) {}

  /** Generates keys and config (`syncthing generate`) and makes the config loopback-only. */
  async init(): Promise<void> {
    const r = spawnSync(
      'syncthing',
      ['generate', `--home=${this.home}`, '--no-default-folder', '--skip-port-probing'],
      { encoding: 'utf8', timeout: 30_000 },
    )
    const id = /Device ID:\s*([A-Z0-9-]{63})/.exec(`${r.stdout}${r.stderr}`)?.[1]
    if (!id) throw new Error(`syncthing generate failed: ${r.stdout}${r.stderr}`)
    this.deviceId = id
    this.listenPort = await freePort()
    this.guiPort = await freePort()
    const path = join(this.home, 'config.xml')
    const xml = await fs.readFile(path, 'utf8')
    await fs.writeFile(path, loopbackConfig(xml, this.listenPort, this.guiPort, this.apiKey))
  }

  /** Starts the daemon and waits (bounded) until its REST API answers. */
  async start(): Promise<void> {
    this.child = spawn(
      'syncthing',
      ['serve', `--home=${this.home}`, '--no-browser', '--no-restart', '--no-upgrade'],
      {
        // STMONITORED: run the daemon itself, without the monitor process that would restart it
        // (and outlive a kill of the monitor).
        env: {
          ...process.env,
          STMONITORED: '1',
          STNOUPGRADE: '1',
          STNODEFAULTFOLDER: '1',
          STNORESTART: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group, so kill() stops anything it started too.
        detached: true,
      },
    )
    const keep = (b: Buffer) => {
      this.log = (this.log + b.toString()).slice(-20_000)
    }
    this.child.stdout?.on('data', keep)
    this.child.stderr?.on('data', keep)
    await this.until(async () => (await this.get('/rest/system/ping'))?.ping === 'pong', 30_000)
  }

  /**
   * Stops the daemon and its monitor (SIGKILL to the process group this test started: a sync
   * that stops in the middle, like a crash or a power cut).
   */
  async kill(): Promise<void> {
    const c = this.child
    this.child = null
    if (!c?.pid || c.exitCode !== null) return
    const exited = new Promise((r) => c.once('exit', r))
    try {
      process.kill(-c.pid, 'SIGKILL')
    } catch {
      c.kill('SIGKILL')
    }
    await Promise.race([exited, sleep(5000)])
    await sleep(300) // the daemon child goes with the group; let the kernel reap it
  }

  get logTail(): string {
    return this.log.slice(-3000)
  }

  /**
   * Retries network errors for up to 15 s: a kept-alive socket the daemon closed meanwhile, or
   * its API restarting after a configuration change.
   */
  private async request(
    method: string,
    path: string,
    body?: unknown,
    timeoutMs = 30_000,
  ): Promise<Response> {
    const end = Date.now() + 15_000
    for (;;) {
      try {
        return await this.send(method, path, body, timeoutMs)
      } catch (e) {
        if (Date.now() > end) throw e
        await sleep(250)
      }
    }
  }

  private send(method: string, path: string, body: unknown, timeoutMs: number): Promise<Response> {
    return fetch(`http://127.0.0.1:${this.guiPort}${path}`, {
      method,
      headers: { 'X-API-Key': this.apiKey, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
  }

  /** GET a REST path; null while the daemon is not answering. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- REST answers are read field by field in checks
  async get(path: string): Promise<any> {
    try {
      const r = await this.request('GET', path)
      return r.ok ? await r.json() : null
    } catch {
      return null
    }
  }

  /** A REST call that must succeed (within `timeoutMs`). */
  async call(method: string, path: string, body?: unknown, timeoutMs?: number): Promise<void> {
    const r = await this.request(method, path, body, timeoutMs)
    if (!r.ok) throw new Error(`${this.name} ${method} ${path}: ${r.status} ${await r.text()}`)
  }

  /** Rescans the folder now and waits for the scan to finish (the test's clock, not a watcher). */
  scan(folder: string): Promise<void> {
    // A scan of many new files can take a while on a busy machine: it answers when done.
    return this.call(
      'POST',
      `/rest/db/scan?folder=${encodeURIComponent(folder)}`,
      undefined,
      180_000,
    )
  }

  /** Polls `check` every 200 ms until it holds; throws with the daemon's log after `ms`. */
  async until(check: () => Promise<boolean>, ms: number): Promise<void> {
    const end = Date.now() + ms
    while (Date.now() < end) {
      if (await check().catch(() => false)) return
      await sleep(200)
    }
    throw new Error(`${this.name}: timed out after ${ms} ms. Log:\n${this.logTail}`)
  }
}

/**
 * Two Syncthing daemons on 127.0.0.1 sharing one folder (`folderA` on the first, `folderB` on
 * the second), configured through their REST APIs. The folder's own watcher is off and rescans
 * are an hour apart: the test says when each side scans, so concurrent edits are really
 * concurrent for the engine.
 */
export class SyncthingPair {
  readonly a: SyncthingDaemon
  readonly b: SyncthingDaemon
  readonly folder = 'gen-studio-library'

  constructor(
    tmp: string,
    private readonly folderA: string,
    private readonly folderB: string,
  ) {
    this.a = new SyncthingDaemon('A', join(tmp, 'st-a'))
    this.b = new SyncthingDaemon('B', join(tmp, 'st-b'))
  }

  async start(): Promise<void> {
    await Promise.all([this.a.init(), this.b.init()])
    await Promise.all([this.a.start(), this.b.start()])
    await this.configure()
  }

  private async configure(): Promise<void> {
    const sides: Array<[SyncthingDaemon, SyncthingDaemon, string]> = [
      [this.a, this.b, this.folderA],
      [this.b, this.a, this.folderB],
    ]
    for (const [self, peer, path] of sides) {
      await self.call('POST', '/rest/config/devices', {
        deviceID: peer.deviceId,
        name: peer.name,
        addresses: [`tcp://127.0.0.1:${peer.listenPort}`],
        autoAcceptFolders: false,
      })
      await self.call('POST', '/rest/config/folders', {
        id: this.folder,
        label: 'Gen Studio library',
        path,
        type: 'sendreceive',
        devices: [{ deviceID: self.deviceId }, { deviceID: peer.deviceId }],
        rescanIntervalS: 3600,
        fsWatcherEnabled: false,
      })
    }
    for (const [self, peer] of sides)
      await self.until(async () => {
        const c = await self.get('/rest/system/connections')
        return c?.connections?.[peer.deviceId]?.connected === true
      }, 60_000)
  }

  /**
   * Scans both sides, then waits (bounded) until each reports the other 100 % complete in
   * `/rest/db/completion` and its folder idle: what one side changed is on the other's disk.
   */
  async settle(ms = 60_000): Promise<void> {
    await Promise.all([this.a.scan(this.folder), this.b.scan(this.folder)])
    for (const [self, peer] of [
      [this.a, this.b],
      [this.b, this.a],
    ] as const)
      await self.until(async () => {
        const c = await self.get(
          `/rest/db/completion?folder=${this.folder}&device=${peer.deviceId}`,
        )
        const s = await self.get(`/rest/db/status?folder=${this.folder}`)
        return (
          c?.completion === 100 &&
          c?.needItems === 0 &&
          s?.state === 'idle' &&
          s?.needTotalItems === 0
        )
      }, ms)
  }

  /**
   * Lets both engines carry every change across (settle), then gives the apps' watchers time to
   * react, until `check` holds; bounded by `ms`. The apps may change the folder in reaction
   * (merging a conflict copy), so it goes round again.
   */
  async converge(check: () => Promise<boolean>, ms = 90_000): Promise<void> {
    const end = Date.now() + ms
    for (;;) {
      await this.settle(Math.max(5000, end - Date.now()))
      const reactBy = Date.now() + 3000
      while (Date.now() < reactBy) {
        if (await check().catch(() => false)) return
        await sleep(150)
      }
      if (Date.now() > end) throw new Error(`did not converge within ${ms} ms`)
    }
  }

  /**
   * Limits how fast B receives from A (0: no limit), so a transfer can be stopped in the middle.
   * Syncthing exempts LAN peers from rate limits unless `limitBandwidthInLan` is set, and it counts
   * a loopback address as LAN: without that option the limit silently does nothing here, a "slow"
   * transfer finishes in a blink and the test only catches it half-way by luck (the daemon logs
   * "Rate limits do not apply to LAN connections"; `limitsLAN` in Syncthing's
   * lib/connections/limiter.go, https://github.com/syncthing/syncthing/pull/4603).
   */
  async limitReceiveOnB(kbps: number): Promise<void> {
    await this.b.call('PATCH', '/rest/config/options', { limitBandwidthInLan: kbps > 0 })
    await this.b.call('PATCH', `/rest/config/devices/${this.a.deviceId}`, { maxRecvKbps: kbps })
  }

  async stop(): Promise<void> {
    await Promise.all([this.a.kill(), this.b.kill()])
  }
}

/** Every conflict copy a sync engine left anywhere in a folder (hidden folders included). */
export async function conflictCopies(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true }))
    if (/sync-conflict|conflicted copy/.test(entry.name)) out.push(entry.name)
  return out
}

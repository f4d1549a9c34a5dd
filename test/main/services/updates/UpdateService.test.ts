import { ManualClock, settle } from '@main/adapters/clock/ManualClock'
import { Diagnostics } from '@main/services/diagnostics/Diagnostics'
import { sanePrefs } from '@main/services/updates/createUpdateService'
import type { FoundUpdate, UpdatePrefs, UpdaterPort } from '@main/services/updates/ports'
import {
  CHECK_EVERY_MS,
  FIRST_CHECK_DELAY_MS,
  UpdateService,
  WAIT_POLL_MS,
} from '@main/services/updates/UpdateService'
import type { UpdateView } from '@shared/ipc/contract/updates'
import { describe, expect, it } from 'vitest'

const defaults: UpdatePrefs = { enabled: true, channel: 'stable', feedUrl: 'https://feed.test/' }

/** A scripted updater: what the feed says next, and what it was asked. */
function scripted(found: () => Promise<FoundUpdate | null>) {
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

function rig(
  found: () => Promise<FoundUpdate | null>,
  o: { inFlight?: () => number; saved?: UpdatePrefs | null; timeoutMs?: number } = {},
) {
  const clock = new ManualClock(Date.parse('2026-11-26T09:00:00Z'))
  const updater = scripted(found)
  const views: UpdateView[] = []
  const written: UpdatePrefs[] = []
  const log = new Diagnostics({ dir: null })
  const service = new UpdateService({
    updater: updater.port,
    prefs: { read: async () => o.saved ?? null, write: async (p) => void written.push(p) },
    defaults,
    inFlight: o.inFlight ?? (() => 0),
    clock,
    log,
    emit: (v) => views.push(v),
    checkTimeoutMs: o.timeoutMs ?? 30_000,
  })
  return { service, clock, updater, views, written, log }
}

const v2: FoundUpdate = { version: '2.0.0', notes: 'Faster library.', releaseDate: null }

describe('UpdateService', () => {
  it('checks at start and then every 6 hours, not more often', async () => {
    const r = rig(async () => null)
    await r.service.start()
    await settle()
    // Not in the middle of start-up: a few seconds after it.
    expect(r.updater.calls).toEqual([])
    await r.clock.advance(FIRST_CHECK_DELAY_MS)
    await settle()
    expect(r.updater.calls.filter((c) => c === 'check')).toHaveLength(1)
    await r.clock.advance(CHECK_EVERY_MS - 1)
    expect(r.updater.calls.filter((c) => c === 'check')).toHaveLength(1)
    await r.clock.advance(1)
    await settle()
    expect(r.updater.calls.filter((c) => c === 'check')).toHaveLength(2)
    expect(r.service.view().phase).toBe('current')
    await r.service.dispose()
  })

  it('asks nothing when the user turned checks off', async () => {
    const r = rig(async () => v2, { saved: { ...defaults, enabled: false } })
    await r.service.start()
    await r.clock.advance(CHECK_EVERY_MS * 3)
    expect(r.updater.calls).toEqual([])
    expect(r.service.view()).toMatchObject({ phase: 'off', enabled: false })
    await r.service.dispose()
  })

  it('downloads a found update with progress and holds its notes for the user', async () => {
    const r = rig(async () => v2)
    const view = await r.service.check()
    expect(view).toMatchObject({
      phase: 'ready',
      available: { version: '2.0.0', notes: 'Faster library.' },
      progress: { percent: 100 },
      lastError: null,
    })
    expect(r.views.map((v) => v.phase)).toEqual(
      expect.arrayContaining(['checking', 'downloading', 'ready']),
    )
    expect(r.views.some((v) => v.phase === 'downloading' && v.progress?.percent === 50)).toBe(true)
    expect(r.updater.calls).toEqual(['configure https://feed.test/ stable', 'check', 'download'])
  })

  it('installs at quit only when no paid request is in flight', async () => {
    let inFlight = 1
    const r = rig(async () => v2, { inFlight: () => inFlight })
    expect(r.updater.installOnQuit()).toBe(false)
    await r.service.check()
    expect(r.updater.installOnQuit()).toBe(false)
    expect(r.service.view().message).toMatch(/in flight \(1 now\)/)
    inFlight = 0
    expect(r.updater.installOnQuit()).toBe(true)
  })

  it('"Restart now" waits for paid requests in flight, says why, then installs', async () => {
    let inFlight = 2
    const r = rig(async () => v2, { inFlight: () => inFlight })
    await r.service.check()
    const waiting = await r.service.restartNow()
    expect(waiting.phase).toBe('waiting')
    expect(waiting.message).toMatch(/Waiting for 2 paid requests to be saved/)
    await r.clock.advance(WAIT_POLL_MS * 3)
    expect(r.updater.calls).not.toContain('quitAndInstall')
    inFlight = 0
    await r.clock.advance(WAIT_POLL_MS)
    await settle()
    expect(r.updater.calls).toContain('quitAndInstall')
  })

  it('"Restart now" installs at once when nothing is in flight, and does nothing before a download', async () => {
    const r = rig(async () => v2)
    await r.service.restartNow()
    expect(r.updater.calls).not.toContain('quitAndInstall')
    await r.service.check()
    await r.service.restartNow()
    expect(r.updater.calls.at(-1)).toBe('quitAndInstall')
  })

  it('a failing feed stays quiet: logged, shown in the view, tried again 6 hours later', async () => {
    let fail = true
    const r = rig(async () => {
      if (fail)
        throw Object.assign(new Error('getaddrinfo ENOTFOUND feed.test'), { code: 'ENOTFOUND' })
      return null
    })
    await r.service.start()
    await r.clock.advance(FIRST_CHECK_DELAY_MS)
    await settle()
    const view = r.service.view()
    expect(view.phase).toBe('idle')
    expect(view.lastError?.message).toMatch(/Could not reach the update feed/)
    expect(r.log.recent().some((e) => e.kind === 'event' && e.scope === 'updates')).toBe(true)
    fail = false
    await r.clock.advance(CHECK_EVERY_MS)
    await settle()
    expect(r.service.view()).toMatchObject({ phase: 'current', lastError: null })
    await r.service.dispose()
  })

  it('a feed that never answers is given up on after the timeout, with its own words', async () => {
    const r = rig(() => new Promise<never>(() => {}), { timeoutMs: 10_000 })
    const pending = r.service.check()
    await settle()
    await r.clock.advance(10_000)
    const view = await pending
    expect(view.lastError?.message).toBe('The update feed did not answer within 10 s.')
    expect(view.phase).toBe('idle')
  })

  it('a download that fails verification is discarded and reported', async () => {
    const r = rig(async () => v2)
    r.updater.failDownload(
      Object.assign(new Error('sha512 checksum mismatch, expected a, got b'), {
        code: 'ERR_CHECKSUM_MISMATCH',
      }),
    )
    const view = await r.service.check()
    expect(view.phase).toBe('idle')
    expect(view.lastError?.message).toMatch(/did not match its published sha512/)
    expect(r.updater.installOnQuit()).toBe(false)
  })

  it('switching to beta asks the beta feed and persists the choice', async () => {
    const r = rig(async () => null)
    await r.service.setPrefs({ channel: 'beta' })
    await r.service.check()
    expect(r.written.at(-1)).toEqual({ ...defaults, channel: 'beta' })
    expect(r.updater.calls[0]).toBe('configure https://feed.test/ beta')
  })

  it('turning checks back on asks at once; turning them off asks nothing', async () => {
    const r = rig(async () => null, { saved: { ...defaults, enabled: false } })
    await r.service.start()
    await r.service.setPrefs({ enabled: false })
    await settle()
    expect(r.updater.calls).toEqual([])
    await r.service.setPrefs({ enabled: true })
    await settle()
    expect(r.updater.calls).toEqual(['configure https://feed.test/ stable', 'check'])
    await r.service.dispose()
  })

  it('one check at a time', async () => {
    let release: (v: FoundUpdate | null) => void = () => {}
    const r = rig(() => new Promise((res) => (release = res)))
    const a = r.service.check()
    const b = r.service.check()
    release(null)
    await Promise.all([a, b])
    expect(r.updater.calls.filter((c) => c === 'check')).toHaveLength(1)
  })
})

describe('sanePrefs', () => {
  it('keeps well-formed choices and drops the rest', () => {
    expect(
      sanePrefs({ enabled: false, channel: 'beta', feedUrl: 'https://x.test/' }, defaults),
    ).toEqual({
      enabled: false,
      channel: 'beta',
      feedUrl: 'https://x.test/',
    })
    expect(sanePrefs({ enabled: 'no', channel: 'nightly', feedUrl: 'ftp://x' }, defaults)).toEqual(
      defaults,
    )
    expect(sanePrefs({ feedUrl: 'http://evil.test/' }, defaults).feedUrl).toBe(defaults.feedUrl)
    expect(sanePrefs({ feedUrl: 'http://127.0.0.1:9/feed' }, defaults).feedUrl).toBe(
      'http://127.0.0.1:9/feed',
    )
  })
})

describe('UpdateService at quit', () => {
  it('keeps the answer it gave at dispose, and never throws once the journal is closed', async () => {
    let closed = false
    const r = rig(async () => v2, {
      inFlight: () => {
        if (closed) throw new TypeError('The database connection is not open')
        return 0
      },
    })
    await r.service.check()
    await r.service.dispose()
    closed = true
    expect(r.updater.installOnQuit()).toBe(true)
  })

  it('in doubt (the count cannot be read), the update waits', async () => {
    const r = rig(async () => v2, {
      inFlight: () => {
        throw new Error('locked')
      },
    })
    expect((await r.service.check()).phase).toBe('ready')
    expect(r.updater.installOnQuit()).toBe(false)
  })
})

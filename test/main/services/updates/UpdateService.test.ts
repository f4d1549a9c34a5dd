import { settle } from '@main/adapters/clock/ManualClock'
import { sanePrefs } from '@main/services/updates/createUpdateService'
import type { FoundUpdate } from '@main/services/updates/ports'
import {
  CHECK_EVERY_MS,
  FIRST_CHECK_DELAY_MS,
  WAIT_POLL_MS,
} from '@main/services/updates/UpdateService'
import { defaults, rig, v2 } from '@test/support/updateServiceRig'
import { describe, expect, it } from 'vitest'

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
    expect(r.service.view().message).toMatch(/in flight \(now: 1 paid request\)/)
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
    const r = rig(() => new Promise<never>(() => {}))
    // The limit is the user's (Settings): a shorter one is given up on sooner.
    const set = await r.service.setPrefs({ timeoutSeconds: 10 })
    expect(set.timeoutSeconds).toBe(10)
    expect(r.written.at(-1)?.timeoutSeconds).toBe(10)
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
      sanePrefs(
        { enabled: false, channel: 'beta', feedUrl: 'https://x.test/', timeoutSeconds: 120 },
        defaults,
      ),
    ).toEqual({
      enabled: false,
      channel: 'beta',
      feedUrl: 'https://x.test/',
      timeoutSeconds: 120,
    })
    expect(
      sanePrefs(
        { enabled: 'no', channel: 'nightly', feedUrl: 'ftp://x', timeoutSeconds: 1 },
        defaults,
      ),
    ).toEqual(defaults)
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

import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

import type { ChatSendResult, ConversationView } from '@shared/chat/types'
import type { UpdateView } from '@shared/ipc/contract/updates'
import type { Result } from '@shared/result'
import type { TaskView } from '@shared/tasks/views'
import { connect, valueOf } from '@test/e2e/harness/launch'
import { goTo } from '@test/e2e/harness/screens'
import {
  feedAndSimulator,
  installedApp,
  scriptRelease,
  untilExit,
  untilPhase,
  updatesOf,
} from '@test/e2e/harness/updateApp'
import { artifactName } from '@test/support/updateFeed'
import { describe, expect, it } from 'vitest'

// A partial update download that resumes, a feed that hangs, and chat replies holding an install
// back, through the built app under the Electron double: electron-updater's AppImage updater,
// our Range download before it (services/updates/resumableDownload.ts), Electron's `net` over
// loopback, against the test feed, which counts every byte it sends.

// Chat words 600 ms apart: a reply is still arriving while the test asks to restart.
const suite = feedAndSimulator({ timeScale: 0.2, timings: { textChunkMs: 3000 } })

const SIZE = 1024 * 1024

describe('update downloads and holds through the built app', () => {
  it('a download cut three times keeps its bytes across a restart; the next start sends only the rest (Range), and the update installs on quit', async () => {
    const cuts = [200_000, 400_000, 600_000]
    const release = scriptRelease('0.4.0', { padTo: SIZE, cutAt: cuts })
    suite.feed.set('beta', undefined)
    suite.feed.set('latest', release)
    const layout = installedApp(suite.feed.url)
    const partial = join(layout.updaterCache, 'partial', `${artifactName('0.4.0')}.part`)
    let app = await layout.launch()
    try {
      // The check at start: three attempts (each continuing the last), all cut; reported.
      await expect
        .poll(async () => (await updatesOf(app)).lastError?.message ?? '', { timeout: 30_000 })
        .toBe(
          `The update download was cut off at 600000 of ${SIZE} bytes; the next check continues from there.`,
        )
      expect((await updatesOf(app)).phase).toBe('idle')
      expect(statSync(partial).size).toBe(600_000)
      expect(await app.quit()).toBe(0)
      expect(layout.installs()).toBe('')

      // The next start continues from byte 600,000 (streamed slowly: progress is seen).
      suite.feed.set('latest', { ...release, cutAt: undefined, slow: { chunks: 6, gapMs: 300 } })
      app = await app.restart()
      await app.page.evaluate(() => {
        const seen: number[] = []
        ;(window as unknown as { seen: number[] }).seen = seen
        window.api.on('updates:changed', (v) => {
          if (v.phase === 'downloading' && v.progress) seen.push(v.progress.transferred)
        })
      })
      const ready = await untilPhase(app, 'ready')
      expect(ready.available?.version).toBe('0.4.0')
      const served = suite.feed.served.filter((s) => s.path === artifactName('0.4.0'))
      expect(served.map((s) => [s.range, s.status, s.bytes])).toEqual([
        [null, 200, 200_000],
        ['bytes=200000-', 206, 200_000],
        ['bytes=400000-', 206, 200_000],
        ['bytes=600000-', 206, SIZE - 600_000],
      ])
      // The figure: the file crossed the wire exactly once in all (without resume: 600,000
      // bytes thrown away and the whole file again after the restart).
      const total = served.reduce((n, s) => n + s.bytes, 0)
      console.info(
        `[resume] bytes served ${total} for a ${SIZE}-byte file over ${served.length} requests; the last sent ${served.at(-1)!.bytes} (${((served.at(-1)!.bytes / SIZE) * 100).toFixed(1)} % of the file)`,
      )
      expect(total).toBe(SIZE)
      const seen = await app.page.evaluate(() => (window as unknown as { seen: number[] }).seen)
      // Progress starts at the bytes kept (after the service's opening 0), and grows to the end.
      const moved = seen.filter((t) => t > 0)
      expect(moved[0]).toBe(600_000)
      expect(moved.filter((t) => t > 600_000 && t < SIZE).length).toBeGreaterThanOrEqual(1)
      expect([...moved].sort((a, b) => a - b)).toEqual(moved)
      expect(moved.at(-1)).toBe(SIZE)
      expect(existsSync(partial)).toBe(false)

      expect(await app.quit()).toBe(0)
      expect(layout.installs()).toBe('installed 0.4.0 silent=true\n')
      expect(readFileSync(layout.appImage).equals(release.bytes)).toBe(true)
    } finally {
      await app.close()
    }
  }, 180_000)

  it('control: a server that ignores Range gets the whole file each time (200 written from 0, never appended), and the update still installs', async () => {
    const release = scriptRelease('0.4.1', {
      padTo: SIZE,
      cutAt: [200_000, 400_000, 600_000],
      ignoreRange: true,
    })
    suite.feed.set('latest', release)
    const layout = installedApp(suite.feed.url)
    let app = await layout.launch()
    try {
      await expect
        .poll(async () => (await updatesOf(app)).lastError?.message ?? '', { timeout: 30_000 })
        .toMatch(/cut off at 600000 of/)
      expect(await app.quit()).toBe(0)
      suite.feed.set('latest', { ...release, cutAt: undefined })
      app = await app.restart()
      await untilPhase(app, 'ready')
      const served = suite.feed.served.filter((s) => s.path === artifactName('0.4.1'))
      expect(served.map((s) => [s.range, s.status, s.bytes])).toEqual([
        [null, 200, 200_000],
        ['bytes=200000-', 200, 400_000],
        ['bytes=400000-', 200, 600_000],
        ['bytes=600000-', 200, SIZE],
      ])
      const total = served.reduce((n, s) => n + s.bytes, 0)
      console.info(
        `[resume control] a server ignoring Range: bytes served ${total} for a ${SIZE}-byte file (${(total / SIZE).toFixed(2)}x)`,
      )
      expect(await app.quit()).toBe(0)
      expect(readFileSync(layout.appImage).equals(release.bytes)).toBe(true)
      expect(layout.installs()).toBe('installed 0.4.1 silent=true\n')
    } finally {
      await app.close()
    }
  }, 180_000)

  it('a feed that never answers is given up on at the user’s limit, quietly; generation works; a chat reply being answered holds "Restart now" back until it is saved', async () => {
    suite.feed.set('latest', 'hang')
    const layout = installedApp(suite.feed.url, { timeoutSeconds: 10 })
    let app = await layout.launch()
    try {
      await connect(app, suite.sim.baseUrl, suite.sim.accounts.full.key)
      // The check at start (5 s in) asks the silent feed; while it waits, a paid video is sent.
      await expect
        .poll(async () => (await updatesOf(app)).phase, { timeout: 20_000 })
        .toBe('checking')
      const submitted = await app.api<Result<TaskView>>('tasks:submit', {
        kind: 'video',
        requestId: 'e2e-hang-video',
        request: {
          model: 'motion-2.0-fast',
          prompt: 'a lighthouse',
          duration: 4,
          resolution: '480p',
        },
      })
      const taskId = valueOf(submitted).id
      expect((await updatesOf(app)).phase).toBe('checking')
      // Given up after the user's 10 s, and said so in Settings, nothing more (no dialog).
      await expect
        .poll(async () => (await updatesOf(app)).lastError?.message ?? '', { timeout: 30_000 })
        .toBe('The update feed did not answer within 10 s.')
      expect((await updatesOf(app)).phase).toBe('idle')
      await goTo(app.page, 'Settings')
      await expect
        .poll(() => app.page.getByTestId('update-error').textContent())
        .toMatch(/did not answer within 10 s/)
      expect(await app.page.getByLabel('Give up on a silent feed after').inputValue()).toBe('10')
      expect(app.dialog.shown).toEqual([])
      // The video went from sent to saved as always.
      const state = async () =>
        valueOf(await app.api<Result<TaskView>>('tasks:get', { id: taskId })).state
      await expect.poll(state, { timeout: 60_000 }).toBe('saved')

      // The feed answers again: the next check is a real one (not the stuck one), and downloads.
      suite.feed.set('latest', scriptRelease('0.5.0'))
      const ready = valueOf(await app.api<Result<UpdateView>>('updates:check'))
      expect(ready).toMatchObject({ phase: 'ready', lastError: null })

      // A chat reply is being answered: it counts as in flight, and "Restart now" waits for it.
      const sent = valueOf(
        await app.api<Result<ChatSendResult>>('chat:send', {
          model: 'std-6-sol',
          text: 'Describe a quiet harbour at dawn in a few words',
        }),
      )
      await expect.poll(async () => (await updatesOf(app)).inFlight).toBe(1)
      expect((await updatesOf(app)).message).toMatch(/in flight \(now: 1 chat reply\)/)
      const waiting = valueOf(await app.api<Result<UpdateView>>('updates:restart'))
      expect(waiting).toMatchObject({
        phase: 'waiting',
        message: 'Waiting for 1 chat reply to be saved before restarting into version 0.5.0.',
      })
      await expect
        .poll(() => app.page.getByTestId('update-status').textContent())
        .toMatch(/Waiting for 1 chat reply/)
      expect(layout.installs()).toBe('')
      expect(app.app.exitCode).toBeNull()
      // The reply is saved, then the app restarts into the new version by itself.
      expect(await untilExit(app, 90_000)).toBe(0)
      expect(layout.installs()).toBe('installed 0.5.0 silent=true\n')
      // The paid reply was kept whole (the next start reads it back).
      app = await app.restart()
      const conversation = valueOf(
        await app.api<Result<ConversationView>>('chat:get', { id: sent.conversation.id }),
      )
      const reply = conversation.messages.find((m) => m.id === sent.assistantMessageId)
      expect(reply?.status).toBe('complete')
    } finally {
      await app.close()
    }
  }, 240_000)
})

import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { PRICES_CHECKED_AT } from '@shared/catalog'
import type { UpdateView } from '@shared/ipc/contract/updates'
import type { Result } from '@shared/result'
import type { TaskView } from '@shared/tasks/views'
import { type AppUnderTest, connect, valueOf } from '@test/e2e/harness/launch'
import { goTo } from '@test/e2e/harness/screens'
import {
  feedAndSimulator,
  installedApp,
  scriptRelease,
  untilExit,
  untilPhase,
  updatesOf,
} from '@test/e2e/harness/updateApp'
import { artifactName, type FeedRelease } from '@test/support/updateFeed'
import { zipTexts } from '@test/support/zipTexts'
import { describe, expect, it } from 'vitest'

/** "prices as of Nov 26, 2026": what the English interface says of the built-in price tables. */
const pricesAsOf = () =>
  `prices as of ${new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${PRICES_CHECKED_AT}T00:00:00Z`))}`

// Updates through the built app under the Electron double (issue #30): electron-updater itself
// runs (its AppImage updater, Electron's `net` played over loopback, app.isPackaged true,
// process.resourcesPath/app-update.yml as electron-builder writes it) against a generic feed on
// 127.0.0.1 (the installed "AppImage" and its folders: harness/updateApp.ts).

const suite = feedAndSimulator({ timeScale: 0.2 })

const release = (version: string, extra: Partial<FeedRelease> = {}) => scriptRelease(version, extra)
const installed = () => installedApp(suite.feed.url)
const updates = updatesOf

const artifactGets = (version: string) =>
  suite.feed.received.filter((r) => r.url.endsWith(artifactName(version))).length

async function submitVideo(app: AppUnderTest, requestId: string): Promise<string> {
  const submitted = await app.api<Result<TaskView>>('tasks:submit', {
    kind: 'video',
    requestId,
    request: {
      model: 'motion-2.0-fast',
      prompt: `a river at night (${requestId})`,
      duration: 4,
      resolution: '480p',
    },
  })
  return valueOf(submitted).id
}

describe('updates through the built app', () => {
  it('finds, downloads and verifies an update at start; shows its notes; holds it while a paid request is in flight; installs once it is saved', async () => {
    const layout = installed()
    suite.feed.set('beta', undefined)
    suite.feed.set('latest', release('0.2.0'))
    let app = await layout.launch()
    try {
      expect(app.crashReporterStarts).toEqual([{ uploadToServer: false }])
      await connect(app, suite.sim.baseUrl, suite.sim.accounts.full.key)
      const ready = await untilPhase(app, 'ready')
      expect(ready.available).toMatchObject({ version: '0.2.0' })
      expect(ready.available!.notes).toContain('• Faster library')
      expect(artifactGets('0.2.0')).toBe(1)
      // Every request went to the feed or the simulator: nothing else left the machine.
      for (const r of app.netLog) expect(r.url.startsWith(suite.feed.url)).toBe(true)

      // Settings shows it all before anything installs.
      await goTo(app.page, 'Settings')
      const panel = app.page.getByTestId('updates-panel')
      await expect
        .poll(() => panel.getByTestId('update-status').textContent())
        .toMatch(/Version 0\.2\.0 is ready/)
      expect(await panel.getByTestId('release-notes').textContent()).toContain(
        'Prices checked again',
      )
      expect(await panel.getByTestId('prices-as-of').textContent()).toContain(pricesAsOf())

      // Report a problem: read in full, then saved where the user chose; nothing sent.
      const problems = app.page.getByTestId('problems-panel')
      await expect
        .poll(() => problems.getByTestId('crash-status').textContent())
        .toMatch(/1 crash dump kept/)
      await problems.getByRole('button', { name: 'Report a problem…' }).click()
      const preview = problems.getByTestId('report-preview')
      await preview.waitFor()
      expect(await preview.textContent()).toContain('earlier.dmp')
      await problems.getByRole('button', { name: 'Save report…' }).click()
      await problems.getByTestId('report-saved').waitFor()
      const zip = await zipTexts(join(layout.dir, 'report.zip'))
      expect(Object.keys(zip).sort()).toEqual([
        'README.txt',
        'app.json',
        'crash-dumps.txt',
        'diagnostics.jsonl',
      ])
      expect(zip['diagnostics.jsonl']).not.toContain(suite.sim.accounts.full.key)

      // A quit while a paid request is between sent and saved keeps the update for later.
      await submitVideo(app, 'e2e-update-video-1')
      await expect.poll(async () => (await updates(app)).inFlight, { timeout: 20_000 }).toBe(1)
      expect(await app.quit()).toBe(0)
      expect(layout.installs()).toBe('')
      expect(readFileSync(layout.appImage, 'utf8')).toContain('echo old')

      // Next start: the verified download is reused (no second download); "Restart now" while a
      // new paid request runs waits and says why, then installs once it is saved.
      app = await app.restart()
      await untilPhase(app, 'ready')
      expect(artifactGets('0.2.0')).toBe(1)
      await expect.poll(async () => (await updates(app)).inFlight, { timeout: 30_000 }).toBe(0)
      await submitVideo(app, 'e2e-update-video-2')
      await expect.poll(async () => (await updates(app)).inFlight, { timeout: 20_000 }).toBe(1)
      const waiting = valueOf(await app.api<Result<UpdateView>>('updates:restart'))
      expect(waiting.phase).toBe('waiting')
      expect(waiting.message).toMatch(
        /Waiting for 1 paid request to be saved before restarting into version 0\.2\.0/,
      )
      expect(layout.installs()).toBe('')
      expect(app.app.exitCode).toBeNull()
      // The task is saved, then the app restarts into the new version by itself.
      expect(await untilExit(app, 60_000)).toBe(0)
      expect(readFileSync(layout.appImage, 'utf8')).toContain('installed 0.2.0')
      await expect.poll(() => layout.installs()).toMatch(/^installed 0\.2\.0 silent=true\n$/)
    } finally {
      await app.close()
    }
  }, 240_000)

  it('reports a cut download, refuses a tampered artifact and an HTML feed quietly; takes the beta channel with progress; installs on quit', async () => {
    const layout = installed()
    const good = release('0.2.0')
    // First a download cut off three times (it continues twice at once, then gives up until the
    // next check): reported; the bytes so far are kept for later, but are no installable file.
    const quarter = Math.floor(good.bytes.length / 4)
    suite.feed.set('latest', { ...good, cutAt: [quarter, 2 * quarter, 3 * quarter] })
    const app = await layout.launch()
    try {
      await expect
        .poll(async () => (await updates(app)).lastError?.message ?? '', { timeout: 30_000 })
        .toMatch(/cut off at \d+ of \d+ bytes; the next check continues from there/)
      expect((await updates(app)).phase).toBe('idle')
      suite.feed.set('latest', {
        ...good,
        // Same size, other bytes (another size is refused before its body is read).
        tamperedWith: Buffer.from(good.bytes.toString().replace('installed', 'INSTALLED')),
      })
      valueOf(await app.api<Result<UpdateView>>('updates:check'))
      await expect
        .poll(async () => (await updates(app)).lastError?.message ?? '', { timeout: 30_000 })
        .toMatch(/did not match its published sha512 checksum/)
      expect((await updates(app)).phase).toBe('idle')
      // Nothing of the tampered file is left to install.
      const cache = join(layout.dir, 'cache', 'gen-studio-updater')
      const left = existsSync(cache) ? readdirSync(cache, { recursive: true }).map(String) : []
      expect(left.filter((f) => f.includes('.AppImage'))).toEqual([])

      await connect(app, suite.sim.baseUrl, suite.sim.accounts.full.key)
      suite.feed.set('latest', 'html')
      const html = valueOf(await app.api<Result<UpdateView>>('updates:check'))
      expect(html.lastError?.message).toMatch(/not an update description/)
      await goTo(app.page, 'Settings')
      await expect
        .poll(() => app.page.getByTestId('update-error').textContent())
        .toMatch(/not an update description/)

      // Beta: its own channel file; downloaded in the background with progress (electron-updater
      // reports it at most once a second, and 100 % at the end).
      suite.feed.set('beta', release('0.3.0-beta.1', { slow: { chunks: 10, gapMs: 350 } }))
      await app.page.evaluate(() => {
        const seen: number[] = []
        ;(window as unknown as { seen: number[] }).seen = seen
        window.api.on('updates:changed', (v) => {
          if (v.phase === 'downloading' && v.progress) seen.push(v.progress.percent)
        })
      })
      valueOf(await app.api<Result<UpdateView>>('updates:setPrefs', { channel: 'beta' }))
      const beta = valueOf(await app.api<Result<UpdateView>>('updates:check'))
      expect(beta).toMatchObject({
        phase: 'ready',
        available: { version: '0.3.0-beta.1' },
        lastError: null,
      })
      const seen = await app.page.evaluate(() => (window as unknown as { seen: number[] }).seen)
      expect(seen.filter((p) => p > 0 && p < 100).length).toBeGreaterThanOrEqual(2)
      expect([...seen].sort((a, b) => a - b)).toEqual(seen)

      // Nothing in flight: quitting installs it (silently, as electron-updater does on quit).
      expect(await app.quit()).toBe(0)
      expect(layout.installs()).toBe('installed 0.3.0-beta.1 silent=true\n')
      expect(readFileSync(layout.appImage, 'utf8')).toContain('installed 0.3.0-beta.1')
    } finally {
      await app.close()
    }
  }, 120_000)
})

import type { Result } from '@shared/result'
import type { TaskView } from '@shared/tasks/views'
import { type Simulator, startSimulator } from '@simulator'
import { describeViolations, seriousViolations } from '@test/e2e/harness/axe'
import { connect, launchApp, libraryItem, libraryTiles } from '@test/e2e/harness/launch'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The Tasks screen in Chromium with the real task engine, library and ServiceClient against the
// simulator: a video submitted, the renderer reloaded mid-task, the task still there and saved.

let sim: Simulator

beforeAll(async () => {
  // timeScale 0.3: the video is queued 1.5 s and renders for 9 s, long enough to reload during it.
  sim = await startSimulator({ timeScale: 0.3, seed: 3 })
})
afterAll(async () => {
  await sim.close()
})

async function openTasks(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Tasks', exact: true }).click()
  await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor()
}

describe('Tasks screen', () => {
  it('shows a video task that survives a renderer reload and finishes; opens its result', async () => {
    const app = await launchApp()
    try {
      await connect(app, sim.baseUrl, sim.accounts.full.key)
      const { page } = app
      await page.reload()
      await openTasks(page)
      await page.getByTestId('tasks-empty').waitFor()

      const submitted = (await page.evaluate(() =>
        window.api.tasks.submit({
          kind: 'video',
          requestId: 'e2e-video-0001',
          request: {
            model: 'motion-2.0-fast',
            prompt: 'a river at night',
            duration: 4,
            resolution: '480p',
          },
        }),
      )) as Result<TaskView>
      if (!submitted.ok) throw new Error(submitted.error.message)
      const id = submitted.value.id
      const row = page.locator(`[data-task-id="${id}"]`)
      await expect.poll(() => row.getAttribute('data-state'), { timeout: 20_000 }).toBe('running')
      await expect
        .poll(() => row.getByRole('heading').textContent())
        .toBe('Video · motion-2.0-fast')
      expect(await row.textContent()).toContain(submitted.value.costLabel)
      expect(await row.textContent()).toContain('a river at night')
      await expect.poll(() => row.getByTestId('task-elapsed').textContent()).not.toBe('0:00')
      await app.screenshot('tasks-running-light')

      // ── reload the renderer while the video renders ──
      expect(await row.getAttribute('data-state')).toBe('running')
      await page.reload()
      await openTasks(page)
      const again = page.locator(`[data-task-id="${id}"]`)
      await again.waitFor()
      expect(['running', 'downloading', 'saved']).toContain(await again.getAttribute('data-state'))
      await expect.poll(() => again.getAttribute('data-state'), { timeout: 60_000 }).toBe('saved')
      expect(await again.getByTestId('task-status').textContent()).toBe('Saved to the library')
      await expect
        .poll(() => again.getByRole('progressbar').getAttribute('aria-label'))
        .toBe('Complete')

      // One charge for the one generation; the file is in the library with the task's id.
      const tiles = await libraryTiles(app, { media: 'video' })
      const items = await Promise.all(tiles.map((t) => libraryItem(app, t.id)))
      expect(items.filter((i) => i.sourceTaskId === id)).toHaveLength(1)
      expect(items[0]).toMatchObject({
        sourceTaskId: id,
        kind: 'video',
        model: 'motion-2.0-fast',
        prompt: 'a river at night',
      })
      const charges = sim.ledger
        .charges()
        .filter((e) => e.route === 'POST /v1/videos' && e.kind === 'charge')
      expect(charges).toHaveLength(1)

      // ── open the result from the keyboard ──
      await again.getByRole('button', { name: 'Open result' }).focus()
      await page.keyboard.press('Enter')
      const viewer = page.getByRole('dialog', { name: 'Result' })
      await viewer.waitFor()
      await expect
        .poll(() =>
          viewer
            .locator('video')
            .evaluate((v: HTMLVideoElement) => v.readyState >= 1 || v.error?.code || 0),
        )
        .toBe(true)
      await app.screenshot('tasks-result-light')
      await page.keyboard.press('Escape')
      await expect.poll(() => viewer.count()).toBe(0)
      // Focus returns to the button that opened the viewer.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Open result')

      expect(describeViolations(await seriousViolations(page))).toEqual([])
      expect(app.pageErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('shows the server’s error and what to do, retries as new, dismisses (dark)', async () => {
    const app = await launchApp({ colorScheme: 'dark' })
    try {
      await connect(app, sim.baseUrl, sim.accounts.full.key)
      const { page } = app
      await page.reload()
      await openTasks(page)
      const submitted = (await page.evaluate(() =>
        window.api.tasks.submit({
          kind: 'video',
          request: {
            model: 'clip-h3',
            prompt: 'storm [simulate:fail]',
            duration: 4,
            resolution: '480p',
          },
        }),
      )) as Result<TaskView>
      if (!submitted.ok) throw new Error(submitted.error.message)
      const row = page.locator(`[data-task-id="${submitted.value.id}"]`)
      await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toBe('failed')
      const error = row.getByTestId('task-error')
      expect(await error.textContent()).toMatch(/failed/i)
      expect(await error.textContent()).toContain('Retry as new')
      await app.screenshot('tasks-failed-dark')

      // A bad request never reaches the list: field errors come back from main.
      const bad = (await page.evaluate(() =>
        window.api.tasks.submit({
          kind: 'video',
          request: { model: 'clip-h3', prompt: 'x', duration: 99 },
        }),
      )) as Result<TaskView>
      expect(bad).toMatchObject({
        ok: false,
        error: { code: 'validation', fields: { duration: expect.any(String) } },
      })

      await row.getByRole('button', { name: 'Retry as new…' }).click()
      await row.getByText('It is charged again.').waitFor()
      await row.getByRole('button', { name: 'Start new generation' }).click()
      await expect.poll(() => page.getByTestId('task').count()).toBe(2)
      await row.getByRole('button', { name: /Dismiss/ }).click()
      await expect.poll(() => row.count()).toBe(0)
      expect(describeViolations(await seriousViolations(page))).toEqual([])
      expect(app.pageErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})

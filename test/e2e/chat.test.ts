import { type Simulator, startSimulator } from '@simulator'
import { replyFor } from '@simulator/routes/text'
import { describeViolations, seriousViolations } from '@test/e2e/harness/axe'
import { type AppUnderTest, connect, launchApp } from '@test/e2e/harness/launch'
import { afterEach, describe, expect, it } from 'vitest'

let sim: Simulator | null = null

afterEach(async () => {
  await sim?.close()
  sim = null
})
async function openChat(app: AppUnderTest) {
  await app.page.getByRole('button', { name: 'Chat', exact: true }).click()
  await app.page.getByRole('heading', { level: 1 }).waitFor()
}

const replyText = (app: AppUnderTest) =>
  app.page.locator('[data-testid="chat-message"].chat-msg-assistant .chat-msg-body').last()

describe('chat in Chromium against the simulator', () => {
  it('sends, streams, stops, regenerates, and finds the conversation after a reload and offline', async () => {
    // Words stream 150 ms apart: slow enough to watch the reply grow and to stop it midway.
    const service = await startSimulator({ timeScale: 0.05, timings: { textChunkMs: 3000 } })
    sim = service
    let app = await launchApp()
    try {
      let { page } = app
      await connect(app, service.baseUrl, service.accounts.full.key)
      await page.reload()
      await openChat(app)

      const model = page.getByLabel('Model', { exact: true })
      await expect
        .poll(() => model.locator('option').allTextContents())
        .toEqual(['Standard 6 Sol', 'Standard 6 Astra', 'Standard 5.6 Sol', 'Lite v4.1 Flash'])
      expect(await page.getByTestId('chat-price').textContent()).toBe('Price: No published rate')

      // Send with Enter; the reply grows while it streams.
      const prompt = 'Describe a quiet harbour at dawn in a few words'
      await page.getByLabel('Message', { exact: true }).fill(prompt)
      await page.getByLabel('Message', { exact: true }).press('Enter')
      await page.getByRole('article', { name: 'Your message' }).waitFor()
      const stop = page.getByRole('button', { name: 'Stop' })
      await stop.waitFor()
      await expect
        .poll(async () => (await replyText(app).textContent())?.length ?? 0)
        .toBeGreaterThan(20)
      const early = (await replyText(app).textContent()) ?? ''
      await expect
        .poll(async () => (await replyText(app).textContent())?.length ?? 0)
        .toBeGreaterThan(early.length)
      await app.screenshot('chat-streaming-light')

      // Stop: the request is cancelled and the partial reply stays, marked stopped.
      await stop.click()
      await page.getByRole('button', { name: 'Send' }).waitFor()
      await expect.poll(() => page.getByTestId('chat-status').textContent()).toBe('Stopped')
      const full = replyFor('std-6-sol', prompt)
      const partial = (await replyText(app).textContent()) ?? ''
      expect(partial.length).toBeGreaterThan(0)
      expect(partial.length).toBeLessThan(full.length)

      // Regenerate: a complete reply replaces the stopped one.
      await page.getByRole('button', { name: 'Regenerate' }).click()
      await expect.poll(() => replyText(app).textContent(), { timeout: 20_000 }).toBe(full)
      await expect.poll(() => page.getByTestId('chat-status').count()).toBe(0)
      expect(await page.getByTestId('chat-message').count()).toBe(2)

      // A reload of the renderer loses nothing: the conversation is listed and opens.
      await page.reload()
      await openChat(app)
      const list = page.getByRole('list', { name: 'Conversation list' })
      await list.getByRole('button', { name: new RegExp(`^${prompt}`) }).click()
      await expect.poll(() => replyText(app).textContent()).toBe(full)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(prompt)

      // Offline after a restart: the service is gone, the conversation is still readable and
      // searchable, and the picker shows the account's last model list.
      await service.close()
      app = await app.restart()
      page = app.page
      await openChat(app)
      // The last model list is offered at once, before the (failing) request for a fresh one.
      await expect
        .poll(() => page.getByLabel('Model', { exact: true }).locator('option').count())
        .toBe(4)
      await page.getByLabel('Search conversations').fill('harbour')
      await page.getByRole('list', { name: 'Search results' }).getByRole('button').first().click()
      await expect.poll(() => replyText(app).textContent()).toBe(full)
      await expect
        .poll(() => page.getByText('Offline: the account’s last model list is shown.').count(), {
          // The client retries a refused connection a few times before giving up.
          timeout: 20_000,
        })
        .toBe(1)
      await app.screenshot('chat-offline-light')
      expect(app.pageErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('offers only the account’s models, renders in dark mode, and has no serious axe findings', async () => {
    const service = await startSimulator({ timeScale: 0.01 })
    sim = service
    const app = await launchApp({ colorScheme: 'dark' })
    try {
      await connect(app, service.baseUrl, service.accounts.restricted.key)
      await app.page.reload()
      await openChat(app)
      // The restricted account lists two text models; only those are offered.
      await expect
        .poll(() =>
          app.page.getByLabel('Model', { exact: true }).locator('option').allTextContents(),
        )
        .toEqual(['Standard 6 Sol', 'Lite v4.1 Flash'])
      await app.page.getByLabel('Model', { exact: true }).selectOption('lite-v4.1-flash')
      expect(
        await app.page.getByLabel('Endpoint', { exact: true }).locator('option').allTextContents(),
      ).toEqual(['Chat completions'])
      await app.page
        .getByLabel('Message', { exact: true })
        .fill('Show code:\n```js\nconst x = 1\n```')
      await app.page.getByRole('button', { name: 'Send' }).click()
      await app.page.locator('.chat-msg-assistant').waitFor()
      await expect.poll(() => app.page.getByTestId('chat-status').count()).toBe(0)
      const bg = await app.page.evaluate(
        () => getComputedStyle(document.querySelector('.chat-msg')!).backgroundColor,
      )
      expect(bg).not.toBe('rgb(255, 255, 255)')
      await app.screenshot('chat-dark')
      // Accessibility: run axe-core (evaluated through the devtools protocol, so the CSP allows it).
      const violations = describeViolations(await seriousViolations(app.page, '.chat-screen'))
      expect(violations).toEqual([])
      expect(app.pageErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})

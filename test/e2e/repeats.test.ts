import { type Simulator, startSimulator } from '@simulator'
import type { AppUnderTest } from '@test/e2e/harness/launch'
import { openArea } from '@test/e2e/harness/screens'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// "You already paid for this" (issue #29) in Chromium through the built app, against the
// simulator: the same image request twice is caught before the second is sent; "Generate again
// anyway" sends it once, as a new charge; "Open it" shows the first result in the library.

let sim: Simulator
let app: AppUnderTest

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01 })
  app = await openArea('Images', sim)
})
afterAll(async () => {
  await app?.close()
  await sim?.close()
})

const sent = () =>
  sim.requests().filter((r) => r.path === '/v1/images/generations' && r.method === 'POST')
const charges = () => sim.ledger.charges().filter((e) => e.kind === 'charge')

describe('a paid repeat', () => {
  it('is caught before anything is sent; generating again anyway is one new charge', async () => {
    const { page } = app
    await page.getByLabel('Prompt', { exact: true }).fill('a lighthouse at dusk, oil on canvas')
    await page.getByRole('button', { name: 'Generate' }).click()
    const card = page.getByTestId('result').first()
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 60_000 }).toBe('saved')
    expect(sent()).toHaveLength(1)
    expect(charges()).toHaveLength(1)

    await page.getByRole('button', { name: 'Generate' }).click()
    const notice = page.getByTestId('repeat-notice')
    await notice.waitFor()
    const text = (await notice.textContent()) ?? ''
    expect(text).toMatch(/You paid \$\d+\.\d+ for this on /)
    expect(text).toContain('its result is in the library')
    // Nothing reached the service: the refusal came from main, before the journal.
    await page.waitForTimeout(300)
    expect(sent()).toHaveLength(1)
    expect(
      app.calls
        .filter((c) => c.channel === 'tasks:submit')
        .map((c) => (c.payload as { allowRepeat?: boolean }).allowRepeat),
    ).toEqual([undefined, undefined])

    await notice.getByRole('button', { name: 'Generate again anyway' }).click()
    await notice.waitFor({ state: 'detached' })
    await expect.poll(() => charges().length, { timeout: 60_000 }).toBe(2)
    expect(sent()).toHaveLength(2)
    // Two charges, two keys: a repeat the user chose is a new generation, never a retry.
    expect(new Set(charges().map((c) => c.idempotencyKey)).size).toBe(2)
  })

  it('"Open it" shows the first result in the library', async () => {
    const { page } = app
    await page.getByRole('button', { name: 'Generate' }).click()
    const notice = page.getByTestId('repeat-notice')
    await notice.waitFor()
    await notice.getByRole('button', { name: 'Open it' }).click()
    await page.getByRole('heading', { name: 'Library', level: 1 }).waitFor()
    await expect
      .poll(() => page.getByTestId('detail-prompt').textContent(), { timeout: 10_000 })
      .toBe('a lighthouse at dusk, oil on canvas')
    expect(sent()).toHaveLength(2)
  })
})

import type { Result } from '@shared/result'
import type { SpendSummary } from '@shared/spending/types'
import { type Simulator, startSimulator } from '@simulator'
import { describeViolations, seriousViolations } from '@test/e2e/harness/axe'
import { type AppUnderTest } from '@test/e2e/harness/launch'
import { goTo, openArea } from '@test/e2e/harness/screens'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The queue in Chromium through the built app (issue #29), against the simulator: one image at a
// time (Settings), a first image held by the simulator while three more wait; one of them is
// edited on the Tasks screen (its price and its ledger row change before anything is sent), then
// run next; the simulator receives the requests in the new order, each charged at its new price.

let sim: Simulator
let app: AppUnderTest

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01 })
  app = await openArea('Settings', sim)
})
afterAll(async () => {
  await app?.close()
  await sim?.close()
})

const imageRequests = () =>
  sim.requests().filter((r) => r.path === '/v1/images/generations' && r.method === 'POST')
const charges = () => sim.ledger.charges().filter((e) => e.kind === 'charge')

/** The ledger as the Spending screen reads it (spending:summary for today), through the page. */
async function ledgerToday(): Promise<SpendSummary> {
  const r = await app.page.evaluate(async () => {
    const d = new Date()
    const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
    const api = (
      window as unknown as { api: { spending: { summary(p: unknown): Promise<unknown> } } }
    ).api
    return api.spending.summary({ from: day, to: day })
  })
  const result = r as Result<SpendSummary>
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

describe('the queue', () => {
  it('edits a queued request before it is sent and runs it next; the simulator sees the new order', async () => {
    const { page } = app
    await page.getByLabel('Images', { exact: true }).fill('1')
    await expect
      .poll(() => app.calls.filter((c) => c.channel === 'settings:update').length)
      .toBeGreaterThan(0)

    // The first image is held by the simulator (the slot stays taken) while the others queue.
    sim.faults.inject({ kind: 'stall', route: 'POST /v1/images/generations', stallMs: 15_000 })
    await goTo(page, 'Images')
    const submits = () => app.calls.filter((c) => c.channel === 'tasks:submit').length
    for (const [n, prompt, quality] of [
      [1, 'a lighthouse holding the slot', 'auto'],
      [2, 'a queued apple', 'medium'],
      [3, 'a queued banana', 'low'],
      [4, 'a queued cherry', 'low'],
    ] as const) {
      await page.getByLabel('Prompt', { exact: true }).fill(prompt)
      await page.getByLabel('Quality').selectOption(quality)
      await page.getByRole('button', { name: 'Generate' }).click()
      await expect.poll(submits).toBe(n)
    }
    await expect.poll(() => imageRequests().length).toBe(1)

    await goTo(page, 'Tasks')
    const queue = page.locator('li.queue-item [data-testid="task"]')
    const order = () =>
      queue.evaluateAll((els) => els.map((e) => e.querySelector('.task-prompt')?.textContent))
    await expect.poll(order).toEqual(['a queued apple', 'a queued banana', 'a queued cherry'])

    expect(describeViolations(await seriousViolations(page))).toEqual([])

    // Edit the banana: a higher quality; the dialog shows the new price, the row takes it.
    const banana = queue.filter({ hasText: 'a queued banana' })
    await banana.getByRole('button', { name: 'Edit…' }).click()
    const dialog = page.getByTestId('edit-queued')
    await dialog.waitFor()
    await dialog.getByLabel('Prompt').waitFor()
    expect(
      describeViolations(await seriousViolations(page, '[data-testid="edit-queued"]')),
    ).toEqual([])
    await dialog.getByLabel('Prompt').fill('a queued banana, golden')
    await dialog.getByLabel('Quality').fill('high')
    expect(await dialog.getByTestId('edit-price').textContent()).toBe('Estimate: $0.01 → $0.02')
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    await dialog.waitFor({ state: 'detached' })
    const golden = queue.filter({ hasText: 'a queued banana, golden' })
    await expect
      .poll(() => golden.locator('dd', { hasText: '$' }).first().textContent())
      .toBe('$0.02')

    // The ledger already holds the new amount, and nothing but the first image was sent.
    const row = (await ledgerToday()).top.find((e) => e.prompt === 'a queued banana, golden')
    expect(row).toMatchObject({ amountUsd: 0.02, basis: 'estimate', status: 'pending' })
    expect(imageRequests()).toHaveLength(1)

    // Run next: the edited request goes before the apple.
    await golden.getByRole('button', { name: 'Run next' }).click()
    await expect
      .poll(order)
      .toEqual(['a queued banana, golden', 'a queued apple', 'a queued cherry'])
    expect(imageRequests()).toHaveLength(1)

    // Once the held image is answered, the queue runs one at a time in its new order.
    await expect.poll(() => charges().length, { timeout: 60_000 }).toBe(4)
    expect(charges().map((c) => c.micros)).toEqual([10_000, 20_000, 15_000, 10_000])
    expect(new Set(charges().map((c) => c.idempotencyKey)).size).toBe(4)
    await expect
      .poll(() => page.locator('[data-testid="task"][data-state="saved"]').count(), {
        timeout: 30_000,
      })
      .toBe(4)
    const summary = await ledgerToday()
    expect(summary.top.find((e) => e.prompt === 'a queued banana, golden')).toMatchObject({
      amountUsd: 0.02,
      status: 'settled',
    })
    expect(app.pageErrors).toEqual([])
  })
})

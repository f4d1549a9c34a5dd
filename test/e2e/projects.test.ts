import { readFileSync } from 'node:fs'

import { type Simulator, startSimulator } from '@simulator'
import { describeViolations, seriousViolations } from '@test/e2e/harness/axe'
import type { AppUnderTest } from '@test/e2e/harness/launch'
import { goTo, openArea, scratchPath } from '@test/e2e/harness/screens'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Projects through the built app (issue #29): a project chosen in the title bar, its own daily
// cap set on the Spending screen, a generation in that project that would cross it refused with
// the cap's words before anything is sent, and the same generation with no project (and in another
// project) going through; then the Spending screen's per-project table and one project's invoice.

let sim: Simulator
let app: AppUnderTest

const INVOICE_CSV = scratchPath('invoice-client-x.csv')

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01 })
  app = await openArea('Images', sim, { launch: { dialogs: { save: [INVOICE_CSV] } } })
})
afterAll(async () => {
  await app?.close()
  await sim?.close()
})

const imageRequests = () =>
  sim.requests().filter((r) => r.path === '/v1/images/generations' && r.method === 'POST')

/** Chooses a project in the title bar by typing its name (null: "No project"). */
async function chooseProject(page: Page, name: string | null): Promise<void> {
  const button = page.getByTestId('project-button')
  await button.click()
  const panel = page.getByRole('dialog', { name: 'Choose the project' })
  await panel.waitFor()
  if (name === null) await panel.getByRole('button', { name: 'No project' }).click()
  else {
    // The name field has focus as soon as the panel opens: typing and Enter choose.
    await page.keyboard.type(name)
    await page.keyboard.press('Enter')
  }
  await panel.waitFor({ state: 'detached' })
  await expect
    .poll(() => button.getAttribute('aria-label'))
    .toBe(`Project: ${name ?? 'No project'}`)
}

describe('projects', () => {
  it('refuses a generation over its project cap, and sends it with no project or another', async () => {
    const { page } = app
    expect(await page.getByTestId('project-button').textContent()).toBe('No project')
    await chooseProject(page, 'Client X')

    await goTo(page, 'Spending')
    const panel = page.locator('#project-caps')
    // The active project is listed first, ready for a cap.
    await panel.getByLabel('Client X: daily cap (USD)').fill('0.01')
    await panel.getByRole('button', { name: 'Save project caps' }).click()
    await panel.getByRole('status').filter({ hasText: 'Project caps saved.' }).waitFor()
    await expect.poll(() => panel.getByText('$0.00 of $0.01 today, $0.01 left').count()).toBe(1)

    await goTo(page, 'Images')
    await expect.poll(() => page.getByTestId('cost-value').textContent()).toBe('$0.01')
    const generate = page.getByRole('button', { name: 'Generate' })
    const saved = () => page.locator('[data-testid="result"][data-state="saved"]').count()
    await page.getByLabel('Prompt', { exact: true }).fill('a harbour at dawn')
    await generate.click()
    await expect.poll(saved, { timeout: 30_000 }).toBe(1)
    expect(imageRequests()).toHaveLength(1)

    // The project's cap is used up: the next one in Client X is refused, nothing is sent.
    await page.getByLabel('Prompt', { exact: true }).fill('a harbour at dusk')
    await generate.click()
    const refusal = page.getByTestId('budget-refusal')
    await refusal.waitFor()
    expect(await refusal.locator('p').textContent()).toBe(
      "This request ($0.01) would go over today's cap for project “Client X” of $0.01: $0.01 already committed, $0.00 left.",
    )
    expect(await refusal.getAttribute('role')).toBe('alert')
    expect(imageRequests()).toHaveLength(1)
    expect(await saved()).toBe(1)

    // With no project the same request goes through; so it does in another project.
    await chooseProject(page, null)
    await generate.click()
    await expect.poll(saved, { timeout: 30_000 }).toBe(2)
    expect(imageRequests()).toHaveLength(2)

    await chooseProject(page, 'Side project')
    // Another prompt: the same request again would be a paid repeat (its own refusal).
    await page.getByLabel('Prompt', { exact: true }).fill('a harbour at night')
    await generate.click()
    await expect.poll(saved, { timeout: 30_000 }).toBe(3)
    expect(imageRequests()).toHaveLength(3)
    expect(imageRequests().every((r) => r.status === 200)).toBe(true)
    expect(app.pageErrors).toEqual([])
  })

  it('groups the day by project on Spending and writes one project’s invoice', async () => {
    const { page } = app
    await goTo(page, 'Spending')
    await page.getByRole('radio', { name: 'Today' }).check()
    const table = page.getByTestId('project-table')
    const rows = () =>
      table
        .getByTestId('project-row')
        .evaluateAll((trs) =>
          trs.map((tr) => [
            tr.getAttribute('data-name'),
            ...[...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent),
          ]),
        )
    await expect
      .poll(async () => (await rows()).sort((a, b) => String(a[0]).localeCompare(String(b[0]))))
      .toEqual([
        ['Client X', '1', '$0.01'],
        ['No project', '1', '$0.01'],
        ['Side project', '1', '$0.01'],
      ])
    const violations = describeViolations(
      await seriousViolations(page, '[data-testid="screen-spending"]'),
    )
    expect(violations).toEqual([])

    await table.getByRole('button', { name: 'Export invoice CSV for Client X' }).click()
    await expect.poll(() => page.getByTestId('spend-exported').textContent()).toContain(INVOICE_CSV)
    const lines = readFileSync(INVOICE_CSV, 'utf8').split('\r\n')
    expect(lines[1]).toBe('Project,Client X')
    expect(lines[4]).toBe('Currency,USD')
    expect(lines[7]).toBe('date,time,kind,model,amount_usd,basis,status,task_id')
    const request = lines[8]!.split(',')
    expect(request.slice(2, 7)).toEqual(['image', 'std-image-2', '0.01', 'estimate', 'settled'])
    expect(lines).toContain('Total,pending + settled,1,0.01')
    expect(app.pageErrors).toEqual([])
  })
})

import { PRICES_CHECKED_AT } from '@shared/catalog'
import { type Simulator, startSimulator } from '@simulator'
import { describeViolations, seriousViolations } from '@test/e2e/harness/axe'
import { type AppUnderTest, connect, launchApp } from '@test/e2e/harness/launch'
import { goTo } from '@test/e2e/harness/screens'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** "prices as of Nov 26, 2026": what the English interface says of the built-in price tables. */
const pricesAsOf = () =>
  `prices as of ${new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${PRICES_CHECKED_AT}T00:00:00Z`))}`

// Price and rule freshness through the built app (issue #30), against the simulator: an account
// whose GET /v1/models lists a model this version does not know, and one that no longer lists
// catalog models; every estimate's tooltip and Settings say how old the prices are.

let sim: Simulator
let app: AppUnderTest

beforeAll(async () => {
  sim = await startSimulator({
    timeScale: 0.01,
    accounts: { walletOnly: { extraListedModels: ['std-image-9-preview'] } },
  })
  app = await launchApp()
})
afterAll(async () => {
  await app?.close()
  await sim?.close()
})

describe('prices and models stay honest about their age', () => {
  it('names a model the service lists that this version does not know, in the form', async () => {
    await connect(app, sim.baseUrl, sim.accounts.walletOnly.key)
    await goTo(app.page, 'Images')
    const unknown = app.page.getByTestId('models-unknown')
    await unknown.waitFor()
    expect(await unknown.textContent()).toBe(
      'The service offers std-image-9-preview: not supported by this version — update Gen Studio to use it.',
    )
    // The estimate's tooltip says how old the prices are.
    await app.page.getByLabel('Prompt').fill('a lighthouse at dusk')
    await app.page.getByTestId('cost-value').waitFor()
    expect(await app.page.getByTestId('cost').getAttribute('title')).toBe(
      `P${pricesAsOf().slice(1)}`,
    )
  })

  it('hides catalog models the account does not list, with a note', async () => {
    await connect(app, sim.baseUrl, sim.accounts.restricted.key)
    await goTo(app.page, 'Images')
    const hidden = app.page.getByTestId('models-hidden')
    await hidden.waitFor()
    expect(await hidden.textContent()).toMatch(
      /^Not listed by your account, so not offered here: .*Still 5\.0 Pro/,
    )
    const options = await app.page.getByLabel('Model').locator('option').allTextContents()
    expect(options.some((o) => o.startsWith('Still 5.0 Pro'))).toBe(false)
    expect(options.some((o) => o.startsWith('Standard Image 2'))).toBe(true)
    await expect(app.page.getByTestId('models-unknown').count()).resolves.toBe(0)
  })

  it('Settings says how old the prices are, and its update and report panels pass axe', async () => {
    await goTo(app.page, 'Settings')
    expect(await app.page.getByTestId('prices-as-of').textContent()).toContain(pricesAsOf())
    // A build run from a checkout cannot update itself, and says so.
    expect(await app.page.getByTestId('update-status').getAttribute('data-phase')).toBe(
      'unsupported',
    )
    expect(app.netLog).toEqual([])
    for (const part of ['updates-panel', 'problems-panel'])
      expect(
        describeViolations(await seriousViolations(app.page, `[data-testid="${part}"]`)),
      ).toEqual([])
  })
})

import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'

import { gridLayout } from '@main/services/library/files/composeGrid'
import { type Simulator, startSimulator } from '@simulator'
import { describeViolations, seriousViolations } from '@test/e2e/harness/axe'
import { type AppUnderTest, SCREENS_DIR } from '@test/e2e/harness/launch'
import { goTo, openArea, scratchPath } from '@test/e2e/harness/screens'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Spend control in Chromium through the built app (issue #15): a wildcard X/Y batch on the Art
// model screen priced, run and shown as a grid; a daily Images cap set on the Spending screen
// refusing a third image until "Go over the cap once"; the Spending screen summing all of it.
// One app for the whole file (each test builds on the activity of the one before); axe on the
// batch dialog, the grid and Spending; screenshots in light and dark under test-results/screens/.

let sim: Simulator
let app: AppUnderTest

// The exported grid is kept beside the screenshots, for a look at what a user would share.
const GRID_PNG = join(SCREENS_DIR, 'spend-batch-grid-export.png')
const SPEND_CSV = scratchPath('spend.csv')
const BACKGROUND = { light: 'rgb(246, 246, 248)', dark: 'rgb(22, 23, 27)' }
const shots: string[] = []

beforeAll(async () => {
  mkdirSync(SCREENS_DIR, { recursive: true })
  rmSync(GRID_PNG, { force: true })
  sim = await startSimulator({ timeScale: 0.01 })
  // The save dialog answers, in order: the grid export, then the CSV export.
  app = await openArea('Art model', sim, { launch: { dialogs: { save: [GRID_PNG, SPEND_CSV] } } })
})
afterAll(async () => {
  await app?.close()
  await sim?.close()
})

/** "$0.0123" → 0.0123; fails on anything else. */
const dollars = (text: string | null): number => {
  const m = /^\s*≈?\s*\$(\d+(?:\.\d+)?)\s*$/.exec(text ?? '')
  if (!m) throw new Error(`not a dollar amount: ${JSON.stringify(text)}`)
  return Number(m[1])
}

const micros = (usd: number) => Math.round(usd * 1_000_000)

/**
 * In light and then dark (the OS colour scheme switched as the double's `colorScheme` sets it:
 * prefers-color-scheme, checked on the page's background): axe over the page or one part of it,
 * then a screenshot where screens.test.ts saves its own. A screen is shot whole (the viewport
 * grown to the page, as screens.test.ts does); a dialog as the window shows it, the window tall
 * enough for the whole dialog. Answers the serious and critical violations per scheme.
 */
async function checkAndShoot(
  page: Page,
  name: string,
  dialog?: string,
): Promise<Record<'light' | 'dark', string[]>> {
  const found = { light: [] as string[], dark: [] as string[] }
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor),
    ).toBe(BACKGROUND[scheme])
    found[scheme] = describeViolations(
      await seriousViolations(page, dialog ? `[data-testid="${dialog}"]` : undefined),
    )
    const height = dialog
      ? await page
          .getByTestId(dialog)
          .evaluate((el) => el.scrollHeight + 2 * el.getBoundingClientRect().top + 2)
      : await page.evaluate(() => document.documentElement.scrollHeight)
    await page.setViewportSize({ width: 1280, height: Math.max(820, Math.ceil(height)) })
    const path = join(SCREENS_DIR, `${name}-${scheme}.png`)
    await page.screenshot({ path, fullPage: !dialog })
    shots.push(path)
    await page.setViewportSize({ width: 1280, height: 820 })
  }
  await page.emulateMedia({ colorScheme: 'light' })
  return found
}

const CLEAN = { light: [], dark: [] }

const charges = () => sim.ledger.charges().filter((e) => e.kind === 'charge')
const imageRequests = () =>
  sim.requests().filter((r) => r.path === '/v1/images/generations' && r.method === 'POST')

describe('spend control', () => {
  it('prices a wildcard X/Y batch on the Art model screen, runs it and shows its grid', async () => {
    const { page } = app
    await page.getByLabel('Prompt', { exact: true }).fill('a {red|blue} fox')
    await page.getByRole('button', { name: 'Batch…' }).click()
    const dialog = page.getByTestId('batch-dialog')
    await dialog.waitFor()
    await dialog.getByLabel('X varies').selectOption('steps')
    await dialog.getByLabel('X values').fill('10, 20')
    await dialog.getByLabel('Y varies').selectOption('guidance')
    await dialog.getByLabel('Y values').fill('4, 6')
    await dialog.getByLabel('Title').fill('Fox steps × guidance')
    await dialog.getByRole('button', { name: 'Price it' }).click()
    const plan = dialog.getByTestId('batch-plan')
    await plan.waitFor()

    // 2 wildcard choices × 2 steps × 2 guidance = 8 requests, each listed with its estimate.
    expect(await plan.getByTestId('batch-count').textContent()).toBe('8')
    const rows = plan.locator('tbody tr')
    expect(await rows.count()).toBe(8)
    const listed = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    )
    // Columns: #, X, Y, Repeat, Prompt, Seed, Estimate.
    expect(new Set(listed.map((r) => `${r[1]}/${r[2]}/${r[4]}`)).size).toBe(8)
    expect(new Set(listed.map((r) => r[1]))).toEqual(new Set(['10', '20']))
    expect(new Set(listed.map((r) => r[2]))).toEqual(new Set(['4', '6']))
    expect(new Set(listed.map((r) => r[4]))).toEqual(new Set(['a red fox', 'a blue fox']))
    const estimates = listed.map((r) => dollars(r[6]!))
    expect(estimates.every((e) => e > 0)).toBe(true)
    const total = dollars(await plan.getByTestId('batch-total').textContent())
    expect(micros(total)).toBe(micros(estimates.reduce((s, e) => s + e, 0)))
    expect(await plan.getByTestId('batch-budget').textContent()).toBe('Fits your budget')
    const run = dialog.getByRole('button', { name: /^Run 8 requests · / })
    expect(await run.isEnabled()).toBe(true)
    expect(dollars((await run.textContent())!.split(' · ')[1]!)).toBe(total)

    expect(await checkAndShoot(page, 'spend-batch-dialog', 'batch-dialog')).toEqual(CLEAN)

    expect(charges()).toHaveLength(0)
    await run.click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('batch-started').textContent()).toContain('8 requests')
    await page.getByRole('button', { name: 'Show in Tasks' }).click()
    await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor()
    const batch = page.getByTestId('batches').getByTestId('batch')
    expect(await batch.count()).toBe(1)
    expect(await batch.getByRole('heading').textContent()).toBe('Fox steps × guidance')
    await expect.poll(() => batch.getAttribute('data-state'), { timeout: 60_000 }).toBe('done')
    expect(await batch.getByTestId('batch-progress').textContent()).toBe('8 / 8 saved')

    // The batch went to main once, as one batch:submit: no single-task submits from the form.
    expect(app.calls.filter((c) => c.channel === 'batch:submit')).toHaveLength(1)
    expect(
      app.calls.filter(
        (c) => c.channel === 'tasks:submit' || c.channel === 'generate:submitNative',
      ),
    ).toHaveLength(0)
    // One charge per request, each under its own idempotency key.
    const charged = charges()
    expect(charged).toHaveLength(8)
    expect(new Set(charged.map((c) => c.idempotencyKey)).size).toBe(8)
    expect(charged.every((c) => c.route === charged[0]!.route)).toBe(true)
    // Priced in full and charged exactly: the simulator's charges add up to the dialog's total.
    expect(charged.reduce((s, c) => s + c.micros, 0)).toBe(micros(total))

    await batch.getByRole('button', { name: 'Grid' }).click()
    const gridDialog = page.getByTestId('batch-grid-dialog')
    const grid = gridDialog.getByTestId('batch-grid')
    await grid.waitFor()
    expect(await grid.locator('thead th').allTextContents()).toEqual(['Guidance', '10', '20'])
    expect(await grid.locator('tbody th').allTextContents()).toEqual(['4', '6'])
    expect(await grid.locator('caption').textContent()).toBe('Columns: Steps · Rows: Guidance')
    const cells = grid.getByTestId('grid-cell')
    expect(await cells.count()).toBe(4)
    // Each cell holds both wildcard variants; every thumbnail is loaded from gen-media.
    for (let i = 0; i < 4; i++) expect(await cells.nth(i).locator('img').count()).toBe(2)
    const images = grid.getByTestId('grid-image')
    await expect
      .poll(() =>
        images.evaluateAll((imgs) =>
          (imgs as HTMLImageElement[]).map((i) => i.complete && i.naturalWidth > 0),
        ),
      )
      .toEqual(Array(8).fill(true))
    const sources = await images.evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((i) => i.currentSrc),
    )
    expect(sources.every((s) => /^http:\/\/[^/]+\.gen-media\.localhost:\d+\//.test(s))).toBe(true)
    expect(
      app.schemes.log.filter(
        (r) => r.url.startsWith('gen-media://') && r.dest === 'image' && r.status === 200,
      ).length,
    ).toBeGreaterThanOrEqual(8)
    expect(await images.first().getAttribute('alt')).toBe('Steps 10, Guidance 4, repeat 1')

    expect(await checkAndShoot(page, 'spend-batch-grid', 'batch-grid-dialog')).toEqual(CLEAN)

    // Export as one image: main composes the grid and writes it where the save dialog said.
    await gridDialog.getByRole('button', { name: 'Export as one image' }).click()
    await expect.poll(() => gridDialog.getByTestId('grid-saved').textContent()).toContain(GRID_PNG)
    const layout = gridLayout(['10', '20'], ['4', '6'])
    const meta = await sharp(GRID_PNG).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', layout.width, layout.height])
    await gridDialog.getByRole('button', { name: 'Close', exact: true }).last().click()
    await gridDialog.waitFor({ state: 'detached' })
    expect(app.pageErrors).toEqual([])
  })

  it('refuses the third image over a daily Images cap set on Spending, until gone over once', async () => {
    const { page } = app
    await goTo(page, 'Spending')
    const cap = page.getByLabel('Images daily cap (USD)')
    await cap.fill('0.02')
    await page.getByRole('button', { name: 'Save budgets' }).click()
    await page.getByRole('status').filter({ hasText: 'Budgets saved.' }).waitFor()
    await expect
      .poll(() => page.getByTestId('use-image.day').textContent())
      .toBe('$0.00 of $0.02 today, $0.02 left')

    await goTo(page, 'Images')
    await expect.poll(() => page.getByTestId('cost-value').textContent()).toBe('$0.01')
    await expect
      .poll(() => page.getByTestId('budget-badge-text').textContent())
      .toBe('Images today $0.00 of $0.02 · $0.02 left')
    const generate = page.getByRole('button', { name: 'Generate' })
    const saved = () => page.locator('[data-testid="result"][data-state="saved"]').count()
    for (const [n, prompt] of [
      [1, 'a lighthouse at dawn'],
      [2, 'a lighthouse at dusk'],
    ] as const) {
      await page.getByLabel('Prompt', { exact: true }).fill(prompt)
      await generate.click()
      await expect.poll(saved, { timeout: 30_000 }).toBe(n)
    }
    expect(imageRequests()).toHaveLength(2)
    await expect
      .poll(() => page.getByTestId('budget-badge-text').textContent())
      .toBe('Images today $0.02 of $0.02 · $0.00 left')
    await expect.poll(() => page.getByTestId('budget-badge-over').count()).toBe(1)

    await page.getByLabel('Prompt', { exact: true }).fill('a lighthouse at night')
    await generate.click()
    const refusal = page.getByTestId('budget-refusal')
    await refusal.waitFor()
    expect(await refusal.locator('p').textContent()).toBe(
      "This request ($0.01) would go over today's image cap of $0.02: $0.02 already committed, $0.00 left.",
    )
    expect(await refusal.getAttribute('role')).toBe('alert')
    expect(await checkAndShoot(page, 'spend-images-refusal')).toEqual(CLEAN)
    // Refused before anything was sent.
    expect(imageRequests()).toHaveLength(2)
    expect(await saved()).toBe(2)

    await refusal.getByRole('button', { name: 'Go over the cap once' }).click()
    await expect.poll(saved, { timeout: 30_000 }).toBe(3)
    await refusal.waitFor({ state: 'detached' })
    expect(imageRequests()).toHaveLength(3)
    expect(imageRequests().every((r) => r.status === 200)).toBe(true)
    expect(charges()).toHaveLength(8 + 3)
    expect(app.pageErrors).toEqual([])
  })

  it('sums it all on the Spending screen: totals, chart, models, top list, CSV; axe clean', async () => {
    const { page } = app
    await goTo(page, 'Spending')
    await page.getByRole('radio', { name: 'Today' }).check()
    const screen = page.getByTestId('screen-spending')

    // The estimates match what the simulator charged (published prices, exact for these models).
    await expect.poll(() => screen.getByTestId('spend-count').textContent()).toBe('11')
    const total = dollars(await screen.getByTestId('spend-total').textContent())
    expect(micros(total)).toBe(sim.ledger.totalMicros())
    expect(await screen.getByTestId('spend-failed').textContent()).toBe('0')
    await expect.poll(() => screen.getByTestId('spend-pending').textContent()).toBe('$0.00')

    // One bar per day of the range: today alone, then this week (Monday on), this month.
    const bars = screen.getByTestId('day-bar')
    const today = await page.evaluate(() => {
      const d = new Date()
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
    })
    expect(await bars.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-day')))).toEqual([
      today,
    ])
    expect(Number(await bars.first().getAttribute('height'))).toBeGreaterThan(100)
    expect(await screen.getByTestId('day-chart').getAttribute('aria-label')).toContain(
      `${await screen.getByTestId('spend-total').textContent()} in total`,
    )

    // By model: the art model of the batch and the image model, with their request counts.
    const models = screen.getByTestId('model-row')
    const byModel = Object.fromEntries(
      await models.evaluateAll((trs) =>
        trs.map((tr) => [
          tr.getAttribute('data-name'),
          [...tr.querySelectorAll('td')].map((td) => td.textContent)[1],
        ]),
      ),
    )
    const artModel = charges()[0]!.model
    expect(artModel).toMatch(/^art-diffusion-/)
    expect(byModel).toEqual({ [artModel]: '8', 'std-image-2': '3' })
    const kinds = await screen
      .getByTestId('kind-row')
      .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-name')))
    expect(kinds.sort()).toEqual(['Art', 'Images'])

    // The most expensive generations, each opening its result in the library.
    const top = screen.getByTestId('top-entry')
    expect(await top.count()).toBeGreaterThan(0)
    await expect
      .poll(() => screen.getByTestId('use-image.day').textContent())
      .toBe("$0.01 over today's image cap ($0.03 of $0.02)")
    // Past the cap (gone over once): shown as over, in the danger style, not as a warning.
    expect(await screen.getByTestId('use-image.day').getAttribute('class')).toBe('cap-over')

    expect(await checkAndShoot(page, 'spend-spending')).toEqual(CLEAN)

    // The week and month show one bar per day, ending today.
    for (const [range, firstDay] of [
      [
        'This week',
        await page.evaluate(() => {
          const d = new Date()
          d.setDate(d.getDate() - ((d.getDay() + 6) % 7))
          return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
        }),
      ],
      ['This month', today.slice(0, 8) + '01'],
    ] as const) {
      await page.getByRole('radio', { name: range }).check()
      await expect.poll(() => bars.first().getAttribute('data-day')).toBe(firstDay)
      const days = await bars.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-day')!))
      expect(days.at(-1)).toBe(today)
      const span =
        Math.round(
          (Date.parse(`${today}T12:00:00Z`) - Date.parse(`${firstDay}T12:00:00Z`)) / 86_400_000,
        ) + 1
      expect(days).toHaveLength(span)
      expect(new Set(days).size).toBe(span)
    }
    await page.getByRole('radio', { name: 'Today' }).check()
    await expect.poll(() => bars.count()).toBe(1)

    // CSV export: one row per ledger entry in the range (the save dialog gave a path).
    await page.getByRole('button', { name: 'Export CSV' }).click()
    await expect.poll(() => page.getByTestId('spend-exported').textContent()).toContain(SPEND_CSV)
    const csv = readFileSync(SPEND_CSV, 'utf8').trim().split(/\r?\n/)
    expect(csv.length - 1).toBe(11)

    // "Open in library" on the most expensive entry opens that item's detail in the library.
    const first = top.first()
    const prompt = await first.locator('.spend-top-prompt').textContent()
    await first.getByRole('button', { name: /^Open in library/ }).click()
    await page.getByRole('heading', { name: 'Library', level: 1 }).waitFor()
    const detail = page.getByRole('dialog')
    await detail.waitFor()
    await expect.poll(() => detail.textContent()).toContain(prompt!)

    for (const path of shots) {
      expect(existsSync(path)).toBe(true)
      expect(statSync(path).size).toBeGreaterThan(10_000)
    }
    expect(shots).toHaveLength(8)
    expect(app.pageErrors).toEqual([])
  })
})

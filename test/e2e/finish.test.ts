import { promises as fs } from 'node:fs'
import { join } from 'node:path'

import type { LineageView } from '@shared/library/lineage'
import type { Result } from '@shared/result'
import { type Simulator, startSimulator } from '@simulator'
import {
  type AppUnderTest,
  connect,
  launchApp,
  libraryItem,
  libraryTiles,
  valueOf,
} from '@test/e2e/harness/launch'
import { dropPng, goTo, png } from '@test/e2e/harness/screens'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Finishing a picture through the built app (issue #31): a crop on the canvas view, lineage both
// ways in the viewer, a local upscale with its estimate, progress and a cancel, a Lanczos upscale
// that finishes, an expand with its price shown that comes back as a derived item, and the art
// form's mask canvas beside the fields with Generate on screen at 1280 × 800.

let sim: Simulator
let app: AppUnderTest
let page: Page

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01 })
  app = await launchApp()
  page = app.page
  await connect(app, sim.baseUrl, sim.accounts.full.key)
  await page.setViewportSize({ width: 1280, height: 800 })
})
afterAll(async () => {
  await app?.close()
  await sim?.close()
})

const lineage = (id: string) =>
  app.api<Result<LineageView>>('picture:lineage', { id }).then(valueOf)

async function importPicture(name: string, w: number, h: number): Promise<string> {
  const dir = join(app.home, 'Pictures')
  await fs.mkdir(dir, { recursive: true })
  const path = join(dir, name)
  // Texture, so the upscaler has real work on every tile.
  const raw = Buffer.alloc(w * h * 3)
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 31 + (i % 11) * 7) & 255
  const bytes = await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer()
  await fs.writeFile(path, bytes)
  await goTo(page, 'Library')
  await app.dropFiles('[data-testid="library-screen"]', [{ name, bytes, path }])
  await expect.poll(() => page.getByTestId('library-notice').textContent()).toContain('Imported 1')
  const tile = (await libraryTiles(app)).find((t) => t.fileName.endsWith('.png') && t.width === w)
  return tile!.id
}

describe('finish the picture (issue #31)', () => {
  it('crops to a model’s ratio into a new item; the viewer links both ways', async () => {
    const id = await importPicture('harbour.png', 640, 480)
    await page.getByTestId('library-grid').getByRole('option').first().dblclick()
    const finish = page.getByTestId('finish')
    await finish.waitFor()
    await finish.getByRole('button', { name: 'Crop…' }).click()
    await page.getByLabel('Crop ratio').selectOption('16:9')
    await expect
      .poll(() => page.getByRole('button', { name: /^Crop to / }).textContent())
      .toBe('Crop to 640 × 360')
    // Draw a box on the canvas view with the mouse: free ratio, top-left quarter.
    await page.getByLabel('Crop ratio').selectOption('free')
    const stage = (await page.getByTestId('crop-stage').boundingBox())!
    await page.mouse.move(stage.x + 2, stage.y + 2)
    await page.mouse.down()
    await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2, { steps: 5 })
    await page.mouse.up()
    const label = (await page.getByRole('button', { name: /^Crop to / }).textContent())!
    const [cw, ch] = label.replace('Crop to ', '').split(' × ').map(Number)
    expect(cw).toBeGreaterThan(300)
    expect(cw).toBeLessThanOrEqual(320)
    expect(ch).toBeGreaterThan(220)
    await page.getByRole('button', { name: /^Crop to / }).click()
    await expect
      .poll(() => page.getByTestId('finish-notice').textContent())
      .toMatch(/Cropped: saved as .*original is unchanged/)
    const derived = page.getByTestId('derived-link')
    await expect.poll(() => derived.count()).toBe(1)
    const view = await lineage(id)
    const child = await libraryItem(app, view.derived[0]!.id)
    expect([child.width, child.height]).toEqual([cw, ch])
    expect((await libraryItem(app, id)).width).toBe(640)
    // Follow the link: the child's viewer says what it was made from.
    await derived.click()
    await expect
      .poll(() => page.getByTestId('made-from').textContent())
      .toBe((await libraryItem(app, id)).fileName)
    await expect.poll(() => page.getByTestId('lineage').textContent()).toMatch(/cropped/)
    await page.getByTestId('made-from').click()
    await expect.poll(() => page.getByTestId('derived-link').count()).toBe(1)
  })

  it('upscales with the model: estimate first, progress, Cancel leaves nothing; Lanczos finishes; Tasks lists both', async () => {
    const finish = page.getByTestId('finish')
    const before = (await libraryTiles(app)).length
    await finish.getByRole('button', { name: 'Upscale…' }).click()
    await page.getByRole('button', { name: 'Upscale', exact: true }).click()
    const estimate = page.getByTestId('upscale-estimate')
    await estimate.waitFor({ timeout: 30_000 })
    expect(await estimate.textContent()).toMatch(
      /640 × 480 → 1280 × 960 will take about \d+ (s|min)/,
    )
    await estimate.getByRole('button', { name: 'Start' }).click()
    const progress = page.getByTestId('upscale-progress')
    await progress.waitFor()
    await expect
      .poll(async () => Number(await progress.getByRole('progressbar').getAttribute('value')), {
        timeout: 60_000,
      })
      .toBeGreaterThan(0)
    await progress.getByRole('button', { name: 'Cancel' }).click()
    await expect
      .poll(() => page.getByTestId('upscale-status').textContent())
      .toMatch(/Cancelled: nothing was saved/)
    expect((await libraryTiles(app)).length).toBe(before)

    await page.getByLabel('Upscale method').selectOption('lanczos')
    await page.getByRole('button', { name: 'Upscale', exact: true }).click()
    await expect
      .poll(() => page.getByTestId('upscale-status').textContent(), { timeout: 30_000 })
      .toMatch(/Upscaled ×2/)
    expect((await libraryTiles(app)).length).toBe(before + 1)
    await page.getByRole('button', { name: 'Open the result' }).click()
    await expect
      .poll(() => page.getByTestId('lineage').textContent())
      .toMatch(/upscaled ×2 Lanczos/)
    await page.keyboard.press('Escape')

    await goTo(page, 'Tasks')
    const jobs = page.getByTestId('local-job')
    await expect.poll(() => jobs.count()).toBe(2)
    expect(await jobs.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).toEqual([
      'done',
      'cancelled',
    ])
  }, 120_000)

  it('expands the canvas with its price shown; the infill goes through admission and comes back derived', async () => {
    const id = (await libraryTiles(app)).find((t) => t.width === 640 && t.height === 480)!.id
    await goTo(page, 'Library')
    await page.getByTestId('library-grid').getByRole('option').last().dblclick()
    await page.getByTestId('finish').waitFor()
    await expect
      .poll(() => page.locator('#lib-detail-title').textContent())
      .toBe((await libraryItem(app, id)).fileName)
    const finish = page.getByTestId('finish')
    await finish.getByRole('button', { name: 'Expand canvas…' }).click()
    await page.getByLabel('Target ratio').selectOption('16:9')
    const cost = page.getByTestId('expand').getByTestId('cost')
    await expect.poll(() => cost.textContent()).toMatch(/\$0\.\d+/)
    await page.getByTestId('expand').getByRole('textbox').fill('a wide harbour at dusk')
    const sentBefore = sim.requests().filter((r) => r.path === '/ai/generate-image').length
    await page.getByRole('button', { name: 'Expand', exact: true }).click()
    await expect
      .poll(() => page.getByTestId('finish-notice').textContent())
      .toMatch(/Expanding to \d+ × \d+/)
    await expect
      .poll(() => sim.requests().filter((r) => r.path === '/ai/generate-image').length, {
        timeout: 30_000,
      })
      .toBe(sentBefore + 1)
    await expect
      .poll(async () => (await lineage(id)).derived.some((d) => d.operation === 'outpaint'), {
        timeout: 30_000,
      })
      .toBe(true)
    await page.keyboard.press('Escape')
  }, 90_000)

  it('shows the infill mask beside the art form’s fields, with Generate on screen at 1280 × 800', async () => {
    await goTo(page, 'Art model')
    await page.getByLabel('Infill (repaint a masked area)').check()
    // A tall source: at 100 % its mask would be far taller than the window.
    const src = await png('tall-source.png', 1024, 2048, [40, 160, 90])
    await dropPng(app, 'art.source', src)
    await page.getByTestId('mask-canvas-art').waitFor()
    const m = await page.evaluate(() => {
      const rect = (sel: string) => document.querySelector(sel)!.getBoundingClientRect()
      const generate = [...document.querySelectorAll('button')].find((b) =>
        b.textContent?.includes('Generate'),
      )!
      return {
        form: rect('form.gen-form'),
        stage: rect('[data-testid="mask-stage-art"]'),
        generate: generate.getBoundingClientRect(),
        viewport: { w: innerWidth, h: innerHeight },
      }
    })
    console.log(
      `art form at 1280×800: form ${Math.round(m.form.height)} px tall, mask stage ${Math.round(m.stage.width)}×${Math.round(m.stage.height)} at x=${Math.round(m.stage.x)}, Generate bottom ${Math.round(m.generate.bottom)}`,
    )
    expect(m.viewport).toEqual({ w: 1280, h: 800 })
    // Beside the fields, not under them; never taller than the window.
    expect(m.stage.x).toBeGreaterThanOrEqual(m.form.right)
    expect(m.stage.height).toBeLessThanOrEqual(800)
    // Generate is on screen without scrolling.
    expect(m.generate.top).toBeGreaterThanOrEqual(0)
    expect(m.generate.bottom).toBeLessThanOrEqual(800)
    expect(m.form.height).toBeLessThan(2468)
  })
})

/**
 * Shared by the generation screens' browser e2e tests (test/e2e/generate.test.ts, a11y.test.ts,
 * screens.test.ts): connect a launched app to a simulator, make PNG files, and drop files the way
 * the OS does.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { Simulator } from '@simulator'
import { type AppUnderTest, connect, launchApp, type LaunchOptions } from '@test/e2e/harness/launch'
import type { Page } from 'playwright-core'
import sharp from 'sharp'

const files = mkdtempSync(join(tmpdir(), 'gen-e2e-files-'))

/**
 * Launches (or takes) an app, connects it to the simulator's full account, reloads and opens an
 * area by its navigation button.
 */
export async function openArea(
  area: string,
  sim: Simulator,
  options: { existing?: AppUnderTest; launch?: LaunchOptions } = {},
): Promise<AppUnderTest> {
  const a = options.existing ?? (await launchApp(options.launch))
  if (!options.existing) await connect(a, sim.baseUrl, sim.accounts.full.key)
  else await a.page.reload()
  await goTo(a.page, area)
  return a
}

/** Clicks an area in the navigation and waits for its heading. */
export async function goTo(page: Page, area: string): Promise<void> {
  await page.getByRole('button', { name: area, exact: true }).click()
  await page.getByRole('heading', { name: area, level: 1 }).waitFor()
}

/** A solid-colour PNG on disk. */
export async function png(
  name: string,
  width: number,
  height: number,
  rgb: [number, number, number],
): Promise<string> {
  const path = join(files, name)
  await sharp({
    create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } },
  })
    .png()
    .toFile(path)
  return path
}

/** A path in the same scratch folder, for files a test writes itself. */
export const scratchPath = (name: string): string => join(files, name)

/** Drops one PNG from disk (with its OS path) on a reference zone. */
export async function dropPng(app: AppUnderTest, slot: string, path: string): Promise<void> {
  const name = path.slice(path.lastIndexOf('/') + 1)
  await app.dropFiles(`[data-testid="dropzone-${slot}"]`, [
    { name, bytes: await sharp(path).toBuffer(), type: 'image/png', path },
  ])
}

/**
 * Paints a horizontal stroke across a mask canvas with the mouse, as a user does once the form
 * has settled: it centres the canvas and waits until it stops moving (the form above it can still grow while a
 * dropped file is staged) and until the stroke's start point is on the canvas itself.
 */
export async function paintStroke(page: Page, testId: string): Promise<void> {
  const canvas = page.getByTestId(testId)
  let box = null as Awaited<ReturnType<typeof canvas.boundingBox>>
  for (let settled = 0, tries = 0; settled < 3 && tries < 50; tries++) {
    // Centred, so the sticky cost bar at the bottom of the form cannot cover the stroke.
    await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }))
    const next = await canvas.boundingBox()
    const same =
      box && next && ['x', 'y', 'width', 'height'].every((k) => box![k as 'x'] === next[k as 'x'])
    settled = same ? settled + 1 : 0
    box = next
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))))
  }
  if (!box) throw new Error(`${testId} has no box`)
  const start = { x: box.x + box.width * 0.2, y: box.y + box.height * 0.3 }
  const hit = await page.evaluate(
    ({ x, y, id }) => document.elementFromPoint(x, y)?.getAttribute('data-testid') === id,
    { ...start, id: testId },
  )
  if (!hit) throw new Error(`the stroke's start point is not on ${testId}`)
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.5, start.y, { steps: 8 })
  await page.mouse.up()
}

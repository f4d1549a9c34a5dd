import { promises as fs } from 'node:fs'
import { join } from 'node:path'

import { type Simulator, startSimulator } from '@simulator'
import { type AppUnderTest, connect, launchApp } from '@test/e2e/harness/launch'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0 })
})
afterAll(async () => {
  await sim.close()
})

/** A picture with a layout and grain (what the perceptual hash sees), as PNG bytes. */
async function picture(sunX: number, seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(640 * 640 * 3)
  let x = seed
  for (let i = 0; i < raw.length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0
    raw[i] = 96 + (x >>> 26)
  }
  const grain = await sharp(raw, { raw: { width: 640, height: 640, channels: 3 } })
    .png()
    .toBuffer()
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff8a3d"/><stop offset="1" stop-color="#4b1d6e"/></linearGradient></defs><rect width="640" height="640" fill="url(#g)"/><circle cx="${sunX}" cy="250" r="90" fill="#ffd23f"/><polygon points="0,640 170,380 330,520 480,330 640,640" fill="#1b1b2f"/></svg>`
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'soft-light' }])
    .png()
    .toBuffer()
}

const count = (app: AppUnderTest) => app.page.getByTestId('library-count').textContent()

describe('find similar and duplicates in Chromium', () => {
  it('finds a resized and a re-encoded copy, keeps one with undo, and finds similar from the detail view', async () => {
    const app = await launchApp()
    try {
      await connect(app, sim.baseUrl, sim.accounts.full.key)
      const { page } = app
      await page.getByRole('button', { name: 'Library' }).click()
      await page.getByRole('heading', { name: 'Library' }).waitFor()

      const original = await picture(400, 1)
      const files = {
        'dunes.png': original,
        'dunes-small.png': await sharp(original).resize(320).png().toBuffer(),
        'dunes.jpg': await sharp(original).jpeg({ quality: 70 }).toBuffer(),
        'harbour.png': await picture(120, 2),
      }
      const src = join(app.home, 'Desktop')
      await fs.mkdir(src)
      const dropped = []
      let t = Date.UTC(2026, 5, 1) / 1000
      for (const [name, bytes] of Object.entries(files)) {
        const path = join(src, name)
        await fs.writeFile(path, bytes)
        await fs.utimes(path, t, t)
        t += 60
        dropped.push({ name, bytes, path })
      }
      await app.dropFiles('[data-testid="library-screen"]', dropped)
      await expect.poll(() => count(app)).toBe('4 items')

      // ── duplicates ──
      await page.getByRole('button', { name: 'Duplicates' }).click()
      const panel = page.getByRole('dialog', { name: 'Duplicates' })
      const status = panel.locator('#lib-dupes-status')
      await expect
        .poll(() => status.textContent(), { timeout: 20_000 })
        .toBe('1 group of duplicates.')
      const group = panel.getByRole('region', { name: 'Group 1 of 1: 3 images' })
      await expect
        .poll(() =>
          group
            .locator('img')
            .evaluateAll(
              (imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length,
            ),
        )
        .toBe(3)
      await expect.poll(() => group.getByText('Suggested to keep').count()).toBe(1)
      await app.screenshot('library-duplicates')
      // Keep the suggested one (the full-size PNG): the two copies go, with undo.
      await group
        .getByRole('button', { name: /^Keep .*, delete the other 2 images$/ })
        .first()
        .click()
      await expect.poll(() => count(app)).toBe('2 items')
      await expect.poll(() => status.textContent()).toBe('No duplicates found.')
      await panel.getByRole('button', { name: 'Undo delete of 2 items' }).click()
      await expect.poll(() => count(app)).toBe('4 items')
      await expect
        .poll(() => status.textContent(), { timeout: 10_000 })
        .toBe('1 group of duplicates.')
      await page.keyboard.press('Escape')
      await expect.poll(() => panel.count()).toBe(0)

      // ── find similar from the detail view ──
      const grid = page.getByTestId('library-grid')
      await grid.getByRole('option').last().dblclick()
      await page.getByRole('dialog').getByRole('button', { name: 'Find similar' }).click()
      const strip = page.getByRole('region', { name: /^Similar to / })
      await expect
        .poll(() => strip.getByRole('status').textContent())
        .toBe('2 similar images, nearest first.')
      const hits = await strip
        .getByRole('listitem')
        .getByRole('button')
        .evaluateAll((b) => b.map((e) => e.getAttribute('aria-label')))
      expect(hits).toHaveLength(2)
      for (const label of hits)
        expect(label).toMatch(/(Identical|Near-identical) \(\d of 64 bits differ\)/)
      expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([])
    } finally {
      await app.close()
    }
  })
})

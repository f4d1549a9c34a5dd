import { existsSync, statSync } from 'node:fs'

import { type Simulator, startSimulator } from '@simulator'
import type { AppUnderTest } from '@test/e2e/harness/launch'
import { dropPng, goTo, openArea, paintStroke, png } from '@test/e2e/harness/screens'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Screenshots of every generation screen in use, in light and dark (following the OS colour
// scheme), under test-results/screens/; and of Tasks, Library and Spending, first empty (their
// empty states) and then with the generations made here. Each one is checked to exist and to show
// the scheme.

let sim: Simulator

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01 })
})
afterAll(async () => {
  await sim.close()
})

const BACKGROUND = { light: 'rgb(246, 246, 248)', dark: 'rgb(22, 23, 27)' }

describe.each(['light', 'dark'] as const)('generation screens in %s', (scheme) => {
  it('renders every screen and saves its screenshot', async () => {
    let a: AppUnderTest | null = null
    try {
      a = await openArea('Images', sim, { launch: { colorScheme: scheme } })
      const { page } = a
      const shots: string[] = []
      const shot = async (name: string) => {
        expect(
          await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor),
        ).toBe(BACKGROUND[scheme])
        // The viewport grows to the whole page first, so the sticky cost bar sits at the end of
        // the form as a user scrolled to the bottom sees it, instead of over the middle.
        const height = await page.evaluate(() => document.documentElement.scrollHeight)
        await page.setViewportSize({ width: 1280, height: Math.max(820, height) })
        shots.push(await a!.screenshot(`${name}-${scheme}`))
        await page.setViewportSize({ width: 1280, height: 820 })
      }

      // Before anything is generated: the empty states.
      await shot('images-empty')
      await goTo(page, 'Tasks')
      await page.getByTestId('tasks-empty').waitFor()
      await shot('tasks-empty')
      await goTo(page, 'Library')
      await page.getByText('Your library is empty.').waitFor()
      await shot('library-empty')
      await goTo(page, 'Spending')
      await page.getByTestId('spend-empty').waitFor()
      await shot('spending-empty')
      await goTo(page, 'Images')

      await page.getByLabel('Prompt').fill('a lighthouse at dawn, oil painting')
      await page.getByRole('button', { name: 'Generate' }).click()
      const card = page.getByTestId('result').first()
      await expect.poll(() => card.getAttribute('data-state'), { timeout: 30_000 }).toBe('saved')
      await card.locator('img').evaluate((img: HTMLImageElement) => img.decode())
      await shot('images')

      await page.getByLabel('Edit with reference images').check()
      await page.getByLabel('Model').selectOption('still-5.0-pro')
      await dropPng(a, 'images.references', await png('shot-a.png', 400, 300, [220, 120, 40]))
      await dropPng(a, 'images.references', await png('shot-b.png', 300, 400, [40, 120, 220]))
      await expect.poll(() => page.getByTestId('reference-thumb').count()).toBe(2)
      await page.getByLabel('Edit instruction').fill('blend both into one scene')
      await shot('images-edit')

      await goTo(page, 'Video')
      await page.getByLabel('Model').selectOption('clip-h3')
      await page.getByLabel('Prompt').fill('waves on a pier at night')
      await page.getByLabel(/All-reference mode/).check()
      await page.getByLabel('Reference video URLs').fill('https://videos.example/reference.mp4')
      await page.getByLabel('Reference video seconds (total)').fill('12')
      await shot('video')

      await goTo(page, 'Art model')
      await page.getByLabel('Infill (repaint a masked area)').check()
      await dropPng(a, 'art.source', await png('shot-src.png', 832, 1216, [40, 160, 90]))
      await page.getByTestId('mask-canvas-art').waitFor()
      await paintStroke(page, 'mask-canvas-art')
      await page.getByLabel('Prompt', { exact: true }).fill('two knights in a garden')
      await page.getByRole('button', { name: 'Add character' }).click()
      await page.getByRole('button', { name: 'Add character' }).click()
      await page.getByLabel('Character 1 prompt').fill('knight in red armour')
      await page.getByLabel('Character 2 prompt').fill('knight in blue armour')
      await shot('art')

      await goTo(page, 'Workbench')
      await page.getByLabel('Prompt', { exact: true }).fill('a tower over the sea')
      await page.getByRole('button', { name: 'Get quote' }).click()
      await page.getByTestId('quote').waitFor()
      await shot('workbench')

      await goTo(page, 'Tasks')
      await page.getByRole('list', { name: 'Tasks' }).waitFor()
      await shot('tasks')
      await goTo(page, 'Library')
      await page
        .getByRole('option', { name: /^Image: / })
        .first()
        .waitFor()
      await expect
        .poll(() =>
          page.$$eval(
            '.lib-tile img',
            (imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length,
          ),
        )
        .toBeGreaterThan(0)
      await shot('library')
      await goTo(page, 'Spending')
      await page.getByRole('heading', { name: 'Per day' }).waitFor()
      await shot('spending')

      for (const path of shots) {
        expect(existsSync(path)).toBe(true)
        expect(statSync(path).size).toBeGreaterThan(10_000)
      }
      expect(a.pageErrors).toEqual([])
    } finally {
      await a?.close()
    }
  })
})

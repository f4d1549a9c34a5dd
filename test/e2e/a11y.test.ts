import { type Simulator, startSimulator } from '@simulator'
import { describeViolations, seriousViolations } from '@test/e2e/harness/axe'
import type { AppUnderTest } from '@test/e2e/harness/launch'
import { dropPng, goTo, openArea, paintStroke, png } from '@test/e2e/harness/screens'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// axe-core in Chromium over every generation screen, in the states a user sees (files dropped,
// mask painted, characters added, a quote shown, results listed): no serious or critical
// violations, in light and dark.

let sim: Simulator

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01 })
})
afterAll(async () => {
  await sim.close()
})

describe.each(['light', 'dark'] as const)(
  'accessibility of the generation screens (%s)',
  (scheme) => {
    it('has no serious or critical axe violations on any screen, in use', async () => {
      let a: AppUnderTest | null = null
      try {
        a = await openArea('Images', sim, { launch: { colorScheme: scheme } })
        const { page } = a
        const found: Record<string, string[]> = {}
        const check = async (name: string) => {
          found[name] = describeViolations(await seriousViolations(page))
        }

        await check('images')
        await page.getByLabel('Prompt').fill('a cat')
        await page.getByRole('button', { name: 'Generate' }).click()
        await page.getByTestId('result').first().waitFor()
        await page.getByLabel('Edit with reference images').check()
        await dropPng(a, 'images.references', await png('a11y-ref.png', 300, 200, [90, 90, 200]))
        await page.getByTestId('reference-thumb').first().waitFor()
        await page.getByLabel('Images (n)').fill('3')
        await check('images-edit-with-error')

        await goTo(page, 'Video')
        await page.getByLabel('Model').selectOption('clip-h3')
        await page.getByLabel(/All-reference mode/).check()
        await check('video')

        await goTo(page, 'Art model')
        await page.getByLabel('Infill (repaint a masked area)').check()
        await dropPng(a, 'art.source', await png('a11y-src.png', 512, 768, [40, 160, 90]))
        await page.getByTestId('mask-canvas-art').waitFor()
        await paintStroke(page, 'mask-canvas-art')
        await page.getByRole('button', { name: 'Add character' }).click()
        await page.getByRole('button', { name: 'Add character' }).click()
        await page.getByLabel('Place characters automatically').uncheck()
        await page.getByLabel('Size', { exact: true }).selectOption('custom')
        await check('art')

        await goTo(page, 'Workbench')
        await page.getByLabel('Prompt', { exact: true }).fill('a tower')
        await page.getByRole('button', { name: 'Get quote' }).click()
        await page.getByTestId('quote').waitFor()
        await check('workbench')

        // The check is live: an unlabelled field planted in the page is reported.
        await page.evaluate(
          `document.querySelector('form').append(Object.assign(document.createElement('input'), { id: 'planted' }))`,
        )
        expect((await seriousViolations(page)).map((v) => v.id)).toContain('label')

        expect(found).toEqual({
          images: [],
          'images-edit-with-error': [],
          video: [],
          art: [],
          workbench: [],
        })
      } finally {
        await a?.close()
      }
    })
  },
)

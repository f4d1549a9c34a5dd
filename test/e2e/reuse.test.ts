import { existsSync, statSync } from 'node:fs'

import { type Simulator, startSimulator } from '@simulator'
import type { AppUnderTest } from '@test/e2e/harness/launch'
import { dropPng, goTo, openArea, paintStroke, png } from '@test/e2e/harness/screens'
import { checkAndShoot, CLEAN } from '@test/e2e/harness/shots'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Issue #16's reuse tools through the built app in Chromium: a named preset on the Images screen
// saved, applied over changed fields (every field back exactly) and still there after a reload;
// the Art model screen's mask editor undoing and redoing a stroke with Ctrl+Z / Ctrl+Shift+Z, read
// from the mask canvas's own pixels. One app for the file; axe and screenshots in light and dark
// under test-results/screens/.

let sim: Simulator
let app: AppUnderTest
const shots: string[] = []

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01 })
  app = await openArea('Images', sim)
})
afterAll(async () => {
  await app?.close()
  await sim?.close()
})

/** The Images form's parameter fields, by label, as their controls hold them now. */
const FIELDS = ['Model', 'Quality', 'Size', 'Result delivery'] as const
async function fieldValues(page: Page): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const label of FIELDS)
    out[label] = await page.getByLabel(label, { exact: true }).inputValue()
  return out
}
/** The visible text of each field's chosen option (what the user reads). */
async function fieldTexts(page: Page): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const label of FIELDS)
    out[label] = await page
      .getByLabel(label, { exact: true })
      .evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '')
  return out
}

/** The mask canvas's pixels: how many are white (marked to repaint) and a checksum of them. */
const maskPixels = (page: Page) =>
  page.getByTestId('mask-canvas-art').evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data
    let white = 0
    let sum = 0
    for (let i = 0; i < data.length; i += 4) {
      if (data[i]! > 127) white += 1
      sum = (sum * 31 + data[i]!) >>> 0
    }
    return { white, sum, width: c.width, height: c.height }
  })

describe('presets and mask undo (issue #16)', () => {
  it('saves "Wide HQ" on Images, applies it over changed fields, and keeps it after a reload', async () => {
    const { page } = app
    const presets = page.getByTestId('presets')
    const summary = presets.locator('summary')
    expect(await summary.textContent()).toBe('Presets')

    // ── the settings to keep: Standard Image 2, high quality (4K), a 16:9 size, b64_json ──
    await page.getByLabel('Model', { exact: true }).selectOption('std-image-2')
    await page.getByLabel('Quality', { exact: true }).selectOption('high')
    const size = page.getByLabel('Size', { exact: true })
    const wide = await size.evaluate(
      (s: HTMLSelectElement) =>
        [...s.options].find((o) => o.textContent!.includes('(16:9)'))?.value,
    )
    expect(wide).toMatch(/^\d+x\d+$/)
    await size.selectOption(wide!)
    await page.getByLabel('Result delivery', { exact: true }).selectOption('b64_json')
    await page.getByLabel('Prompt', { exact: true }).fill('a lighthouse at dawn')
    const saved = await fieldValues(page)
    expect(saved).toEqual({
      Model: 'std-image-2',
      Quality: 'high',
      Size: wide,
      'Result delivery': 'b64_json',
    })
    const savedTexts = await fieldTexts(page)
    const outputSize = await page.getByTestId('output-size').textContent()
    expect(outputSize).toContain('4K')

    // ── save it ──
    await summary.click()
    expect(await presets.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true)
    await presets.getByText('No presets for this form yet.').waitFor()
    await presets.getByLabel('Save current settings as').fill('Wide HQ')
    await presets.getByRole('button', { name: 'Save preset' }).click()
    const status = page.locator('.presets-status')
    await expect.poll(() => status.textContent()).toBe('Saved the current settings as “Wide HQ”.')
    await expect
      .poll(() =>
        presets
          .getByRole('list', { name: 'Saved presets' })
          .getByRole('listitem')
          .allTextContents(),
      )
      .toEqual(['Wide HQApplyDelete'])
    expect(await summary.textContent()).toBe('Presets (1)')
    expect(await checkAndShoot(page, 'reuse-presets', shots, { axeScope: '.presets' })).toEqual(
      CLEAN,
    )

    // ── change every one of those fields (and the prompt) ──
    await summary.click()
    await page.getByLabel('Model', { exact: true }).selectOption('std-image-2.5-sunburst')
    await page.getByLabel('Quality', { exact: true }).selectOption('low')
    await page.getByLabel('Size', { exact: true }).selectOption({ index: 0 })
    await page.getByLabel('Result delivery', { exact: true }).selectOption('url')
    await page.getByLabel('Prompt', { exact: true }).fill('a harbour at night')
    const changed = await fieldValues(page)
    for (const label of FIELDS) expect(changed[label], label).not.toBe(saved[label])

    // ── apply: every field back exactly; the prompt is not part of a preset ──
    await summary.click()
    await presets.getByRole('button', { name: 'Apply preset Wide HQ' }).click()
    await expect.poll(() => fieldValues(page)).toEqual(saved)
    expect(await fieldTexts(page)).toEqual(savedTexts)
    expect(await page.getByTestId('output-size').textContent()).toBe(outputSize)
    expect(await page.getByLabel('Prompt', { exact: true }).inputValue()).toBe('a harbour at night')
    expect(await status.textContent()).toBe('Applied “Wide HQ”.')

    // ── reload: the preset is still there and still applies ──
    await page.reload()
    await goTo(page, 'Images')
    await expect.poll(() => summary.textContent()).toBe('Presets (1)')
    await page.getByLabel('Quality', { exact: true }).selectOption('medium')
    await page.getByLabel('Size', { exact: true }).selectOption({ index: 0 })
    await page.getByLabel('Result delivery', { exact: true }).selectOption('url')
    expect(await fieldValues(page)).not.toEqual(saved)
    await summary.click()
    await presets.getByRole('button', { name: 'Apply preset Wide HQ' }).click()
    await expect.poll(() => fieldValues(page)).toEqual(saved)
    expect(await fieldTexts(page)).toEqual(savedTexts)
    await summary.click()
    expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([])
  })

  it('undoes a mask stroke with Ctrl+Z and redoes it with Ctrl+Shift+Z', async () => {
    const { page } = app
    await goTo(page, 'Art model')
    await page.getByLabel('Infill (repaint a masked area)').check()
    await dropPng(app, 'art.source', await png('reuse-src.png', 832, 1216, [40, 160, 90]))
    const canvas = page.getByTestId('mask-canvas-art')
    await canvas.waitFor()
    const empty = await maskPixels(page)
    expect(empty).toMatchObject({ white: 0, width: 832, height: 1216 })
    expect(await canvas.getAttribute('data-undo')).toBe('0')
    const undo = page.getByRole('button', { name: 'Undo', exact: true })
    const redo = page.getByRole('button', { name: 'Redo', exact: true })
    expect([await undo.isDisabled(), await redo.isDisabled()]).toEqual([true, true])

    // ── paint: a stroke with the mouse marks pixels white ──
    await paintStroke(page, 'mask-canvas-art')
    await expect.poll(() => canvas.getAttribute('data-undo')).toBe('1')
    const stroke = await maskPixels(page)
    // A 64 px brush dragged across 30 % of the width: thousands of pixels, well under half.
    expect(stroke.white).toBeGreaterThan(10_000)
    expect(stroke.white).toBeLessThan((832 * 1216) / 2)
    await expect.poll(() => canvas.getAttribute('aria-label')).not.toContain(', 0% marked')
    await page.getByText(/^White is repainted, the rest is kept\. \d+% marked\.$/).waitFor()
    expect(await undo.isDisabled()).toBe(false)

    // ── Ctrl+Z: back to an empty mask ──
    await expect.poll(() => canvas.evaluate((c) => c === document.activeElement)).toBe(true)
    await page.keyboard.press('Control+z')
    await expect.poll(() => maskPixels(page)).toEqual(empty)
    expect(await canvas.getAttribute('data-undo')).toBe('0')
    expect(await canvas.getAttribute('data-redo')).toBe('1')
    await page.getByText('White is repainted, the rest is kept. Nothing marked yet.').waitFor()
    expect([await undo.isDisabled(), await redo.isDisabled()]).toEqual([true, false])

    // ── Ctrl+Shift+Z: the same stroke back, pixel for pixel ──
    await page.keyboard.press('Control+Shift+Z')
    await expect.poll(() => maskPixels(page)).toEqual(stroke)
    expect(await canvas.getAttribute('data-undo')).toBe('1')
    expect(await canvas.getAttribute('data-redo')).toBe('0')
    await page.getByText(/^White is repainted, the rest is kept\. \d+% marked\.$/).waitFor()
    // The app is still on the Art model screen (Ctrl+Shift+Z is not an area shortcut).
    await page.getByRole('heading', { name: 'Art model', level: 1 }).waitFor()

    expect(await checkAndShoot(page, 'reuse-mask', shots, { axeScope: '.field.mask' })).toEqual(
      CLEAN,
    )

    for (const path of shots) {
      expect(existsSync(path)).toBe(true)
      expect(statSync(path).size).toBeGreaterThan(10_000)
    }
    expect(shots).toHaveLength(4)
    expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([])
  })
})

/**
 * Axe and screenshots in both colour schemes, for the e2e suites of issue #16
 * (library16.test.ts, reuse.test.ts): the OS scheme is switched with emulateMedia (what
 * prefers-color-scheme answers), the page is checked to follow it, axe runs over the page or one
 * part of it, and a PNG is written where screens.test.ts writes its own.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'

import { describeViolations, seriousViolations } from '@test/e2e/harness/axe'
import { SCREENS_DIR } from '@test/e2e/harness/launch'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

export const VIEWPORT = { width: 1280, height: 820 }

/** Relative luminance (0 black … 1 white) of a CSS `rgb()`/`rgba()` colour. */
function luminance(css: string): number {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(css)
  if (!m) throw new Error(`not an rgb colour: ${css}`)
  const [r, g, b] = [m[1], m[2], m[3]].map((v) => {
    const c = Number(v) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export interface ShotOptions {
  /** Axe only inside this element (a dialog, a form part); default the whole page. */
  axeScope?: string
  /**
   * 'page': the whole page (the viewport grown to it, as screens.test.ts does); 'window': the
   * window as the user sees it (full-window overlays and open menus).
   */
  frame?: 'page' | 'window'
}

/**
 * In light and then dark: the page follows the scheme (its background is light, then dark), axe
 * finds no serious or critical violation, and `<name>-<scheme>.png` is written. Answers the
 * violations per scheme (an assertion of `{ light: [], dark: [] }` shows them all at once) and
 * pushes the paths onto `shots`.
 */
export async function checkAndShoot(
  page: Page,
  name: string,
  shots: string[],
  options: ShotOptions = {},
): Promise<Record<'light' | 'dark', string[]>> {
  mkdirSync(SCREENS_DIR, { recursive: true })
  const found = { light: [] as string[], dark: [] as string[] }
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    // Colours change with a short transition (buttons): axe and the shot see where they end.
    await page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => r(null)))
      await Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished.catch(() => null)),
      )
    })
    const background = await page.evaluate(
      () => getComputedStyle(document.documentElement).backgroundColor,
    )
    if (scheme === 'light') expect(luminance(background), background).toBeGreaterThan(0.8)
    else expect(luminance(background), background).toBeLessThan(0.05)
    found[scheme] = describeViolations(await seriousViolations(page, options.axeScope))
    if (options.frame !== 'window') {
      const height = await page.evaluate(() => document.documentElement.scrollHeight)
      await page.setViewportSize({
        width: VIEWPORT.width,
        height: Math.max(VIEWPORT.height, height),
      })
    }
    const path = join(SCREENS_DIR, `${name}-${scheme}.png`)
    await page.screenshot({ path, fullPage: options.frame !== 'window' })
    shots.push(path)
    await page.setViewportSize(VIEWPORT)
  }
  await page.emulateMedia({ colorScheme: 'light' })
  return found
}

export const CLEAN = { light: [], dark: [] }

import { mkdirSync } from 'node:fs'
import { join } from 'node:path'

import * as catalog from '@shared/catalog'
import { type Simulator, startSimulator } from '@simulator'
import { type AppUnderTest, connect, launchApp, SCREENS_DIR } from '@test/e2e/harness/launch'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Every screen in every language (issue #34): each area of the built app, connected to the
 * simulator, in the pseudo-locale (accented, 40 % longer, inside ⟦ ⟧) and in Japanese, Simplified
 * Chinese and Korean. In pseudo, any visible text still in plain Latin letters was not translated
 * (names of models and products aside); in every language, nothing is clipped or pushes the window
 * wider. Each screen is written to test-results/screens/lang-<locale>-<area>.png to be looked at.
 */
const AREA_COUNT = 9

/** What stays as it is in every language: model ids and labels, and product and format names. */
const KEPT = (() => {
  const names = new Set<string>([
    'Gen Studio',
    'Syncthing',
    'Dropbox',
    'USD',
    'PNG',
    'JPEG',
    'WebP',
    'GIF',
    'MP4',
    'PDF',
    'ZIP',
    'CSV',
    'XMP',
    'Lanczos',
    'ESRGAN',
    'A1111',
    'ComfyUI',
    'InvokeAI',
    'NovelAI',
  ])
  const walk = (v: unknown, depth: number): void => {
    if (depth > 4 || v === null || typeof v !== 'object') return
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === 'string' && (k === 'id' || k === 'label' || k === 'model')) names.add(x)
      else walk(x, depth + 1)
    }
  }
  walk(catalog, 0)
  return [...names].sort((a, b) => b.length - a.length)
})()

/** Visible text nodes with Latin words outside the pseudo-locale's ⟦ ⟧, once kept names are removed. */
async function plainText(page: Page, kept: string[]): Promise<string[]> {
  return page.evaluate((kept) => {
    const out: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    while (walker.nextNode()) {
      const node = walker.currentNode
      const el = node.parentElement
      let text = (node.textContent ?? '').trim()
      if (!el || !text || el.getClientRects().length === 0) continue
      if (el.closest('code, pre, kbd, textarea, script, style, [translate="no"]')) continue
      // Text of a message sits between ⟦ and ⟧, possibly spread over several nodes (markup).
      const inside = (el.closest('[data-pseudo-scope]') ?? el).textContent ?? ''
      if (text.includes('⟦') || text.includes('⟧') || /⟦[^⟧]*$/.test(inside.split(text)[0] ?? ''))
        continue
      for (const name of kept) text = text.split(name).join(' ')
      // Data rather than words: addresses, paths, versions and platform ids (linux-x64), sizes.
      const words = text
        .replace(/https?:\/\/\S+/g, ' ')
        .replace(/(^|\s)\/\S*/g, ' ')
        .replace(/\b[a-z]+(?:-[a-z0-9.]+)+\b/g, ' ')
        .replace(/\b\d+[a-z]*\b/gi, ' ')
      if (/[A-Za-z]{3,}/.test(words)) out.push(text)
    }
    return out
  }, kept)
}

/** Elements whose text is cut without an ellipsis, and whether the page is wider than its window. */
async function overflow(page: Page): Promise<{ clipped: string[]; pageWider: boolean }> {
  return page.evaluate(() => {
    const clipped: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>(
      'button, label, h1, h2, h3, th, a, .badge',
    )) {
      if (el.getClientRects().length === 0) continue
      const style = getComputedStyle(el)
      const hides = style.overflowX === 'hidden' || style.overflowX === 'clip'
      if (hides && style.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
        clipped.push(`${el.tagName.toLowerCase()}: ${el.textContent?.trim().slice(0, 60)}`)
    }
    return {
      clipped,
      pageWider: document.documentElement.scrollWidth > window.innerWidth + 1,
    }
  })
}

let sim: Simulator

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.05 })
  mkdirSync(SCREENS_DIR, { recursive: true })
})

afterAll(async () => {
  await sim?.close()
})

/** Opens each area by its place in the navigation (the same in every language) and hands it to `check`. */
async function eachArea(app: AppUnderTest, check: (area: number) => Promise<void>): Promise<void> {
  const { page } = app
  for (let area = 1; area <= AREA_COUNT; area++) {
    const item = page.locator('nav .nav-item').nth(area - 1)
    await item.click()
    await expect.poll(() => item.getAttribute('aria-current')).toBe('page')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    // Lazy screens and their first data: let them settle before reading the text.
    await page.waitForLoadState('networkidle').catch(() => {})
    await page.waitForTimeout(300)
    await check(area)
  }
}

describe('every screen in every language (issue #34)', () => {
  it('in the pseudo-locale, no visible text is left untranslated', async () => {
    const app = await launchApp({ preferredSystemLanguages: ['en-XA'] })
    try {
      await connect(app, sim.baseUrl, sim.accounts.full.key)
      await app.page.setViewportSize({ width: 1280, height: 800 })
      const plain: Record<number, string[]> = {}
      await eachArea(app, async (area) => {
        await app.page.screenshot({
          path: join(SCREENS_DIR, `lang-en-XA-${area}.png`),
          fullPage: true,
        })
        const found = await plainText(app.page, KEPT)
        if (found.length) plain[area] = found
      })
      expect(plain).toEqual({})
      expect(app.pageErrors).toEqual([])
    } finally {
      await app.close()
    }
  }, 180_000)

  it.each([['ja-JP'], ['zh-CN'], ['ko-KR'], ['en-XA']])(
    'in %s, nothing is clipped and no screen is wider than the window',
    async (language) => {
      const app = await launchApp({ preferredSystemLanguages: [language] })
      try {
        await connect(app, sim.baseUrl, sim.accounts.full.key)
        await app.page.setViewportSize({ width: 1280, height: 800 })
        const problems: Record<number, { clipped: string[]; pageWider: boolean }> = {}
        await eachArea(app, async (area) => {
          await app.page.screenshot({ path: join(SCREENS_DIR, `lang-${language}-${area}.png`) })
          const found = await overflow(app.page)
          if (found.clipped.length || found.pageWider) problems[area] = found
        })
        expect(problems).toEqual({})
        expect(app.pageErrors).toEqual([])
      } finally {
        await app.close()
      }
    },
    180_000,
  )
})

import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

import type { LibraryItem } from '@shared/library/types'
import { type Simulator, startSimulator } from '@simulator'
import {
  type AppUnderTest,
  connect,
  launchApp,
  libraryItem,
  libraryTiles,
  valueOf,
} from '@test/e2e/harness/launch'
import { checkAndShoot, CLEAN } from '@test/e2e/harness/shots'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Issue #16 through the built app in Chromium: rate and tag from the keyboard (the sidecars on
// disk say so), a collection and the rating filter, the viewer with its zoom, and compare with the
// differing settings highlighted. One app for the file (each test builds on the one before); three
// images made by the simulator with different parameters. Axe and screenshots, light and dark,
// under test-results/screens/. (Find a duplicate: similar.test.ts.)

let sim: Simulator
let app: AppUnderTest
const shots: string[] = []

/** The three items, oldest first: A and B differ only in quality; C is another picture. */
const made: Record<'A' | 'B' | 'C', LibraryItem> = {} as never
const REQUESTS = {
  A: { model: 'std-image-2', prompt: 'a lighthouse at dawn', size: '512x512', quality: 'low' },
  B: { model: 'std-image-2', prompt: 'a lighthouse at dawn', size: '512x512', quality: 'high' },
  C: { model: 'std-image-2', prompt: 'a harbour at night', size: '768x512', quality: 'low' },
} as const

const count = () => app.page.getByTestId('library-count').textContent()
const grid = () => app.page.getByTestId('library-grid')
const tile = (key: keyof typeof made) => grid().locator(`[data-id="${made[key].id}"]`)
/** The ids of the tiles the grid shows, in grid order. */
const shownIds = () =>
  grid()
    .getByRole('option')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))
/** An item's sidecar JSON, read from the library folder on disk. */
const sidecar = (key: keyof typeof made) =>
  JSON.parse(readFileSync(join(app.libraryDir, `${made[key].relPath}.json`), 'utf8')) as {
    rating?: number
    tags?: string[]
    collections?: string[]
  }

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01 })
  app = await launchApp()
  await connect(app, sim.baseUrl, sim.accounts.full.key)
  await app.page.getByRole('button', { name: 'Library', exact: true }).click()
  await app.page.getByRole('heading', { name: 'Library', level: 1 }).waitFor()
})
afterAll(async () => {
  await app?.close()
  await sim?.close()
})

describe('library organising, viewer and compare (issue #16)', () => {
  it('saves three images made with different parameters', async () => {
    // One at a time, so the grid's newest-first order is C, B, A.
    let n = 0
    for (const key of ['A', 'B', 'C'] as const) {
      valueOf(
        await app.api('tasks:submit', {
          kind: 'image',
          requestId: `e2e-library16-${key}`,
          request: REQUESTS[key],
        }),
      )
      n += 1
      await expect.poll(count, { timeout: 30_000 }).toBe(`${n} ${n === 1 ? 'item' : 'items'}`)
    }
    const tiles = await libraryTiles(app)
    expect(tiles.map((t) => t.promptPreview)).toEqual([
      'a harbour at night',
      'a lighthouse at dawn',
      'a lighthouse at dawn',
    ])
    made.C = await libraryItem(app, tiles[0]!.id)
    made.B = await libraryItem(app, tiles[1]!.id)
    made.A = await libraryItem(app, tiles[2]!.id)
    expect([made.A.params.quality, made.B.params.quality]).toEqual(['low', 'high'])
    await expect
      .poll(() =>
        app.page.$$eval(
          '.lib-tile img',
          (imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length,
        ),
      )
      .toBe(3)
  })

  it('rates a tile with the 4 key and tags items in the detail view with autocomplete', async () => {
    const { page } = app
    // ── rate: click the tile (the grid takes focus and A becomes active), press 4 ──
    await tile('A').click()
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('library-grid')
    await grid().press('4')
    await expect.poll(() => tile('A').locator('.lib-badge-rating').textContent()).toBe('★4')
    expect(await tile('A').getAttribute('aria-label')).toContain('rated 4 of 5')
    await expect.poll(() => sidecar('A').rating).toBe(4)
    // Only A: the others have no stars on their tiles or on disk.
    expect(await grid().locator('.lib-badge-rating').count()).toBe(1)
    expect(sidecar('B').rating).toBeUndefined()
    await page.getByTestId('organise-toast').filter({ hasText: 'Rated' }).waitFor()

    // ── tag C by typing a new tag (Enter in the detail's tag box) ──
    await tile('C').click()
    await grid().press('Enter')
    const detail = page.getByRole('dialog')
    await expect
      .poll(() => detail.getByRole('heading', { level: 2 }).textContent())
      .toBe(made.C.fileName)
    const tagBox = detail.getByRole('combobox', { name: 'Add tag' })
    await tagBox.fill('seascape')
    await tagBox.press('Enter')
    const chips = detail.getByRole('list', { name: 'Tags' }).getByRole('listitem')
    await expect.poll(() => chips.allTextContents()).toEqual(['seascape×'])
    await expect.poll(() => sidecar('C').tags).toEqual(['seascape'])
    await page.keyboard.press('Escape')
    await detail.waitFor({ state: 'detached' })

    // ── tag A from the suggestions: "sea" offers C's tag with its count ──
    await tile('A').click()
    await grid().press('Enter')
    await expect
      .poll(() => detail.getByRole('heading', { level: 2 }).textContent())
      .toBe(made.A.fileName)
    // The detail shows A's stars too.
    expect(
      await detail
        .getByRole('radiogroup', { name: `Rating of ${made.A.fileName}` })
        .getByRole('radio', { checked: true })
        .getAttribute('aria-label'),
    ).toBe('4 stars')
    const box = detail.getByRole('combobox', { name: 'Add tag' })
    await box.pressSequentially('sea')
    const suggestions = detail.getByRole('listbox', { name: 'Add tag: suggestions' })
    await expect
      .poll(() => suggestions.getByRole('option').allTextContents())
      .toEqual(['seascape (1)'])
    expect(await box.getAttribute('aria-expanded')).toBe('true')
    await box.press('ArrowDown')
    expect(await box.getAttribute('aria-activedescendant')).toBe(
      await suggestions.getByRole('option').first().getAttribute('id'),
    )
    // The detail with the suggestion highlighted (rated ★4 above it), light and dark.
    expect(
      await checkAndShoot(page, 'library16-rate-tag', shots, {
        axeScope: '.lib-detail',
        frame: 'window',
      }),
    ).toEqual(CLEAN)
    expect(await box.getAttribute('aria-expanded')).toBe('true')
    await box.press('Enter')
    await expect.poll(() => chips.allTextContents()).toEqual(['seascape×'])
    expect(await box.inputValue()).toBe('')
    await expect.poll(() => sidecar('A').tags).toEqual(['seascape'])
    expect(sidecar('A').rating).toBe(4)
    expect(sidecar('B').tags).toBeUndefined()
    await page.keyboard.press('Escape')
    await detail.waitFor({ state: 'detached' })
    // Focus is back on the grid.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('library-grid')
    expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([])
  })

  it('shows a collection made from the selection, then only its 4-star items', async () => {
    const { page } = app
    const sidebar = page.getByTestId('collections-sidebar')
    // ── select A and B ──
    await tile('A').click()
    await tile('B').click({ modifiers: ['Control'] })
    await page.getByText('2 selected').waitFor()

    // ── new collection, then "+" adds the selection ──
    await sidebar.getByRole('button', { name: 'New collection…' }).click()
    const name = sidebar.getByRole('textbox', { name: 'Name of the new collection' })
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true)
    await name.fill('Lighthouses')
    await name.press('Enter')
    const show = sidebar.getByRole('button', { name: /^Lighthouses/ })
    await expect.poll(() => show.textContent()).toBe('Lighthouses 0 items')
    await sidebar.getByRole('button', { name: 'Add 2 selected to Lighthouses' }).click()
    await expect.poll(() => show.textContent()).toBe('Lighthouses 2 items')
    await expect.poll(() => sidecar('A').collections?.length).toBe(1)
    const collectionId = sidecar('A').collections![0]!
    expect(sidecar('B').collections).toEqual([collectionId])
    expect(sidecar('C').collections).toBeUndefined()

    // ── show the collection: only A and B ──
    await page.getByRole('button', { name: 'Clear selection' }).click()
    await show.click()
    expect(await show.getAttribute('aria-pressed')).toBe('true')
    await expect.poll(count).toBe('2 items')
    await expect.poll(() => shownIds()).toEqual([made.B.id, made.A.id])
    expect(await page.getByTestId('library-collection-chip').textContent()).toContain(
      'Collection: Lighthouses',
    )

    // ── and rated 4 or more: only A ──
    const rating = page.getByRole('combobox', { name: 'Rating', exact: true })
    await rating.selectOption({ label: '★★★★ or more' })
    await expect.poll(count).toBe('1 item')
    await expect.poll(() => shownIds()).toEqual([made.A.id])
    // The same filters in main's index: the library's own query agrees.
    expect((await libraryTiles(app, { collectionId, minRating: 4 })).map((t) => t.id)).toEqual([
      made.A.id,
    ])

    expect(await checkAndShoot(page, 'library16-collection-rating', shots)).toEqual(CLEAN)

    // ── back to everything ──
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect.poll(count).toBe('3 items')
    expect(
      await sidebar.getByRole('button', { name: 'All items' }).getAttribute('aria-pressed'),
    ).toBe('true')
    expect(await rating.inputValue()).toBe('0')
    expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([])
  })

  it('opens the viewer with Space, zooms to 100% and with the wheel, and steps to the next item', async () => {
    const { page } = app
    await tile('C').click()
    await grid().press('Space')
    const viewer = page.getByTestId('viewer')
    await viewer.waitFor()
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('viewer')
    expect(await viewer.getByTestId('viewer-pos').textContent()).toBe('1 of 3')
    const image = viewer.locator('.zoom-pane img')
    // The original file is drawn, from the gen-media scheme.
    await expect
      .poll(() => image.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
      .toBe(768)
    expect(await image.evaluate((i: HTMLImageElement) => i.naturalHeight)).toBe(512)
    expect(await image.evaluate((i: HTMLImageElement) => i.currentSrc)).toMatch(
      /^http:\/\/[^/]+\.gen-media\.localhost:\d+\//,
    )
    const zoom = viewer.getByTestId('viewer-zoom')
    const fitted = await zoom.textContent()
    expect(fitted).toMatch(/^Fit/)
    const width = () => image.evaluate((i) => Math.round(i.getBoundingClientRect().width))

    // Ctrl+1: 100 %, the image drawn at its own size.
    await page.keyboard.press('Control+1')
    await expect.poll(() => zoom.textContent()).toBe('100%')
    // The viewer took the key: the app stays in the Library (Ctrl+1 is also "go to Images").
    expect(await page.getByRole('heading', { name: 'Library', level: 1 }).count()).toBe(1)
    expect(await viewer.count()).toBe(1)
    await expect.poll(width).toBe(768)
    expect(await viewer.getByRole('button', { name: '100%' }).getAttribute('aria-pressed')).toBe(
      'true',
    )

    // The wheel zooms in around the cursor.
    const pane = viewer.locator('.zoom-pane')
    const box = (await pane.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.wheel(0, -240)
    await expect.poll(() => zoom.textContent()).not.toBe('100%')
    const zoomed = Number((await zoom.textContent())!.replace(/\D+/g, ''))
    expect(zoomed).toBeGreaterThan(100)
    await expect.poll(width).toBeGreaterThan(768)

    expect(
      await checkAndShoot(page, 'library16-viewer', shots, {
        axeScope: '[data-testid="viewer"]',
        frame: 'window',
      }),
    ).toEqual(CLEAN)

    // Ctrl+0 fits again; → shows the next item in grid order (B), fitted.
    await page.keyboard.press('Control+0')
    await expect.poll(() => zoom.textContent()).toBe(fitted)
    await viewer.focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => viewer.getByTestId('viewer-pos').textContent()).toBe('2 of 3')
    await expect
      .poll(() => image.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
      .toBe(512)
    await expect.poll(() => zoom.textContent()).toMatch(/^Fit/)
    expect(await viewer.getByRole('heading', { level: 2 }).textContent()).toBe(
      'a lighthouse at dawn',
    )

    // Esc closes; the grid has the focus and B (last shown) is active.
    await page.keyboard.press('Escape')
    await viewer.waitFor({ state: 'detached' })
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('library-grid')
    expect(await tile('B').getAttribute('class')).toContain('active')
    expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([])
  })

  it('compares two items and highlights the setting that differs', async () => {
    const { page } = app
    await tile('A').click()
    await tile('B').click({ modifiers: ['Control'] })
    await page.getByTestId('library-compare').click()
    const compare = page.getByTestId('compare')
    await compare.waitFor()
    const table = compare.getByTestId('compare-table')
    await table.waitFor()
    const differs = (key: string) =>
      table.getByTestId(`compare-row-${key}`).getAttribute('data-differs')

    // A and B were asked for with the same prompt, model and size; only the quality differs
    // (and so the estimated cost).
    expect(await differs('param:quality')).toBe('true')
    expect(await differs('cost')).toBe('true')
    for (const same of ['prompt', 'model', 'size', 'param:size', 'param:response_format'])
      if ((await table.getByTestId(`compare-row-${same}`).count()) > 0)
        expect(await differs(same), same).toBe('false')
    const differing = await table
      .locator('tbody tr[data-differs="true"]')
      .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-testid')))
    expect(differing.sort()).toEqual(['compare-row-cost', 'compare-row-param:quality'])
    expect(await table.locator('caption').textContent()).toBe('Settings: 2 differ (highlighted)')
    // The quality row reads low / high, B's cell marked as differing from A.
    const quality = table.getByTestId('compare-row-param:quality')
    expect(await quality.locator('td .cmp-value').allTextContents()).toEqual(['low', 'high'])
    expect(await quality.locator('td').nth(1).getAttribute('class')).toBe('cmp-cell-differs')
    expect(await quality.getAttribute('class')).toBe('cmp-differs')
    expect(await table.getByTestId('compare-row-prompt').getAttribute('class')).toBeNull()
    // The highlight is visible: the differing row has a background, the others none.
    const bg = (key: string) =>
      table.getByTestId(`compare-row-${key}`).evaluate((el) => getComputedStyle(el).backgroundColor)
    expect(await bg('prompt')).toBe('rgba(0, 0, 0, 0)')
    expect(await bg('param:quality')).not.toBe('rgba(0, 0, 0, 0)')

    // Both images drawn, A (low) on the left.
    const panes = compare.locator('.cmp-pane img')
    await expect
      .poll(() =>
        panes.evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((i) => i.naturalWidth)),
      )
      .toEqual([512, 512])
    expect(await compare.locator('.cmp-pane figcaption').allTextContents()).toEqual([
      `A ${made.A.fileName}`,
      `B ${made.B.fileName}`,
    ])

    expect(
      await checkAndShoot(page, 'library16-compare', shots, {
        axeScope: '[data-testid="compare"]',
        frame: 'window',
      }),
    ).toEqual(CLEAN)

    // One zoom for both panes: Ctrl+1 shows both at 100 %, in compare too.
    await compare.focus()
    await page.keyboard.press('Control+1')
    await expect.poll(() => compare.getByTestId('compare-zoom').textContent()).toBe('100%')
    expect(
      await panes.evaluateAll((imgs) =>
        imgs.map((i) => Math.round(i.getBoundingClientRect().width)),
      ),
    ).toEqual([512, 512])
    expect(await page.getByRole('heading', { name: 'Library', level: 1 }).count()).toBe(1)

    await page.keyboard.press('Escape')
    await compare.waitFor({ state: 'detached' })

    for (const path of shots) {
      expect(existsSync(path)).toBe(true)
      expect(statSync(path).size).toBeGreaterThan(10_000)
    }
    expect(shots).toHaveLength(8)
    expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([])
  })
})

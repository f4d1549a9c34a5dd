import { mkdtempSync, promises as fs } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { writePngText } from '@shared/library/pngChunks'
import type { LibraryPage } from '@shared/library/types'
import type { Result } from '@shared/result'
import { type Simulator, startSimulator } from '@simulator'
import { type AppUnderTest, connect, launchApp, valueOf } from '@test/e2e/harness/launch'
import { writeResults } from '@test/support/libraryFolder'
import { makeMp4, makePng } from '@test/support/mediaFixtures'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0 })
})
afterAll(async () => {
  await sim.close()
})

/** Connects to the simulator through the app's own IPC and opens the Library area. */
export async function openLibrary(app: AppUnderTest): Promise<void> {
  await connect(app, sim.baseUrl, sim.accounts.full.key)
  await app.page.getByRole('button', { name: 'Library' }).click()
  await app.page.getByRole('heading', { name: 'Library' }).waitFor()
}

const count = (app: AppUnderTest) => app.page.getByTestId('library-count').textContent()

describe('library in Chromium', () => {
  it('imports by drop, browses, filters, searches, shows details, deletes with undo and reuses settings', async () => {
    const app = await launchApp()
    try {
      await openLibrary(app)
      const { page } = app
      await page.getByText('Your library is empty.').waitFor()

      // ── import by dropping files from the OS ──
      const src = join(app.home, 'Desktop')
      await fs.mkdir(src)
      const castle = writePngText(await makePng(96, 64, '#1971c2'), {
        parameters:
          'a castle on a hill\nNegative prompt: fog\nSteps: 30, Sampler: Euler a, CFG scale: 7, Seed: 42, Size: 96x64',
      })
      const fox = writePngText(await makePng(64, 64, '#f08c00'), {
        Title: 'NovelAI generated image',
        Description: 'a fox in the snow',
        Software: 'NovelAI',
        Source: 'NovelAI Diffusion V4.5 4BDE2A90',
        Comment: JSON.stringify({ prompt: 'a fox in the snow', uc: 'lowres', seed: 9, steps: 28 }),
      })
      const files = { 'castle.png': castle, 'fox.png': fox, 'waves.mp4': makeMp4(5) }
      const paths: Record<string, string> = {}
      for (const [name, bytes] of Object.entries(files)) {
        paths[name] = join(src, name)
        await fs.writeFile(paths[name], bytes)
      }
      await app.dropFiles(
        '[data-testid="library-screen"]',
        Object.entries(files).map(([name, bytes]) => ({ name, bytes, path: paths[name] })),
      )
      await expect
        .poll(() => page.getByTestId('library-notice').textContent())
        .toContain('Imported 3')
      await expect.poll(() => count(app)).toBe('3 items')
      // Dropping the same file again finds the duplicate.
      await app.dropFiles('[data-testid="library-screen"]', [
        { name: 'fox.png', bytes: fox, path: paths['fox.png'] },
      ])
      await expect
        .poll(() => page.getByTestId('library-notice').textContent())
        .toContain('1 already in the library')
      // The page itself cannot name a file to import: only dropped or picked files reach main
      // (the built preload reports them on a channel outside window.api; issue #13).
      const secret = join(src, 'never-dropped.png')
      await fs.writeFile(secret, castle)
      const forged = (await page.evaluate(
        (path) =>
          (
            window as unknown as {
              api: { library: { import(p: { paths: string[] }): Promise<unknown> } }
            }
          ).api.library.import({ paths: [path] }),
        secret,
      )) as { ok: boolean; error?: { code: string; message: string } }
      expect(forged).toMatchObject({ ok: false, error: { code: 'validation' } })
      expect(forged.error!.message).toContain('only open files you drop or choose')
      await expect.poll(() => count(app)).toBe('3 items')

      // ── results saved by the app appear live ──
      // ── results the app generates and saves appear live ──
      for (let i = 0; i < 12; i++) {
        valueOf(
          await app.api('tasks:submit', {
            kind: 'image',
            requestId: `e2e-library-${i}`,
            request: { model: 'std-image-2', prompt: `lighthouse study ${i}`, size: '512x512' },
          }),
        )
      }
      // Twelve generations through the simulator: real work, so more than the 5 s default.
      await expect.poll(() => count(app), { timeout: 30_000 }).toBe('15 items')
      const grid = page.getByTestId('library-grid')
      await expect.poll(() => grid.getByRole('option').count()).toBe(15)
      // Thumbnails really load through the media handler.
      await expect
        .poll(() =>
          page.$$eval(
            '.lib-tile img',
            (imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length,
          ),
        )
        .toBeGreaterThanOrEqual(14)

      // ── filter and search ──
      await page.getByLabel('Type').selectOption('video')
      await expect.poll(() => count(app)).toBe('1 item')
      await page.getByRole('button', { name: 'Clear filters' }).click()
      await expect.poll(() => count(app)).toBe('15 items')
      await page.getByLabel('Search prompts').fill('castl')
      await expect.poll(() => count(app)).toBe('1 item')

      // ── detail ──
      await grid.getByRole('option').first().dblclick()
      const dialog = page.getByRole('dialog')
      await expect
        .poll(() => dialog.getByTestId('detail-prompt').textContent())
        .toBe('a castle on a hill')
      await expect.poll(() => dialog.getByText('Seed').count()).toBeGreaterThan(0)
      await dialog.getByRole('button', { name: 'Zoom in' }).click()
      await expect.poll(() => dialog.getByText('200%').count()).toBe(1)
      await expect
        .poll(() =>
          dialog
            .locator('.lib-zoom-view img')
            .evaluate((i) => (i as HTMLImageElement).naturalWidth),
        )
        .toBe(96)

      // ── reuse settings: the intent is emitted and the matching form's area opens ──
      await dialog.getByRole('button', { name: 'Reuse settings' }).click()
      await expect
        .poll(() =>
          page
            .getByRole('navigation', { name: 'Areas' })
            .locator('[aria-current="page"]')
            .textContent(),
        )
        .toBe('Images')
      await page.getByRole('button', { name: 'Library' }).click()
      await page.getByRole('heading', { name: 'Library' }).waitFor()

      // ── delete with undo (toast button, then Ctrl+Z) ──
      await page.getByLabel('Search prompts').fill('')
      await expect.poll(() => count(app)).toBe('15 items')
      await grid.getByRole('option').first().click()
      await grid.press('Delete')
      await page.getByText(/Deleted 1 item/).waitFor()
      await expect.poll(() => count(app)).toBe('14 items')
      await page.getByRole('button', { name: 'Undo' }).click()
      await expect.poll(() => count(app)).toBe('15 items')
      await grid.getByRole('option').nth(1).click()
      await grid.press('Delete')
      await expect.poll(() => count(app)).toBe('14 items')
      await grid.press('Control+z')
      await expect.poll(() => count(app)).toBe('15 items')

      // ── keyboard multi-select ──
      await grid.getByRole('option').first().click()
      await grid.press('Shift+ArrowRight')
      await grid.press('Shift+ArrowRight')
      await expect.poll(() => page.getByText('3 selected').count()).toBe(1)

      await app.screenshot('library-light')
      expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('indexes a folder of earlier results on first start, read on the built reader thread', async () => {
    // The folder another install left: 520 results with sidecars and one file without.
    const dir = mkdtempSync(join(tmpdir(), 'gen-studio-double-'))
    const day = join(dir, 'Pictures', 'Gen Studio', '2025', '05', '06')
    const png = await makePng()
    await writeResults(day, 520, png, {
      name: 'earlier',
      extra: (i) => ({ prompt: i === 7 ? 'a lighthouse at dusk' : `a quiet harbour ${i}` }),
    })
    await fs.writeFile(join(day, 'copied-in.png'), png)
    // The reader thread's failure would show as this warning (main then reads on its own thread).
    const warn = vi.spyOn(console, 'warn')
    const app = await launchApp({ dir })
    try {
      await openLibrary(app)
      await expect.poll(() => count(app), { timeout: 20_000 }).toBe('521 items')
      const found = valueOf(
        await app.api<Result<LibraryPage>>('library:query', {
          filter: { text: 'lighthouse' },
          limit: 10,
        }),
      )
      expect(found.items.map((t) => t.id)).toEqual(['earlier-7'])
      expect(warn.mock.calls.flat().join('\n')).not.toContain('reader thread')
      expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([])
    } finally {
      warn.mockRestore()
      await app.close()
    }
  })

  it('shows a missing library folder as a clear message and keeps the indexed items browsable', async () => {
    const app = await launchApp({ colorScheme: 'dark' })
    try {
      await openLibrary(app)
      const file = join(app.home, 'river.png')
      await fs.writeFile(file, await makePng())
      await app.dropFiles('[data-testid="library-screen"]', [
        { name: 'river.png', bytes: await fs.readFile(file), path: file },
      ])
      await expect.poll(() => count(app)).toBe('1 item')
      await app.quit()
      await fs.rename(app.libraryDir, `${app.libraryDir}-unplugged`)
      const next = await app.restart({ colorScheme: 'dark' })
      try {
        await openLibrary(next)
        await next.page.getByRole('alert').filter({ hasText: 'is missing' }).waitFor()
        await expect.poll(() => count(next)).toBe('1 item')
        await next.screenshot('library-missing-dark')
      } finally {
        await next.close()
      }
    } catch (e) {
      await app.close().catch(() => {})
      throw e
    }
  })
})

/**
 * library-grid: the real Library screen over a 100k-item index, in the BUILT app under the
 * Electron double (test/support/electron): the built main process, its preload and its own
 * gen-media protocol handler serve every tile and thumbnail, in Debian Chromium. Measures mount (goal ≤ 50 ms),
 * tiles in the DOM (≤ 200), a scripted 5 s scroll (0 long tasks > 50 ms, p95 frame interval ≤ 20
 * ms) and that the last item is reachable (End key). Control: a blank page's frame intervals.
 * A second control, a static picture wall (the same tile CSS, <img> markup and thumbnails through
 * the same handler, placed once as plain DOM), measures what the browser itself spends to scroll
 * pictures into view (goal at 1M items, issue #33: the grid's frame p95 ≤ the wall's + 0.5 ms); on this 2-core VM it is 2.4–3.3 ms over the blank page at p95, and the grid
 * stays under it (`frame_p95_over_wall_ms` −1.0 to −0.2).
 *
 * To keep the bench under two minutes the 100k rows are written straight into the index and the
 * library folder is left absent (the app then keeps the index as is and shows "missing"): the
 * grid, its queries and IPC are the real ones. The items the scroll reaches (the newest
 * THUMBNAILED and the oldest 100) have real 320 px WebP thumbnails in the cache, as after a first
 * browse, so tiles load and decode pictures while scrolling; the rest answer 404.
 *
 * Memory with the library open after the scroll and the End key (issue #33: ≤ 400 MiB for main,
 * ≤ 200 MiB of renderer JS heap): the double runs the built main in this Node process, so main's
 * RSS is this process's, beside its same-run control, the RSS of this process just before the
 * app starts (the double and Playwright's client; the index is seeded in a child process); the renderer's JS
 * heap after a collection, through Chromium's DevTools protocol (HeapProfiler.collectGarbage,
 * Runtime.getHeapUsage), beside the same page's heap before the Library screen first opened.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'

import { type IndexRow, LibraryIndex } from '../src/main/services/library/index/LibraryIndex'
import { thumbUrl } from '../src/shared/library/mediaUrls'
import { launchElectronApp } from '../test/support/electron/launch'
import { pct, runBench } from './support/stats'

const N = Number(process.env.LIBRARY_ITEMS ?? 100_000)
const THUMBNAILED = Math.min(N, Number(process.env.THUMBNAILED ?? 3000))
/** The picture wall's tiles: the thumbnailed items from WALL_FROM on (newest first), past the scroll's reach. */
const WALL_FROM = 1000
const WALL_TILES = Math.max(0, Math.min(700, THUMBNAILED - WALL_FROM))

/** The seeded item `i`'s ID and content hash (its thumbnail's name and URL come from them). */
const itemId = (i: number) => `item-${String(i).padStart(6, '0')}`
const itemSha = (i: number) => i.toString(16).padStart(64, '0')

/** The page's frame sampler: rAF intervals for `ms`, running `onFrame` after each (a scroll step). */
type Sampling = typeof globalThis & {
  frameIntervals(ms: number, onFrame?: () => void): Promise<number[]>
}

const mib = (bytes: number) => Number((bytes / 2 ** 20).toFixed(1))

/** The page's used JS heap after a full collection (Chromium DevTools protocol). */
async function rendererHeap(context: BrowserContext, page: Page): Promise<number> {
  const cdp = await context.newCDPSession(page)
  try {
    await cdp.send('HeapProfiler.collectGarbage')
    return (await cdp.send('Runtime.getHeapUsage')).usedSize
  } finally {
    await cdp.detach()
  }
}

/** 16 distinct 320 px WebP thumbnails (smooth noise, like a downscaled picture). */
async function thumbnailBytes(): Promise<Buffer[]> {
  const out: Buffer[] = []
  for (let i = 0; i < 16; i++) {
    out.push(
      await sharp({
        create: {
          width: 320,
          height: 320,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 60 + i * 8, sigma: 50 },
        },
      })
        .blur(2)
        .webp({ quality: 76, effort: 0 })
        .toBuffer(),
    )
  }
  return out
}

/**
 * Writes the N-row index at `path` (run in a child process, so the rows built here are not in
 * the RSS this process reports as main's).
 */
function seedIndex(path: string, libraryDir: string): void {
  const index = new LibraryIndex(path)
  index.setMeta('root', libraryDir)
  const start = new Date(2023, 0, 1).getTime()
  const step = (new Date(2026, 0, 1).getTime() - start) / N
  for (let b = 0; b < N; b += 5000) {
    const rows: IndexRow[] = []
    for (let i = b; i < Math.min(N, b + 5000); i++) {
      rows.push({
        relPath: `x/${i}.png`,
        media: i % 9 ? 'image' : 'video',
        ext: i % 9 ? 'png' : 'mp4',
        fileMtime: 1,
        fileSize: 1,
        sidecarMtime: 1,
        problem: null,
        sidecar: {
          format: 'gen-studio-library',
          version: 1,
          id: itemId(i),
          kind: i % 9 ? 'image' : 'video',
          model: 'std-image-2',
          prompt: `synthetic prompt number ${i}, a lighthouse, dusk`,
          negativePrompt: '',
          params: {},
          seed: i,
          costEstimate: 0.01,
          sourceTaskId: null,
          width: 1024,
          height: 1024,
          durationSec: i % 9 ? null : 5,
          bytes: 1,
          sha256: itemSha(i),
          created: new Date(start + i * step).toISOString(),
          favourite: false,
          demo: false,
        },
      })
    }
    index.upsert(rows)
  }
  index.close()
}

/** Runs seedIndex in a fresh process (this script with `--seed`). */
function seedInChild(path: string, libraryDir: string): void {
  const r = spawnSync(
    process.execPath,
    [...process.execArgv, __filename, '--seed', path, libraryDir],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  if (r.status !== 0) throw new Error(`seeding the index failed (${r.status})`)
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-grid-'))
  try {
    const libraryDir = join(dir, 'Library')
    const t0 = Date.now()
    seedInChild(join(dir, 'userData', 'library-index.sqlite'), libraryDir)
    const thumbs = await thumbnailBytes()
    const thumbDir = join(dir, 'userData', 'cache', 'thumbs')
    const shown = [...Array(THUMBNAILED).keys()].map((k) => N - 1 - k)
    for (const i of [...shown, ...Array(Math.min(100, N)).keys()]) {
      const sha = itemSha(i)
      mkdirSync(join(thumbDir, sha.slice(0, 2)), { recursive: true })
      writeFileSync(join(thumbDir, sha.slice(0, 2), `${sha}.webp`), thumbs[i % thumbs.length]!)
    }
    const seedMs = Date.now() - t0
    // The library folder is a saved setting; the offline demo connects without a keychain.
    writeFileSync(
      join(dir, 'userData', 'settings.json'),
      JSON.stringify({
        version: 1,
        baseUrl: null,
        libraryDir,
        concurrency: { image: 4, video: 8, art: 2, workbench: 2 },
      }),
    )

    const rssBeforeApp = process.memoryUsage().rss
    const app = await launchElectronApp({ dir, viewport: { width: 1280, height: 820 } })
    try {
      const demo = await app.api<{ ok: boolean; error?: { message: string } }>('demo:start')
      if (!demo.ok) throw new Error(`demo:start failed: ${demo.error?.message}`)
      await app.page.reload()
      const { page } = app
      await page.getByRole('button', { name: 'Library' }).waitFor()
      const heapBeforeLibrary = await rendererHeap(app.context, page)
      // Warm the lazy chunk once (as after the first visit), then measure a fresh mount.
      await page.getByRole('button', { name: 'Library' }).click()
      await page.getByTestId('library-grid').waitFor()
      await page.getByRole('button', { name: 'Settings' }).click()
      await page.getByRole('heading', { name: 'Settings' }).waitFor()

      const mount = await page.evaluate(async () => {
        const button = [...document.querySelectorAll('nav button')].find(
          (b) => b.textContent === 'Library',
        ) as HTMLButtonElement
        const t0 = performance.now()
        button.click()
        let gridAt = 0
        for (;;) {
          await new Promise((r) => requestAnimationFrame(r))
          const grid = document.querySelector('[data-testid="library-grid"]')
          if (grid && !gridAt) gridAt = performance.now() - t0
          if (grid?.querySelector('.lib-tile:not(.lib-tile-loading)'))
            return { grid: gridAt, tiles: performance.now() - t0 }
          if (performance.now() - t0 > 10_000) return { grid: gridAt, tiles: -1 }
        }
      })
      const countText = await page.getByTestId('library-count').textContent()

      // One sampler in the page for the grid, the blank page and the picture wall.
      await page.evaluate(() => {
        ;(globalThis as Sampling).frameIntervals = async (ms, onFrame) => {
          const intervals: number[] = []
          const t0 = performance.now()
          let last = t0
          while (performance.now() - t0 < ms) {
            await new Promise((r) => requestAnimationFrame(r))
            const now = performance.now()
            intervals.push(now - last)
            last = now
            onFrame?.()
          }
          return intervals
        }
      })

      const scroll = await page.evaluate(async () => {
        const grid = document.querySelector('[data-testid="library-grid"]') as HTMLElement
        const longTasks: number[] = []
        const observer = new PerformanceObserver((list) => {
          for (const e of list.getEntries()) longTasks.push(e.duration)
        })
        observer.observe({ entryTypes: ['longtask'] })
        let maxTiles = 0
        const intervals = await (globalThis as Sampling).frameIntervals(5000, () => {
          grid.scrollTop += 60
          maxTiles = Math.max(maxTiles, grid.querySelectorAll('.lib-tile').length)
        })
        observer.disconnect()
        const loaded = grid.querySelectorAll('.lib-tile:not(.lib-tile-loading)').length
        const pictures = [...grid.querySelectorAll<HTMLImageElement>('.lib-tile img')].filter(
          (img) => img.complete && img.naturalWidth > 0,
        ).length
        return { intervals, longTasks, maxTiles, scrolledPx: grid.scrollTop, loaded, pictures }
      })

      const blank = await page.evaluate(() => (globalThis as Sampling).frameIntervals(1500))

      // Control 2, a static picture wall: the same scroller and tile CSS, the same <img> markup
      // and the same kind of thumbnails through the same gen-media handler (items the grid has
      // not shown, so none is decoded yet), but every tile placed once as plain DOM: no React,
      // no virtual rows, no IPC. What is left is the browser's own work to scroll pictures into
      // view (fetch, decode, raster, composite) on this machine.
      const wallUrls = Array.from({ length: WALL_TILES }, (_, k) => {
        const i = N - 1 - WALL_FROM - k
        return thumbUrl(itemId(i), itemSha(i))
      })
      const wall = await page.evaluate(async (urls) => {
        const grid = document.querySelector('[data-testid="library-grid"]') as HTMLElement
        const first = grid.querySelector<HTMLElement>('.lib-tile')!
        const size = parseFloat(first.style.width)
        const xs = [
          ...new Set(
            [...grid.querySelectorAll<HTMLElement>('.lib-tile')].map(
              (t) => new DOMMatrix(getComputedStyle(t).transform).m41,
            ),
          ),
        ].sort((a, b) => a - b)
        const cols = xs.length
        const step = cols > 1 ? xs[1]! - xs[0]! : size + 8
        const box = grid.getBoundingClientRect()
        const wallEl = document.createElement('div')
        wallEl.className = 'lib-grid'
        Object.assign(wallEl.style, {
          position: 'fixed',
          left: `${box.left}px`,
          top: `${box.top}px`,
          width: `${box.width}px`,
          height: `${box.height}px`,
          zIndex: '1000',
        })
        const space = document.createElement('div')
        space.className = 'lib-grid-space'
        space.style.height = `${Math.ceil(urls.length / cols) * step + 16}px`
        urls.forEach((src, k) => {
          const tile = document.createElement('div')
          tile.className = 'lib-tile'
          tile.style.transform = `translate(${xs[k % cols]}px, ${8 + Math.floor(k / cols) * step}px)`
          tile.style.width = tile.style.height = `${size}px`
          const img = document.createElement('img')
          img.alt = ''
          img.loading = 'lazy'
          img.decoding = 'async'
          img.draggable = false
          img.src = src
          tile.append(img)
          space.append(tile)
        })
        wallEl.append(space)
        document.body.append(wallEl)
        await new Promise((r) => setTimeout(r, 500))
        const intervals = await (globalThis as Sampling).frameIntervals(5000, () => {
          wallEl.scrollTop += 60
        })
        const pictures = [...wallEl.querySelectorAll('img')].filter(
          (img) => img.complete && img.naturalWidth > 0,
        ).length
        const scrolledPx = wallEl.scrollTop
        wallEl.remove()
        return { intervals, pictures, scrolledPx }
      }, wallUrls)

      // The last (oldest) item: End on the focused grid.
      const grid = page.getByTestId('library-grid')
      await grid.focus()
      await grid.press('End')
      const lastId = itemId(0)
      const t1 = Date.now()
      await page.locator(`.lib-tile[data-id="${lastId}"]`).waitFor({ timeout: 10_000 })
      const lastMs = Date.now() - t1
      const heapOpen = await rendererHeap(app.context, page)
      const rssOpen = process.memoryUsage().rss

      const result = {
        bench: 'library-grid',
        items: N,
        seed_index_ms: seedMs,
        count_label: countText,
        mount_ms: Math.round(mount.grid),
        first_tiles_ms: Math.round(mount.tiles),
        max_tiles_in_dom: scroll.maxTiles,
        thumbnails_shown_at_end: scroll.pictures,
        scroll_s: 5,
        scrolled_px: Math.round(scroll.scrolledPx),
        long_tasks_over_50ms: scroll.longTasks.filter((d) => d > 50).length,
        frame_p50_ms: Number(pct(scroll.intervals, 0.5).toFixed(2)),
        frame_p95_ms: Number(pct(scroll.intervals, 0.95).toFixed(2)),
        blank_frame_p95_ms: Number(pct(blank, 0.95).toFixed(2)),
        frame_p95_over_blank_ms: Number(
          (pct(scroll.intervals, 0.95) - pct(blank, 0.95)).toFixed(2),
        ),
        wall_frame_p95_ms: Number(pct(wall.intervals, 0.95).toFixed(2)),
        wall_frame_p95_over_blank_ms: Number(
          (pct(wall.intervals, 0.95) - pct(blank, 0.95)).toFixed(2),
        ),
        frame_p95_over_wall_ms: Number(
          (pct(scroll.intervals, 0.95) - pct(wall.intervals, 0.95)).toFixed(2),
        ),
        wall_pictures_loaded: wall.pictures,
        wall_scrolled_px: Math.round(wall.scrolledPx),
        last_item_reachable: true,
        last_item_ms: lastMs,
        main_rss_mib: mib(rssOpen),
        control_rss_before_app_mib: mib(rssBeforeApp),
        main_rss_over_control_mib: mib(rssOpen - rssBeforeApp),
        renderer_js_heap_mib: mib(heapOpen),
        control_renderer_heap_before_library_mib: mib(heapBeforeLibrary),
        goals: {
          mount_ms: 50,
          max_tiles: 200,
          long_tasks: 0,
          frame_p95_ms: 20,
          frame_p95_over_blank_ms: 2,
          frame_p95_over_wall_ms: 0.5,
          main_rss_mib: 400,
          renderer_js_heap_mib: 200,
        },
      }
      console.log(`library-grid (${N.toLocaleString()} items)`)
      console.table({
        'mount (grid in DOM)': `${result.mount_ms} ms (goal ≤ 50)`,
        'first tiles shown': `${result.first_tiles_ms} ms`,
        'tiles in DOM (max)': `${result.max_tiles_in_dom} (goal ≤ 200)`,
        'long tasks > 50 ms in 5 s scroll': `${result.long_tasks_over_50ms} (goal 0)`,
        'frame interval p50 / p95': `${result.frame_p50_ms} / ${result.frame_p95_ms} ms (goal ≤ 20)`,
        'control: blank page frame p95': `${result.blank_frame_p95_ms} ms`,
        'frame p95 over the blank page': `${result.frame_p95_over_blank_ms} ms (goal ≤ 2)`,
        'control: static picture wall frame p95': `${result.wall_frame_p95_ms} ms (${result.wall_frame_p95_over_blank_ms} over blank)`,
        'frame p95 over the picture wall': `${result.frame_p95_over_wall_ms} ms`,
        'last item reached (End)': `${result.last_item_ms} ms`,
        "main's RSS, library open (this process)": `${result.main_rss_mib} MiB (goal ≤ 400)`,
        'control: RSS before the app started': `${result.control_rss_before_app_mib} MiB (+${result.main_rss_over_control_mib} with the app)`,
        'renderer JS heap, library open': `${result.renderer_js_heap_mib} MiB (goal ≤ 200)`,
        'control: renderer heap before the Library screen': `${result.control_renderer_heap_before_library_mib} MiB`,
      })
      console.log(JSON.stringify(result))
    } finally {
      await app.close({ keepData: true })
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[2] === '--seed') seedIndex(process.argv[3]!, process.argv[4]!)
else runBench(main)

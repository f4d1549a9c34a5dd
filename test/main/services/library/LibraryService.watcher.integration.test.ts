import { existsSync, promises as fs, readFileSync } from 'node:fs'
import { join } from 'node:path'

import sharp from 'sharp'
import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({}))

import type { LibraryService } from '@main/services/library/LibraryService'
import { jpegWithMetadata } from '@shared/library/meta/jpeg'
import { buildXmp } from '@shared/library/meta/xmp'
import { writePngText } from '@shared/library/pngChunks'
import type { LibraryChange } from '@shared/library/types'
import { makePng, waitFor } from '@test/support/mediaFixtures'
import { createTestApp } from '@test/support/testContainer'

/**
 * The library's watcher on a real folder (fs.watch): files that appear and vanish, links it must
 * not follow. Apart from LibraryService.integration.test.ts because each test waits on the OS's
 * change events for seconds; the mutation run proves reconcile.ts with sync/reconcile.test.ts.
 */
type TestApp = ReturnType<typeof createTestApp>
const apps: TestApp[] = []
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close()
})

function newApp() {
  const app = createTestApp()
  apps.push(app)
  const changes: LibraryChange[] = []
  app.container.events.forward((e, p) => {
    if (e === 'library:changed') changes.push(p as LibraryChange)
  })
  return { app, lib: app.container.library, libraryDir: join(app.dir, 'Library'), changes }
}

const saveImage = (
  lib: LibraryService,
  over: Partial<Parameters<LibraryService['save']>[0]> = {},
) =>
  makePng().then((bytes) =>
    lib.save({
      kind: 'image',
      model: 'std-image-2',
      prompt: 'a red lighthouse at dusk',
      params: { size: '64x48' },
      file: { bytes, ext: 'png' },
      ...over,
    }),
  )

describe('LibraryService: the folder is the source of truth (watcher)', () => {
  it('picks up files that appear in and vanish from the folder while running (watcher)', async () => {
    const { lib, libraryDir, changes } = newApp()
    await lib.whenReconciled()
    const dayDir = join(libraryDir, '2026', '05', '01')
    await fs.mkdir(dayDir, { recursive: true })
    const external = join(dayDir, 'from-novelai.png')
    const nai = writePngText(await makePng(32, 32, '#2f9e44'), {
      Title: 'NovelAI generated image',
      Description: 'forest spirit',
      Software: 'NovelAI',
      Source: 'NovelAI Diffusion V4.5 4BDE2A90',
      Comment: JSON.stringify({ prompt: 'forest spirit', uc: 'lowres', seed: 5, steps: 28 }),
    })
    await fs.writeFile(external, nai)
    const tile = (await waitFor(async () => (await lib.query({ text: 'spirit' }, null)).items[0]))!
    expect(tile.kind).toBe('imported')
    const item = await lib.get(tile.id)
    expect(item).toMatchObject({ model: 'art-v4.5', negativePrompt: 'lowres', seed: 5, width: 32 })
    expect(JSON.parse(readFileSync(`${external}.json`, 'utf8')).id).toBe(tile.id) // sidecar written for it
    expect(changes.some((c) => c.reason === 'added' && c.ids.includes(tile.id))).toBe(true)

    // A JPEG another tool wrote (A1111 text in EXIF UserComment, an XMP packet) is read the same
    // way a drop is: the same reader, not only a PNG's text chunks.
    const jpeg = jpegWithMetadata(
      await sharp({ create: { width: 24, height: 16, channels: 3, background: '#364fc7' } })
        .jpeg()
        .toBuffer(),
      {
        xmp: buildXmp({ description: 'harbour at dawn' }),
        userComment:
          'harbour at dawn\nNegative prompt: haze\nSteps: 18, Sampler: Euler a, CFG scale: 5, Seed: 77, Size: 24x16, Model: sdxl_base',
      },
    )
    await fs.writeFile(join(dayDir, 'from-forge.jpg'), jpeg)
    const harbour = (await waitFor(
      async () => (await lib.query({ text: 'harbour' }, null)).items[0],
    ))!
    expect(await lib.get(harbour.id)).toMatchObject({
      kind: 'imported',
      model: 'sdxl_base',
      prompt: 'harbour at dawn',
      negativePrompt: 'haze',
      seed: 77,
      width: 24,
    })
    await fs.rm(dayDir, { recursive: true })
    await waitFor(async () => (await lib.status()).itemCount === 0)
  })
})

describe('LibraryService: links never lead out of the library (issue #13)', () => {
  it('the watcher ignores a linked file and a linked folder: nothing indexed, no sidecar written outside, nothing deleted', async () => {
    const { app, lib, libraryDir } = newApp()
    await lib.whenReconciled()
    const outside = join(app.dir, 'outside')
    await fs.mkdir(join(outside, 'album'), { recursive: true })
    await fs.writeFile(join(outside, 'secret.png'), await makePng(16, 16, '#ff0000'))
    await fs.writeFile(join(outside, 'album', 'other.png'), await makePng(16, 16, '#00ff00'))
    const dayDir = join(libraryDir, '2026', '06', '01')
    await fs.mkdir(dayDir, { recursive: true })
    await fs.symlink(join(outside, 'secret.png'), join(dayDir, 'linked.png'))
    await fs.symlink(join(outside, 'album'), join(dayDir, 'album'))
    // Real files next to them prove the watcher ran over this folder.
    await saveImage(lib, { prompt: 'real one' })
    await fs.writeFile(join(dayDir, 'real.png'), await makePng(16, 16, '#0000ff'))
    await waitFor(async () => (await lib.status()).itemCount === 2)
    await lib.reconcile() // the full rescan agrees
    const items = (await lib.query({}, null)).items
    const paths = await Promise.all(items.map(async (t) => (await lib.get(t.id)).relPath))
    expect(paths.filter((p) => /linked|album/.test(p))).toEqual([])
    expect(items).toHaveLength(2)
    expect(existsSync(join(outside, 'secret.png.json'))).toBe(false)
    expect(existsSync(join(outside, 'album', 'other.png.json'))).toBe(false)
    await lib.delete(items.map((t) => t.id))
    await lib.close()
    expect(existsSync(join(outside, 'secret.png'))).toBe(true)
    expect(existsSync(join(outside, 'album', 'other.png'))).toBe(true)
  })
})

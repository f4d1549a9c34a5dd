import { promises as fs, readFileSync } from 'node:fs'
import { join } from 'node:path'

import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({}))

import { Thumbnailer } from '@main/adapters/thumbnails/Thumbnailer'
import { MainEvents } from '@main/events'
import { LibraryService } from '@main/services/library/LibraryService'
import type { LineageView } from '@shared/library/lineage'
import type { LibraryItem } from '@shared/library/types'
import { ipcFailure, ipcValue } from '@test/support/ipcCalls'
import { libraryApps } from '@test/support/libraryApps'
import { makeMp4 } from '@test/support/mediaFixtures'

const { newApp, closeAfter } = libraryApps()

const call = ipcValue
const failure = ipcFailure

const W = 64
const H = 48
/** A picture whose every pixel says where it is: red = 4·x, green = 5·y. */
function positionPng(): Promise<Buffer> {
  const raw = Buffer.alloc(W * H * 3)
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      raw[(y * W + x) * 3] = x * 4
      raw[(y * W + x) * 3 + 1] = y * 5
    }
  return sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer()
}

async function pixels(dir: string, item: LibraryItem) {
  const { data, info } = await sharp(join(dir, item.relPath))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return {
    w: info.width,
    h: info.height,
    at: (x: number, y: number) => [
      data[(y * info.width + x) * 3],
      data[(y * info.width + x) * 3 + 1],
    ],
  }
}

const saveParent = async (lib: LibraryService, bytes: Uint8Array, ext = 'png') =>
  lib.save({
    kind: 'art',
    model: 'art-v5',
    prompt: 'a lighthouse at dusk',
    negativePrompt: 'blurry',
    params: { steps: 23, width: 64, height: 48 },
    seed: 42,
    costEstimate: 0.006,
    sourceTaskId: 'task-1',
    file: { bytes, ext },
  })

describe('local picture edits (issue #31)', () => {
  it('crops, rotates, flips and resizes into new items with lineage; the original is untouched', async () => {
    const { app, lib, libraryDir } = newApp()
    const parent = await saveParent(lib, await positionPng())
    const parentBytes = readFileSync(join(libraryDir, parent.relPath))
    const parentSidecar = readFileSync(join(libraryDir, `${parent.relPath}.json`), 'utf8')

    const crop = await call<LibraryItem>(app, 'picture:edit', {
      id: parent.id,
      edit: { op: 'crop', x: 10, y: 8, width: 32, height: 18, ratio: '16:9' },
    })
    const c = await pixels(libraryDir, crop)
    expect([c.w, c.h]).toEqual([32, 18])
    expect(c.at(0, 0)).toEqual([40, 40])
    expect(c.at(31, 17)).toEqual([(10 + 31) * 4, (8 + 17) * 5])

    const rot = await call<LibraryItem>(app, 'picture:edit', {
      id: parent.id,
      edit: { op: 'rotate', degrees: 90 },
    })
    const r = await pixels(libraryDir, rot)
    expect([r.w, r.h]).toEqual([H, W])
    // Clockwise: the new top-left pixel is the old bottom-left one.
    expect(r.at(0, 0)).toEqual([0, (H - 1) * 5])

    const flip = await call<LibraryItem>(app, 'picture:edit', {
      id: parent.id,
      edit: { op: 'flip', axis: 'horizontal' },
    })
    const f = await pixels(libraryDir, flip)
    expect(f.at(0, 3)).toEqual([(W - 1) * 4, 15])

    const big = await call<LibraryItem>(app, 'picture:edit', {
      id: parent.id,
      edit: { op: 'resize', width: 128, height: 96 },
    })
    expect([big.width, big.height]).toEqual([128, 96])

    // The original: same bytes, same sidecar.
    expect(readFileSync(join(libraryDir, parent.relPath)).equals(parentBytes)).toBe(true)
    expect(readFileSync(join(libraryDir, `${parent.relPath}.json`), 'utf8')).toBe(parentSidecar)

    // Lineage in the sidecar (the truth) …
    const sidecar = JSON.parse(readFileSync(join(libraryDir, `${big.relPath}.json`), 'utf8'))
    expect(sidecar.derivedFrom).toEqual({
      parentId: parent.id,
      operation: 'resize',
      params: { width: 128, height: 96, kernel: 'lanczos3' },
      model: 'sharp-lanczos3',
    })
    // … Reuse sees the parent's settings, but nothing paid and no task link.
    expect(big).toMatchObject({
      kind: 'art',
      model: 'art-v5',
      prompt: 'a lighthouse at dusk',
      negativePrompt: 'blurry',
      seed: 42,
      params: { steps: 23, width: 64, height: 48 },
      costEstimate: null,
      sourceTaskId: null,
    })
    // … and in the index, both ways.
    const down = await call<LineageView>(app, 'picture:lineage', { id: parent.id })
    expect(down.madeFrom).toBeNull()
    expect(down.derived.map((d) => [d.id, d.operation])).toEqual([
      [big.id, 'resize'],
      [flip.id, 'flip'],
      [rot.id, 'rotate'],
      [crop.id, 'crop'],
    ])
    const up = await call<LineageView>(app, 'picture:lineage', { id: crop.id })
    expect(up.madeFrom).toMatchObject({
      id: parent.id,
      operation: 'crop',
      present: true,
      fileName: parent.fileName,
      params: { x: 10, y: 8, width: 32, height: 18, ratio: '16:9' },
    })

    // An index rebuilt from the folder alone (the next start on another machine) keeps it.
    await app.container.library.close()
    await fs.rm(join(app.dir, 'userData', 'library-index.sqlite'), { force: true })
    const again = new LibraryService({
      settings: app.container.settings,
      events: new MainEvents(),
      indexPath: join(app.dir, 'userData', 'library-index-2.sqlite'),
      thumbs: new Thumbnailer(join(app.dir, 'userData', 'cache', 'thumbs')),
      trash: app.trash,
      watch: false,
    })
    closeAfter(again)
    await again.whenReconciled()
    expect((await again.lineage(crop.id)).madeFrom?.id).toBe(parent.id)
    expect((await again.lineage(parent.id)).derived).toHaveLength(4)
  })

  it('a deleted parent stays named but is shown as gone', async () => {
    const { app, lib } = newApp()
    const parent = await saveParent(lib, await positionPng())
    const crop = await call<LibraryItem>(app, 'picture:edit', {
      id: parent.id,
      edit: { op: 'crop', x: 0, y: 0, width: 10, height: 10 },
    })
    await call(app, 'library:delete', { ids: [parent.id] })
    const up = await call<LineageView>(app, 'picture:lineage', { id: crop.id })
    expect(up.madeFrom).toMatchObject({ id: parent.id, present: false })
  })

  it('a derived item whose sidecar went missing keeps its lineage when an edit rewrites it', async () => {
    const { app, lib, libraryDir } = newApp()
    const parent = await saveParent(lib, await positionPng())
    const crop = await call<LibraryItem>(app, 'picture:edit', {
      id: parent.id,
      edit: { op: 'crop', x: 2, y: 3, width: 20, height: 10 },
    })
    const flip = await call<LibraryItem>(app, 'picture:edit', {
      id: parent.id,
      edit: { op: 'flip', axis: 'vertical' },
    })
    const sidecarOf = (item: LibraryItem) => join(libraryDir, `${item.relPath}.json`)
    const expected = JSON.parse(readFileSync(sidecarOf(crop), 'utf8')).derivedFrom
    expect(expected).toMatchObject({ parentId: parent.id, operation: 'crop' })
    await fs.rm(sidecarOf(crop))
    await fs.rm(sidecarOf(flip))

    // A favourite (favourite.ts) and a rating (organise.ts) each rebuild a sidecar from the index.
    await call(app, 'library:setFavourite', { id: crop.id, favourite: true })
    await call(app, 'library:setRating', { ids: [flip.id], rating: 4 })

    expect(JSON.parse(readFileSync(sidecarOf(crop), 'utf8'))).toMatchObject({
      favourite: true,
      derivedFrom: expected,
    })
    expect(JSON.parse(readFileSync(sidecarOf(flip), 'utf8'))).toMatchObject({
      rating: 4,
      derivedFrom: {
        parentId: parent.id,
        operation: 'flip',
        params: { axis: 'vertical' },
        model: 'sharp',
      },
    })
  })

  it('refuses bad input with a clear message before any work, and writes nothing', async () => {
    const { app, lib, libraryDir } = newApp()
    const count = async () => (await lib.query({}, null)).items.length
    const parent = await saveParent(lib, await positionPng())
    const outside = await failure(app, 'picture:edit', {
      id: parent.id,
      edit: { op: 'crop', x: 40, y: 0, width: 32, height: 10 },
    })
    expect(outside.message).toMatch(/goes outside the 64×48 picture/)
    const ratio = await failure(app, 'picture:edit', {
      id: parent.id,
      edit: { op: 'crop', x: 0, y: 0, width: 10, height: 10, ratio: '7:5' },
    })
    expect(ratio.message).toMatch(/7:5 is not an aspect ratio/)

    const video = await lib.save({
      kind: 'video',
      model: 'motion-2.0',
      prompt: 'waves',
      params: {},
      file: { bytes: makeMp4(), ext: 'mp4' },
    })
    const v = await failure(app, 'picture:edit', {
      id: video.id,
      edit: { op: 'rotate', degrees: 180 },
    })
    expect(v).toMatchObject({
      code: 'validation',
      message: expect.stringMatching(/video cannot be rotated/),
    })

    // 30000 × 30000 in its header: refused from the header, never decoded.
    const png = Buffer.from(await positionPng())
    png.writeUInt32BE(30000, 16)
    png.writeUInt32BE(30000, 20)
    png.writeInt32BE(crc32(png.subarray(12, 29)), 29)
    const huge = await saveParent(lib, png)
    const h = await failure(app, 'picture:edit', {
      id: huge.id,
      edit: { op: 'flip', axis: 'vertical' },
    })
    expect(h.message).toMatch(/30000 × 30000 \(900 MP\): too large to be flipped/)

    // Truncated on disk after it was saved.
    const cut = await saveParent(
      lib,
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#123456' } })
        .png({ compressionLevel: 0 })
        .toBuffer(),
    )
    const abs = join(libraryDir, cut.relPath)
    await fs.truncate(abs, Math.floor((await fs.stat(abs)).size / 2))
    const t = await failure(app, 'picture:edit', {
      id: cut.id,
      edit: { op: 'rotate', degrees: 90 },
    })
    expect(t.message).toMatch(/damaged or truncated/)

    expect(await count()).toBe(4)
  })
})

function crc32(bytes: Uint8Array): number {
  let c = ~0
  for (const b of bytes) {
    c ^= b
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1
  }
  return ~c
}

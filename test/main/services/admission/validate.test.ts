/**
 * A submission checked with the catalog's validators before anything is journaled or sent
 * (admission/validate.ts): field-level refusals per kind, an edit's references through the one
 * reference check, and a native request's files counted as the Base64 they will be sent as.
 */
import { truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { validateSubmission } from '@main/services/admission/validate'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import { makePng } from '@test/support/mediaFixtures'
import { rejection } from '@test/support/rejection'
import { wbBase } from '@test/support/ruleMatrix'
import { tempFolderPerTest } from '@test/support/tempFolderPerTest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

let dir: string
let png: Buffer
beforeAll(async () => {
  png = await makePng(8, 8, '#08f')
})
const folder = tempFolderPerTest('gen-studio-validate-')
beforeEach(() => {
  dir = folder.path
})

const MiB = 1024 * 1024
const refused = (input: SubmitTaskInput) => rejection(validateSubmission(input))
const file = (name: string, bytes: Buffer | string) => {
  const path = join(dir, name)
  writeFileSync(path, bytes)
  return path
}
/** A file of `size` bytes that takes no room (only its size is read here). */
const sized = (name: string, size: number) => {
  const path = file(name, '')
  truncateSync(path, size)
  return path
}
const infill = {
  input: 'a garden',
  model: 'art-diffusion-4-5-full',
  action: 'infill',
  parameters: { width: 64, height: 64, steps: 10, n_samples: 1, seed: 1 },
}

describe('validateSubmission: each kind by its own validator', () => {
  it('passes valid requests of every kind', async () => {
    await expect(
      validateSubmission({ kind: 'image', request: { model: 'std-image-2', prompt: 'x' } }),
    ).resolves.toBeUndefined()
    await expect(
      validateSubmission({
        kind: 'video',
        request: { model: 'motion-2.0', prompt: 'a wave', duration: 5, resolution: '720p' },
      }),
    ).resolves.toBeUndefined()
  })

  it('refuses with every field message, the first one named in the message', async () => {
    const error = await refused({
      kind: 'video',
      request: { model: 'motion-2.0', prompt: 'a wave', duration: 99, resolution: '4k' },
    })
    expect(error.code).toBe('validation')
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['duration', 'resolution'])
    const [field, problem] = Object.entries(error.fields ?? {})[0]!
    expect(error.message).toBe(`${field}: ${problem}`)
    expect(error.action).toMatch(/Nothing was sent/i)
  })

  it('an image request is checked by the image rules', async () => {
    const error = await refused({ kind: 'image', request: { model: 'std-image-2', prompt: '' } })
    expect(error.fields).toHaveProperty(['prompt'])
  })

  it('a workbench request is checked as an estimate: its quote and client id come later', async () => {
    await expect(
      validateSubmission({ kind: 'workbench', request: wbBase }),
    ).resolves.toBeUndefined()
    const error = await refused({ kind: 'workbench', request: { ...wbBase, steps: 0 } })
    expect(Object.keys(error.fields ?? {})).toEqual(['steps'])
  })
})

describe('validateSubmission: a native request’s files', () => {
  const quads = (bytes: number) => Math.ceil(bytes / 3) * 4
  const json = Buffer.byteLength(JSON.stringify(infill))

  it('a source and mask given as files stand in for the images the request needs', async () => {
    const image = file('source.png', png)
    const mask = file('mask.png', png)
    await expect(
      validateSubmission({ kind: 'native', request: infill, image, mask }),
    ).resolves.toBeUndefined()
    const noImage = await refused({ kind: 'native', request: infill, mask })
    expect(Object.keys(noImage.fields ?? {})).toEqual(['parameters.image'])
    const noMask = await refused({ kind: 'native', request: infill, image })
    expect(Object.keys(noMask.fields ?? {})).toEqual(['parameters.mask'])
  })

  it('counts both files as the Base64 they will be sent as, against the 40 MiB request limit', async () => {
    // Each 15 MiB file alone is 20 MiB of Base64 and fits; both together do not.
    const mask = file('mask.png', png)
    const a = sized('a.png', 15 * MiB)
    const b = sized('b.png', 15 * MiB)
    await expect(
      validateSubmission({ kind: 'native', request: infill, image: a, mask }),
    ).resolves.toBeUndefined()
    const error = await refused({ kind: 'native', request: infill, image: a, mask: b })
    expect(error.fields).toEqual({ request: 'The request must be at most 40 MiB' })
  })

  it('rounds a file up to whole Base64 quads: one byte past a full quad is four more', async () => {
    const mask = file('mask.png', png)
    const room = 40 * MiB - json - quads(png.length)
    // A source whose Base64 fills the room exactly passes; one byte more is a quad over.
    const fits = sized('fits.png', Math.floor(room / 4) * 3)
    expect(quads(Math.floor(room / 4) * 3)).toBeLessThanOrEqual(room)
    await expect(
      validateSubmission({ kind: 'native', request: infill, image: fits, mask }),
    ).resolves.toBeUndefined()
    const over = sized('over.png', Math.floor(room / 4) * 3 + 1)
    expect((await refused({ kind: 'native', request: infill, image: over, mask })).fields).toEqual({
      request: 'The request must be at most 40 MiB',
    })
  })

  it('a file that is gone counts as nothing here (the copy step refuses it)', async () => {
    const mask = file('mask.png', png)
    await expect(
      validateSubmission({ kind: 'native', request: infill, image: join(dir, 'gone.png'), mask }),
    ).resolves.toBeUndefined()
  })
})

describe('validateSubmission: an edit’s references', () => {
  const request = { model: 'std-image-2', prompt: 'bluer' }

  it('passes readable references', async () => {
    const a = file('a.png', png)
    const b = file('b.png', png)
    await expect(
      validateSubmission({ kind: 'edit', request, images: [a, b] }),
    ).resolves.toBeUndefined()
  })

  it('refuses each unreadable or broken reference on its own field, with the check’s reason', async () => {
    const good = file('good.png', png)
    const cut = file('cut.png', png.subarray(0, png.length - 20))
    const error = await refused({
      kind: 'edit',
      request,
      images: [good, join(dir, 'gone.png'), cut],
    })
    expect(Object.keys(error.fields ?? {})).toEqual(['images.1', 'images.2'])
    expect(error.fields!['images.1']).toBe('The file cannot be read; choose it again')
    expect(error.fields!['images.2']).not.toBe('')
    expect(error.message).toBe(`images.1: ${error.fields!['images.1']}`)
  })

  it('a broken reference and a request problem are both reported', async () => {
    const error = await refused({
      kind: 'edit',
      request: { model: 'std-image-2', prompt: '' },
      images: [join(dir, 'gone.png')],
    })
    // The unreadable file is not counted, so the model's reference count is short too.
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['image[]', 'images.0', 'prompt'])
  })
})

describe('validateSubmission: an edit with no reference', () => {
  it('is refused: an edit needs at least one image', async () => {
    const error = await refused({
      kind: 'edit',
      request: { model: 'std-image-2', prompt: 'bluer' },
      images: [],
    })
    expect(Object.keys(error.fields ?? {})).toEqual(['image[]'])
  })
})

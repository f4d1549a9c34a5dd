/**
 * The files a task sends, copied into its own folder (admission/files.ts): a retry or a restart
 * re-sends the same bytes even when the originals are moved, and a copy that fails says which
 * field to choose again.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { copyReferences, prepareFiles } from '@main/services/admission/files'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import { makePng } from '@test/support/mediaFixtures'
import { rejection } from '@test/support/rejection'
import { tempFolderPerTest } from '@test/support/tempFolderPerTest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

let dir: string
let task: string
let png: Buffer
beforeAll(async () => {
  png = await makePng(8, 8, '#0a0')
})
const folder = tempFolderPerTest('gen-studio-files-')
beforeEach(() => {
  dir = folder.path
  task = join(dir, 'tasks', 't1')
})

const native = (files: { image?: string; mask?: string }) =>
  ({
    kind: 'native',
    request: { input: 'x', model: 'art-diffusion-4-5-full', action: 'infill', parameters: {} },
    ...files,
  }) as SubmitTaskInput

describe('copyReferences', () => {
  it('copies each reference in order, named by its place, with its extension in lower case', async () => {
    const a = join(dir, 'A.PNG')
    const b = join(dir, 'b.jpeg')
    writeFileSync(a, 'first')
    writeFileSync(b, 'second')
    const out = await copyReferences(task, [a, b])
    expect(out).toEqual([join(task, 'reference-1.png'), join(task, 'reference-2.jpeg')])
    expect(readFileSync(out[0]!, 'utf8')).toBe('first')
    expect(readFileSync(out[1]!, 'utf8')).toBe('second')
  })

  it('keeps at most the first five letters of an odd extension', async () => {
    const odd = join(dir, 'x.abcdefgh')
    writeFileSync(odd, 'x')
    expect(await copyReferences(task, [odd])).toEqual([join(task, 'reference-1.abcde')])
  })

  it('no references: no folder is made', async () => {
    expect(await copyReferences(task, [])).toEqual([])
    expect(existsSync(task)).toBe(false)
  })

  it('a reference that cannot be copied is refused on its own field', async () => {
    const a = join(dir, 'a.png')
    writeFileSync(a, 'a')
    const error = await rejection(copyReferences(task, [a, join(dir, 'gone.png')]))
    expect(error.code).toBe('storage')
    expect(error.message).toMatch(/^The reference image could not be copied: .*ENOENT/)
    expect(error.fields).toEqual({ 'images.1': 'The file cannot be read; choose it again' })
  })
})

describe('prepareFiles', () => {
  it('an edit keeps copies of its references; kinds that send no file keep none', async () => {
    const a = join(dir, 'a.png')
    writeFileSync(a, 'a')
    const edit = { kind: 'edit', request: {}, images: [a] } as unknown as SubmitTaskInput
    expect(await prepareFiles(task, edit)).toEqual({ images: [join(task, 'reference-1.png')] })
    const other = join(dir, 'tasks', 't2')
    // Only a native request sends a source or mask file: a stray one on another kind is not kept.
    const image = {
      kind: 'image',
      request: {},
      images: [a],
      image: a,
      mask: a,
    } as unknown as SubmitTaskInput
    expect(await prepareFiles(other, image)).toStrictEqual({ images: [] })
    expect(existsSync(other)).toBe(false)
  })

  it('a native task keeps its source and mask under their own names', async () => {
    const image = join(dir, 'Source.PNG')
    const mask = join(dir, 'mask.png')
    writeFileSync(image, png)
    writeFileSync(mask, png)
    const files = await prepareFiles(task, native({ image, mask }))
    expect(files).toStrictEqual({
      images: [],
      image: join(task, 'image.png'),
      mask: join(task, 'mask.png'),
    })
    expect(readFileSync(files.image!)).toEqual(png)
    expect(readFileSync(files.mask!)).toEqual(png)
  })

  it('a native file keeps at most the first five letters of its extension, in lower case', async () => {
    const image = join(dir, 'source.WEBPXYZ')
    writeFileSync(image, png)
    expect((await prepareFiles(task, native({ image }))).image).toBe(join(task, 'image.webpx'))
  })

  it('names only the files a native task has', async () => {
    const mask = join(dir, 'm.png')
    writeFileSync(mask, png)
    expect(await prepareFiles(task, native({ mask }))).toStrictEqual({
      images: [],
      mask: join(task, 'mask.png'),
    })
  })

  it('checks a native file against the art-model limits before keeping it', async () => {
    const cut = join(dir, 'cut.png')
    writeFileSync(cut, png.subarray(0, png.length - 20))
    const error = await rejection(prepareFiles(task, native({ image: cut })))
    expect(error.code).toBe('validation')
    expect(error.fields).toHaveProperty(['parameters.image'])
    expect(existsSync(join(task, 'image.png'))).toBe(false)
  })

  it('a native file that cannot be copied is refused on its own field', async () => {
    const mask = join(dir, 'm.png')
    writeFileSync(mask, png)
    // Where the copy should go, a folder is in the way.
    mkdirSync(join(task, 'mask.png'), { recursive: true })
    const error = await rejection(prepareFiles(task, native({ mask })))
    expect(error.code).toBe('storage')
    expect(error.message).toMatch(/^The mask could not be copied: /)
    expect(error.fields).toEqual({ mask: 'The file cannot be read; choose it again' })
  })
})

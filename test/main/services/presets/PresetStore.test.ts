import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { JsonFile } from '@main/adapters/fs/JsonFile'
import { PresetStore, type StoredPresets } from '@main/services/presets/PresetStore'
import { MAX_PRESETS_PER_FORM } from '@shared/presets/schemas'
import { AppFailure } from '@shared/result'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
let path: string
let clock = 1_000

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gen-studio-presets-'))
  path = join(dir, 'presets.json')
  clock = 1_000
})

afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const open = () => new PresetStore(new JsonFile<StoredPresets>(path), () => clock++)
const onDisk = () => JSON.parse(readFileSync(path, 'utf8')) as StoredPresets

async function failureOf(p: Promise<unknown>): Promise<AppFailure> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(AppFailure)
  return e as AppFailure
}

const portrait = { model: 'std-image-2', sizeChoice: '1024x1536', quality: 'high', n: '2' }

describe('PresetStore', () => {
  it('starts empty when there is no file, and writes nothing until a save', async () => {
    const store = open()
    expect(await store.list('images')).toEqual([])
    expect(readdirSync(dir)).toEqual([])
  })

  it('saves per form, lists by name, replaces a preset of the same name, deletes', async () => {
    const store = open()
    await store.save('images', 'Portrait', portrait)
    await store.save('art', 'Portrait', { steps: '28', characters: [{ prompt: 'a', x: 1 }] })
    const two = await store.save('images', 'Draft', { ...portrait, quality: 'low' })
    expect(two.map((p) => p.name)).toEqual(['Draft', 'Portrait'])
    expect(two.every((p) => p.form === 'images')).toBe(true)

    const replaced = await store.save('images', 'Portrait', { ...portrait, n: '4' })
    expect(replaced.find((p) => p.name === 'Portrait')).toEqual({
      form: 'images',
      name: 'Portrait',
      fields: { ...portrait, n: '4' },
      savedAt: 1_003,
    })
    expect((await store.list('art'))[0]!.fields).toEqual({
      steps: '28',
      characters: [{ prompt: 'a', x: 1 }],
    })

    expect((await store.delete('images', 'Draft')).map((p) => p.name)).toEqual(['Portrait'])
    expect((await failureOf(store.delete('images', 'Draft'))).error.code).toBe('not_found')
  })

  it('keeps presets across restarts in one atomic JSON file, leaving no temp files', async () => {
    await open().save('video', 'Fast 5s', { model: 'motion-2.0-fast', duration: '5' })
    expect(onDisk()).toEqual({
      version: 1,
      presets: [
        {
          form: 'video',
          name: 'Fast 5s',
          fields: { model: 'motion-2.0-fast', duration: '5' },
          savedAt: 1_000,
        },
      ],
    })
    expect(readdirSync(dir)).toEqual(['presets.json'])
    const again = await open().list('video')
    expect(again.map((p) => p.fields)).toEqual([{ model: 'motion-2.0-fast', duration: '5' }])
  })

  it('serialises concurrent saves: none is lost', async () => {
    const store = open()
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.save('images', `p${i}`, { n: String(i) })),
    )
    expect((await open().list('images')).length).toBe(20)
  })

  it('skips damaged entries and keeps a corrupt file aside instead of failing', async () => {
    writeFileSync(
      path,
      JSON.stringify({
        version: 1,
        presets: [
          { form: 'images', name: 'ok', fields: { n: '1' }, savedAt: 5 },
          { form: 'nope', name: 'bad form', fields: {}, savedAt: 5 },
          { form: 'images', name: '', fields: {}, savedAt: 5 },
          'garbage',
        ],
      }),
    )
    expect((await open().list('images')).map((p) => p.name)).toEqual(['ok'])

    writeFileSync(path, '{ not json')
    expect(await open().list('images')).toEqual([])
    expect(readdirSync(dir).some((f) => f.startsWith('presets.json.corrupt-'))).toBe(true)
  })

  it('refuses a preset beyond the per-form limit, but saving over an existing name still works', async () => {
    const store = open()
    for (let i = 0; i < MAX_PRESETS_PER_FORM; i++) await store.save('art', `p${i}`, { n: '1' })
    expect((await failureOf(store.save('art', 'one more', {}))).error.code).toBe('validation')
    expect(await store.save('art', 'p0', { n: '2' })).toHaveLength(MAX_PRESETS_PER_FORM)
    expect(await store.save('images', 'other form', {})).toHaveLength(1)
  })

  it('reports a failed write as storage and keeps the last saved state', async () => {
    const store = open()
    await store.save('images', 'kept', { n: '1' })
    rmSync(path)
    mkdirSync(path) // a folder where the file should be: the rename fails
    const failure = await failureOf(store.save('images', 'lost', { n: '2' }))
    expect(failure.error.code).toBe('storage')
    expect((await store.list('images')).map((p) => p.name)).toEqual(['kept'])
  })
})

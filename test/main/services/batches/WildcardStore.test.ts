import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { JsonFile } from '@main/adapters/fs/JsonFile'
import { WildcardStore } from '@main/services/batches/WildcardStore'
import { AppFailure } from '@shared/result'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
let path: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gen-studio-wildcards-'))
  path = join(dir, 'wildcards.json')
})

afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const open = () => new WildcardStore(new JsonFile(path))
const onDisk = () => JSON.parse(readFileSync(path, 'utf8')) as unknown

async function failureOf(p: Promise<unknown>): Promise<AppFailure> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(AppFailure)
  return e as AppFailure
}

describe('WildcardStore', () => {
  it('starts empty when there is no file', async () => {
    const store = open()
    expect(await store.list()).toEqual([])
    expect((await store.map()).size).toBe(0)
  })

  it('saves, lists sorted by name, replaces a list of the same name, deletes', async () => {
    const store = open()
    await store.save({ name: 'colours', values: ['red', 'blue'] })
    await store.save({ name: 'animals', values: ['fox', 'owl'] })
    const afterThird = await store.save({ name: 'Moods', values: ['calm'] })
    expect(afterThird.map((l) => l.name)).toEqual(['animals', 'colours', 'Moods'])

    const replaced = await store.save({ name: 'colours', values: ['green'] })
    expect(replaced).toEqual([
      { name: 'animals', values: ['fox', 'owl'] },
      { name: 'colours', values: ['green'] },
      { name: 'Moods', values: ['calm'] },
    ])
    expect(await store.map()).toEqual(
      new Map([
        ['animals', ['fox', 'owl']],
        ['colours', ['green']],
        ['Moods', ['calm']],
      ]),
    )

    const left = await store.delete('animals')
    expect(left.map((l) => l.name)).toEqual(['colours', 'Moods'])
    expect(onDisk()).toEqual({
      version: 1,
      lists: [
        { name: 'colours', values: ['green'] },
        { name: 'Moods', values: ['calm'] },
      ],
    })
  })

  it('deleting a name that does not exist is not_found and changes nothing', async () => {
    const store = open()
    await store.save({ name: 'colours', values: ['red'] })
    const before = readFileSync(path, 'utf8')
    const e = await failureOf(store.delete('shapes'))
    expect(e.error.code).toBe('not_found')
    expect(e.error.message).toContain('shapes')
    // The user is told what to do about it: the list they see is stale.
    expect(e.error.action).toMatch(/^Refresh the list/)
    expect(readFileSync(path, 'utf8')).toBe(before)
    // The store keeps working after a refused change.
    expect((await store.save({ name: 'shapes', values: ['circle'] })).map((l) => l.name)).toEqual([
      'colours',
      'shapes',
    ])
  })

  it('survives reopening: a new store on the same file reads what was saved', async () => {
    const first = open()
    await first.save({ name: 'colours', values: ['red', 'blue'] })
    await first.save({ name: 'sizes', values: ['small', 'large'] })
    await first.delete('sizes')
    const second = open()
    expect(await second.list()).toEqual([{ name: 'colours', values: ['red', 'blue'] }])
    expect((await second.map()).get('colours')).toEqual(['red', 'blue'])
  })

  it('skips a damaged entry in the file and keeps the good ones', async () => {
    writeFileSync(
      path,
      JSON.stringify({
        version: 1,
        lists: [
          { name: 'good', values: ['a', 'b'] },
          { name: 'bad name!', values: ['x'] },
          { name: 'empty', values: [] },
          { name: 'wrongType', values: 'not-a-list' },
          { values: ['no name'] },
          null,
          42,
          { name: 'extra', values: ['x'], unexpected: true },
          { name: '_edge', values: ['x'] },
          { name: 'also-good', values: ['c'] },
        ],
      }),
    )
    const store = open()
    expect(await store.list()).toEqual([
      { name: 'also-good', values: ['c'] },
      { name: 'good', values: ['a', 'b'] },
    ])
    // The next write keeps only the valid entries.
    await store.save({ name: 'new', values: ['n'] })
    expect(onDisk()).toEqual({
      version: 1,
      lists: [
        { name: 'good', values: ['a', 'b'] },
        { name: 'also-good', values: ['c'] },
        { name: 'new', values: ['n'] },
      ],
    })
  })

  it.each([
    ['not JSON', '{ this is not json'],
    ['no lists', JSON.stringify({ version: 1 })],
    ['lists is not an array', JSON.stringify({ version: 1, lists: { good: ['a'] } })],
    ['an array at the top', JSON.stringify([{ name: 'good', values: ['a'] }])],
  ])('a file with %s reads as empty and is replaced on the next save', async (_l, text) => {
    writeFileSync(path, text)
    const store = open()
    expect(await store.list()).toEqual([])
    await store.save({ name: 'fresh', values: ['f'] })
    expect(await open().list()).toEqual([{ name: 'fresh', values: ['f'] }])
  })

  it('keeps an unreadable file aside instead of overwriting it', async () => {
    writeFileSync(path, '{ broken')
    await open().list()
    expect(readdirSync(dir).some((f) => f.startsWith('wildcards.json.corrupt-'))).toBe(true)
  })

  it('serialises writes: concurrent saves all land', async () => {
    const store = open()
    const names = Array.from({ length: 12 }, (_, i) => `list-${String(i).padStart(2, '0')}`)
    await Promise.all(names.map((name) => store.save({ name, values: [name] })))
    expect((await open().list()).map((l) => l.name)).toEqual(names)
  })

  it('a failed write is a storage error and leaves the lists as they were', async () => {
    const store = open()
    await store.save({ name: 'kept', values: ['k'] })
    // The file's place is taken by a folder that is not empty: the rename cannot replace it.
    rmSync(path)
    mkdirSync(path)
    writeFileSync(join(path, 'inside'), '')
    const e = await failureOf(store.save({ name: 'lost', values: ['l'] }))
    expect(e.error.code).toBe('storage')
    // What failed and why, and where to look.
    expect(e.error.message).toMatch(/^The wildcard lists could not be saved: .+/)
    expect(e.error.action).toMatch(/app folder is writable/)
    expect(await store.list()).toEqual([{ name: 'kept', values: ['k'] }])
    // No temp file is left behind.
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })

  it('a file it cannot even read reads as empty and refuses writes as storage errors', async () => {
    writeFileSync(join(dir, 'blocker'), '')
    const store = new WildcardStore(new JsonFile(join(dir, 'blocker', 'wildcards.json')))
    expect(await store.list()).toEqual([])
    expect((await failureOf(store.save({ name: 'x', values: ['y'] }))).error.code).toBe('storage')
  })
})

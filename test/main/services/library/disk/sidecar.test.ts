import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import {
  HOLDING_DIR,
  parseBatchCell,
  parseSidecar,
  readSidecar,
  SidecarError,
  sidecarPathOf,
  withBatch,
  writeSidecar,
} from '@main/services/library/disk/sidecar'
import type { BatchCell } from '@shared/batch/types'
import type { LibrarySidecar } from '@shared/library/types'
import { describe, expect, it } from 'vitest'

const CELL: BatchCell = {
  batchId: '6f1c2a9e-batch',
  index: 7,
  x: 'steps 20',
  y: 'guidance 5',
  repeat: 2,
  picks: ['red', 'a fox'],
}

const sidecar = (over: Partial<LibrarySidecar> = {}): LibrarySidecar => ({
  format: 'gen-studio-library',
  version: 1,
  id: 'item-1',
  kind: 'art',
  model: 'art-v5',
  prompt: 'a fox',
  negativePrompt: '',
  params: { steps: 20 },
  seed: 3,
  costEstimate: 0.0125,
  sourceTaskId: 't-1',
  width: 64,
  height: 64,
  durationSec: null,
  bytes: 10,
  sha256: 'a'.repeat(64),
  created: '2026-03-14T09:30:00.000Z',
  favourite: false,
  demo: false,
  ...over,
})

describe('sidecar batch cell', () => {
  it('round-trips through the file with its batch cell and cost', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sidecar-'))
    try {
      const path = join(dir, 'x.png.json')
      await writeSidecar(path, sidecar({ batch: CELL }))
      expect(JSON.parse(readFileSync(path, 'utf8')).batch).toEqual(CELL)
      expect(await readSidecar(path)).toEqual(sidecar({ batch: CELL }))
      await writeSidecar(path, sidecar())
      expect('batch' in (await readSidecar(path))).toBe(false)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it.each([
    ['not an object', 'batch-1'],
    ['an array', [CELL]],
    ['no batch id', { ...CELL, batchId: undefined }],
    ['an empty batch id', { ...CELL, batchId: '' }],
    ['a batch id too long', { ...CELL, batchId: 'b'.repeat(161) }],
    ['a negative index', { ...CELL, index: -1 }],
    ['a fractional index', { ...CELL, index: 1.5 }],
    ['a label that is not text', { ...CELL, x: 20 }],
    ['a zero repeat', { ...CELL, repeat: 0 }],
    ['picks that are not a list', { ...CELL, picks: 'red' }],
    ['picks that are not text', { ...CELL, picks: ['red', 2] }],
  ])('drops a malformed batch (%s) and keeps the item', (_, batch) => {
    const parsed = parseSidecar(JSON.stringify({ ...sidecar(), batch }))
    expect(parsed).toEqual(sidecar())
    expect(parseBatchCell(batch)).toBeNull()
  })

  it('fills what an older or hand-edited cell leaves out', () => {
    expect(parseBatchCell({ batchId: 'b', index: 0 })).toEqual({
      batchId: 'b',
      index: 0,
      x: null,
      y: null,
      repeat: 1,
      picks: [],
    })
  })
})

describe('parseSidecar', () => {
  const parse = (v: unknown) => parseSidecar(JSON.stringify(v))
  /** What every field but the id and the created time reads as when it is missing or malformed. */
  const DEFAULTS = {
    kind: 'imported',
    model: '',
    prompt: '',
    negativePrompt: '',
    params: {},
    seed: null,
    costEstimate: null,
    sourceTaskId: null,
    width: null,
    height: null,
    durationSec: null,
    bytes: 0,
    sha256: '',
    favourite: false,
    demo: false,
  } satisfies Partial<LibrarySidecar>

  it('reads a complete sidecar back exactly as written', () => {
    const full = sidecar({ originalName: 'castle.png', favourite: true, demo: true })
    expect(parse(full)).toEqual(full)
  })

  it('fills every field an older or hand-edited sidecar leaves out', () => {
    expect(parse({ id: 'x_1.a~b-c', created: '2026-03-14T10:30:00+01:00' })).toEqual({
      format: 'gen-studio-library',
      version: 1,
      id: 'x_1.a~b-c',
      ...DEFAULTS,
      created: '2026-03-14T09:30:00.000Z',
    })
  })

  it('replaces fields of the wrong type with their defaults, keeping the item', () => {
    const odd = parse({
      ...sidecar(),
      kind: 'painting',
      model: 5,
      prompt: ['a fox'],
      negativePrompt: null,
      params: [1, 2],
      seed: '3',
      costEstimate: Number.POSITIVE_INFINITY, // JSON writes null
      sourceTaskId: 7,
      width: 'wide',
      height: {},
      durationSec: true,
      bytes: '10',
      sha256: 'A'.repeat(64),
      favourite: 'yes',
      demo: 1,
      originalName: 3,
    })
    expect(odd).toEqual({ ...sidecar(), ...DEFAULTS })
    expect(parse({ ...sidecar(), sha256: 'a'.repeat(63) }).sha256).toBe('')
    expect(parse({ ...sidecar(), sha256: `${'a'.repeat(64)}0` }).sha256).toBe('')
    expect(parse({ ...sidecar(), sha256: `x${'a'.repeat(64)}` }).sha256).toBe('')
    expect(parse({ ...sidecar(), kind: 'video', durationSec: 4.5 })).toMatchObject({
      kind: 'video',
      durationSec: 4.5,
    })
  })

  it.each([
    ['not JSON', '{"id": "x",', /not valid JSON \(.+\)/],
    ['not an object', '[1]', /not a JSON object/],
    ['null', 'null', /not a JSON object/],
    ['no id', JSON.stringify({ created: '2026-03-14T09:30:00Z' }), /no valid id/],
    ['an id that is a number', JSON.stringify({ id: 5, created: '2026-03-14' }), /no valid id/],
    ['an empty id', JSON.stringify({ id: '', created: '2026-03-14' }), /no valid id/],
    ['an id with a slash', JSON.stringify({ id: 'a/b', created: '2026-03-14' }), /no valid id/],
    [
      'an id ending in a slash',
      JSON.stringify({ id: 'ab/', created: '2026-03-14' }),
      /no valid id/,
    ],
    [
      'an id starting with a slash',
      JSON.stringify({ id: '/ab', created: '2026-03-14' }),
      /no valid id/,
    ],
    [
      'an id too long',
      JSON.stringify({ id: 'i'.repeat(129), created: '2026-03-14' }),
      /no valid id/,
    ],
    ['no created time', JSON.stringify({ id: 'x' }), /no valid created time/],
    [
      'a created time that is a number',
      JSON.stringify({ id: 'x', created: 5 }),
      /no valid created time/,
    ],
    [
      'a created time that is not a date',
      JSON.stringify({ id: 'x', created: 'soon' }),
      /no valid created time/,
    ],
  ])('refuses a sidecar with %s, with a message that says why', (_, text, message) => {
    expect(() => parseSidecar(text)).toThrow(SidecarError)
    expect(() => parseSidecar(text)).toThrow(message)
  })

  it('takes an id of up to 128 characters', () => {
    expect(parse({ ...sidecar(), id: 'i'.repeat(128) }).id).toBe('i'.repeat(128))
  })
})

describe('sidecar paths and the batch field', () => {
  it('names the sidecar after the whole media file name', () => {
    expect(sidecarPathOf('a/b/x.png')).toBe('a/b/x.png.json')
    expect(HOLDING_DIR).toBe('.trash')
  })

  it('spreads a batch only when there is one', () => {
    expect(withBatch(CELL)).toEqual({ batch: CELL })
    expect(withBatch(null)).toEqual({})
    expect(withBatch(undefined)).toEqual({})
  })

  it('takes labels up to 500 characters, an index of 0 and up to 100 text picks', () => {
    const ok = { ...CELL, index: 0, x: 'x'.repeat(500), y: null, picks: Array(100).fill('p') }
    expect(parseBatchCell(ok)).toEqual(ok)
    expect(parseBatchCell({ ...CELL, x: 'x'.repeat(501) })).toBeNull()
    expect(parseBatchCell({ ...CELL, y: 'y'.repeat(501) })).toBeNull()
    expect(parseBatchCell({ ...CELL, y: 5 })).toBeNull()
    expect(parseBatchCell({ ...CELL, picks: Array(101).fill('p') })).toBeNull()
    expect(parseBatchCell({ ...CELL, batchId: 'b'.repeat(160) })).toEqual({
      ...CELL,
      batchId: 'b'.repeat(160),
    })
    expect(parseBatchCell({ ...CELL, batchId: 5 })).toBeNull()
    expect(parseBatchCell({ ...CELL, index: '1' })).toBeNull()
    expect(parseBatchCell({ ...CELL, repeat: 1 })).toEqual({ ...CELL, repeat: 1 })
    expect(parseBatchCell({ ...CELL, repeat: 2.5 })).toBeNull()
    expect(parseBatchCell({ ...CELL, index: 2 ** 53 })).toBeNull()
  })

  it('keeps its own copy of the picks', () => {
    const picks = ['red']
    const cell = parseBatchCell({ ...CELL, picks })!
    picks.push('blue')
    expect(cell.picks).toEqual(['red'])
  })
})

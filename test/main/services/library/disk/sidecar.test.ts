import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import {
  parseBatchCell,
  parseSidecar,
  readSidecar,
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

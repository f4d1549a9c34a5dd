import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { type IndexRow, LibraryIndex } from '@main/services/library/index/LibraryIndex'
import { PromptVocab } from '@main/services/library/vocabulary/promptVocab'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
let index: LibraryIndex
let seq = 0
/** The vocabulary's clock: it re-checks the index at most every 1.5 s. */
let clock = 0
const later = () => (clock += 2_000)

const BASE = new Date(2026, 0, 1).getTime()

function row(prompt: string, createdMs = BASE + seq * 1000): IndexRow {
  const i = seq++
  return {
    relPath: `f/${i}.png`,
    media: 'image',
    ext: 'png',
    fileMtime: 1,
    fileSize: 1,
    sidecarMtime: 1,
    problem: null,
    sidecar: {
      format: 'gen-studio-library',
      version: 1,
      id: `id-${i}`,
      kind: 'art',
      model: 'art-v5',
      prompt,
      negativePrompt: 'blurry, bad hands',
      params: {},
      seed: i,
      costEstimate: 0.01,
      sourceTaskId: null,
      width: 64,
      height: 64,
      durationSec: null,
      bytes: 10,
      sha256: i.toString(16).padStart(64, '0'),
      created: new Date(createdMs).toISOString(),
      favourite: false,
      demo: false,
    },
  }
}

beforeEach(() => {
  seq = 0
  clock = 0
  dir = mkdtempSync(join(tmpdir(), 'prompt-vocab-'))
  index = new LibraryIndex(join(dir, 'index.sqlite'))
})
afterEach(() => {
  index.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('PromptVocab (real SQLite index)', () => {
  it('ranks tags and words by the number of prompts using them, case-insensitively', async () => {
    index.upsert([
      row('1girl, Blue Hair, blue eyes'),
      row('1girl, blue hair, smile'),
      row('2girls, blue hair, blush'),
      row('blush, blue sky'),
    ])
    const vocab = new PromptVocab(index.db, () => clock)
    // Labels are the newest spelling; ties go to the shorter, then alphabetical.
    expect(await vocab.suggest('BLU', 10)).toEqual([
      { text: 'blue', count: 4 },
      { text: 'blue hair', count: 3 },
      { text: 'blush', count: 2 },
      { text: 'blue sky', count: 1 },
      { text: 'blue eyes', count: 1 },
    ])
    expect((await vocab.suggest('blue h', 10)).map((t) => t.text)).toEqual(['blue hair'])
    index.upsert([row('Blue Hair, night')])
    later()
    expect((await vocab.suggest('blue h', 10))[0]).toEqual({ text: 'Blue Hair', count: 4 })
    expect(await vocab.suggest('zzz', 10)).toEqual([])
    expect(await vocab.suggest('   ', 10)).toEqual([])
    // The negative prompt is not a source of suggestions.
    expect(await vocab.suggest('bad', 10)).toEqual([])
  })

  it('honours the limit, keeping the most used', async () => {
    index.upsert(Array.from({ length: 30 }, (_, i) => row(`tag${i % 10}, tag${i % 3}`)))
    const top = await new PromptVocab(index.db, () => clock).suggest('tag', 3)
    expect(top.map((t) => t.text)).toEqual(['tag0', 'tag1', 'tag2'])
  })

  it('adds newly saved results without a rebuild and rebuilds when items went away', async () => {
    index.upsert([row('red fox'), row('red panda')])
    const vocab = new PromptVocab(index.db, () => clock)
    expect(await vocab.suggest('red', 5)).toEqual([
      { text: 'red', count: 2 },
      { text: 'red fox', count: 1 },
      { text: 'red panda', count: 1 },
    ])
    index.upsert([row('red fox, redwood')])
    // Within 1.5 s of the last check the table answers as it is (typing asks many times a second).
    expect((await vocab.suggest('redw', 5)).length).toBe(0)
    later()
    expect(await vocab.suggest('red', 5)).toEqual([
      { text: 'red', count: 3 },
      { text: 'red fox', count: 2 },
      { text: 'redwood', count: 1 },
      { text: 'red panda', count: 1 },
    ])
    index.removePaths(['f/0.png', 'f/2.png'])
    later()
    expect(await vocab.suggest('red', 5)).toEqual([
      { text: 'red', count: 1 },
      { text: 'red panda', count: 1 },
    ])
    // An older file imported later lands below the newest rows: seen too.
    index.upsert([row('red moon', BASE - 10_000)])
    later()
    expect((await vocab.suggest('red m', 5)).map((t) => t.text)).toEqual(['red moon'])
  })

  it('reads a large library in steps and answers a prefix fast once built', async () => {
    const words = ['castle', 'cat', 'catalog', 'cathedral', 'cave', 'cavern', 'ceiling']
    index.upsert(
      Array.from({ length: 12_000 }, (_, i) =>
        row(`${words[i % words.length]}, scene ${i % 500}, light ${i}`, BASE + i),
      ),
    )
    const vocab = new PromptVocab(index.db, () => clock)
    const first = await vocab.suggest('ca', 4)
    // 12 000 = 7 × 1714 + 2: castle and cat are used once more than the others.
    expect(first).toEqual([
      { text: 'cat', count: 1715 },
      { text: 'castle', count: 1715 },
      { text: 'cave', count: 1714 },
      { text: 'cavern', count: 1714 },
    ])
    const t0 = performance.now()
    for (let i = 0; i < 100; i++) await vocab.suggest('li', 10)
    expect((performance.now() - t0) / 100).toBeLessThan(20)
  })
})

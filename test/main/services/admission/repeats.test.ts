/**
 * Catching a paid repeat (admission/repeats.ts, issue #29): a request's canonical hash, with its
 * references hashed by content, and the refusal that says what was paid and when.
 */
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

import {
  canonicalHashOf,
  canonicalHashSync,
  hashReferences,
  refuseRepeat,
} from '@main/services/admission/repeats'
import { dayKeyOf } from '@shared/spending/days'
import { canonicalRequest } from '@shared/tasks/canonical'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import { rejection } from '@test/support/rejection'
import { tempFolderPerTest } from '@test/support/tempFolderPerTest'
import { beforeEach, describe, expect, it } from 'vitest'

let dir: string
const folder = tempFolderPerTest('gen-studio-repeats-')
beforeEach(() => {
  dir = folder.path
})

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex')
const image = { model: 'std-image-2', prompt: 'a fox' }
const edit = (images: string[]) => ({ kind: 'edit', request: image, images }) as SubmitTaskInput

describe('canonicalHashOf', () => {
  it('is the SHA-256 of the canonical form, with each reference replaced by its content hash', async () => {
    const a = join(dir, 'a.png')
    writeFileSync(a, 'bytes of a')
    const form = canonicalRequest(edit([a]), () => sha('bytes of a'))!
    expect(await canonicalHashOf(edit([a]))).toBe(sha(form))
  })

  it('the same bytes under another name are the same request; other bytes are another', async () => {
    const a = join(dir, 'a.png')
    const copy = join(dir, 'copy.png')
    const b = join(dir, 'b.png')
    writeFileSync(a, 'one')
    writeFileSync(copy, 'one')
    writeFileSync(b, 'two')
    const hash = await canonicalHashOf(edit([a]))
    expect(await canonicalHashOf(edit([copy]))).toBe(hash)
    expect(await canonicalHashOf(edit([b]))).not.toBe(hash)
  })

  it('a seeded kind with no seed named can never be a repeat', async () => {
    const native = {
      kind: 'native',
      request: { input: 'x', model: 'art-diffusion-4-5-full', action: 'generate', parameters: {} },
    } as SubmitTaskInput
    expect(await canonicalHashOf(native)).toBeNull()
    expect(canonicalHashSync(native, new Map())).toBeNull()
  })

  it('reads each file once per batch: a hash already known is not read again', async () => {
    const a = join(dir, 'a.png')
    writeFileSync(a, 'new bytes')
    const hashes = new Map([[a, 'known']])
    await hashReferences(edit([a]), hashes)
    expect(hashes.get(a)).toBe('known')
    // A path it does not know yet is read and added; a path that is gone cannot be hashed.
    const b = join(dir, 'b.png')
    writeFileSync(b, 'b bytes')
    const shared = new Map<string, string>()
    await canonicalHashOf(edit([b]), shared)
    expect(shared.get(b)).toBe(sha('b bytes'))
    await expect(hashReferences(edit([join(dir, 'gone.png')]), new Map())).rejects.toThrow()
  })

  it('hashes a file larger than one read chunk whole', async () => {
    const big = Buffer.alloc(200_000)
    for (let i = 0; i < big.length; i++) big[i] = i % 251
    const path = join(dir, 'big.png')
    writeFileSync(path, big)
    const hashes = new Map<string, string>()
    await hashReferences(edit([path]), hashes)
    expect(hashes.get(path)).toBe(sha(big))
  })
})

describe('refuseRepeat', () => {
  const paid = {
    taskId: 't1',
    libraryIds: ['l1', 'l2'],
    amountUsd: 0.0405,
    costLabel: '≈ $0.0405',
    paidAt: new Date(2026, 2, 14, 12).getTime(),
  }

  it('says what was paid and on which day, with what the screen needs to open it', async () => {
    const error = await rejection(Promise.resolve().then(() => refuseRepeat(paid)))
    expect(error.code).toBe('repeat')
    expect(error.message).toBe(`You paid $0.0405 for this on ${dayKeyOf(paid.paidAt)}.`)
    expect(error.repeat).toStrictEqual(paid)
    expect(error.action).toMatch(/generate again anyway/)
  })

  it('an amount is shown to the micro-dollar; an unpriced one by its label', async () => {
    const tiny = await rejection(
      Promise.resolve().then(() => refuseRepeat({ ...paid, amountUsd: 0.0000014 })),
    )
    expect(tiny.message).toContain('$0.000001 ')
    const unpriced = await rejection(
      Promise.resolve().then(() => refuseRepeat({ ...paid, amountUsd: null })),
    )
    expect(unpriced.message).toContain('paid ≈ $0.0405 for')
  })
})

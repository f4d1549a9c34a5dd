import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { exists } from '@main/adapters/fs/exists'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gen-studio-exists-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('exists', () => {
  it('is true for a file and for a folder', async () => {
    writeFileSync(join(dir, 'a.png'), 'x')
    mkdirSync(join(dir, 'sub'))
    expect(await exists(join(dir, 'a.png'))).toBe(true)
    expect(await exists(join(dir, 'sub'))).toBe(true)
  })

  it('is false, never a throw, for a missing path or a path through a file', async () => {
    writeFileSync(join(dir, 'a.png'), 'x')
    expect(await exists(join(dir, 'missing.png'))).toBe(false)
    // ENOTDIR rather than ENOENT: still "not there".
    expect(await exists(join(dir, 'a.png', 'inner'))).toBe(false)
  })
})

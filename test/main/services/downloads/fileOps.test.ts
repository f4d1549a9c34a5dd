import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { nodeFileOps } from '@main/services/downloads/fileOps'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

/**
 * The real disk calls downloads make: whether a final name is taken (a result is never saved over
 * another), and the fsyncs that make a saved result durable, which must close every descriptor
 * they open (a download per result: a leak would end in EMFILE and lost results).
 */
let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'file-ops-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** Descriptors this process holds (Linux, where CI runs: /proc/self/fd). */
const openDescriptors = () => readdirSync('/proc/self/fd').length

describe('nodeFileOps', () => {
  it('answers whether a name is taken with a boolean', async () => {
    writeFileSync(join(dir, 'taken.png'), 'x')
    expect(await nodeFileOps.exists(join(dir, 'taken.png'))).toBe(true)
    expect(await nodeFileOps.exists(join(dir, 'free.png'))).toBe(false)
  })

  it('syncs a file and a folder without keeping a descriptor open', async () => {
    const file = join(dir, 'result.png')
    writeFileSync(file, 'bytes')
    const before = openDescriptors()
    for (let i = 0; i < 5; i++) {
      await nodeFileOps.syncFile(file)
      await nodeFileOps.syncDir(dir)
    }
    expect(openDescriptors()).toBe(before)
  })

  it('refuses to sync a file that is not there, so a lost result is never called durable', async () => {
    await expect(nodeFileOps.syncFile(join(dir, 'gone.png'))).rejects.toMatchObject({
      code: 'ENOENT',
    })
  })

  it('passes over a folder it cannot open (a folder sync is best effort)', async () => {
    await expect(nodeFileOps.syncDir(join(dir, 'no-such-folder'))).resolves.toBeUndefined()
  })
})

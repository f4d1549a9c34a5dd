import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import type * as FsPromises from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { nodeFileOps } from '@main/services/downloads/fileOps'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** Each path whose handle was fsynced, in order: the disk's flush cannot be seen any other way. */
const fsynced = vi.hoisted(() => [] as string[])
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>()
  const open = async (...args: Parameters<typeof real.open>) => {
    const handle = await real.open(...args)
    const sync = handle.sync.bind(handle)
    handle.sync = async () => {
      fsynced.push(String(args[0]))
      await sync()
    }
    return handle
  }
  return { ...real, open }
})

/**
 * The real disk calls downloads make: whether a final name is taken (a result is never saved over
 * another), and the fsyncs that make a saved result durable, which must close every descriptor
 * they open (a download per result: a leak would end in EMFILE and lost results).
 */
let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'file-ops-'))
  fsynced.length = 0
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

  it('flushes the file’s data, then the folder that holds its name', async () => {
    const file = join(dir, 'result.png')
    writeFileSync(file, 'bytes')
    await nodeFileOps.syncFile(file)
    await nodeFileOps.syncDir(dir)
    expect(fsynced).toEqual([file, dir])
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

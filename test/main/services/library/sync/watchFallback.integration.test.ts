import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { LibraryService } from '@main/services/library/LibraryService'
import type { WatchFolder } from '@main/services/library/sync/folderWatch'
import { writeResults } from '@test/support/libraryFolder'
import { libraryServiceAt } from '@test/support/libraryServiceAt'
import { makePng } from '@test/support/mediaFixtures'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * Issue #28: a watch that fails (the OS's limit on inotify watches, ENOSPC) must not leave the
 * library blind. The watch adapter is the service's own option (`watchFolder`); these adapters
 * fail the way the OS makes a real one fail.
 */
const dirs: string[] = []
const services: LibraryService[] = []
afterEach(async () => {
  for (const s of services.splice(0)) await s.close()
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

const enospc = () =>
  Object.assign(new Error('ENOSPC: System limit for number of file watchers reached, watch'), {
    code: 'ENOSPC',
  })

async function library(watchFolder: WatchFolder) {
  const root = await mkdtemp(join(tmpdir(), 'wfail-lib-'))
  const userData = await mkdtemp(join(tmpdir(), 'wfail-ud-'))
  dirs.push(root, userData)
  const logs: string[] = []
  const lib = libraryServiceAt(root, userData, {
    watchFolder,
    pollMs: 200,
    log: (m) => logs.push(m),
  })
  services.push(lib)
  await lib.whenReconciled()
  return { lib, root, logs }
}

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('a folder watch that fails falls back to polling (issue #28)', () => {
  it('fails while running: the folder is polled from then on, and the Sync panel says why', async () => {
    let fail: ((e: Error) => void) | null = null
    let closed = 0
    const { lib, root, logs } = await library((_root, _onChange, onError) => {
      fail = onError
      return { close: () => void closed++ }
    })
    expect((await lib.syncStatus()).changes).toEqual({
      watching: true,
      pollEverySec: null,
      reason: null,
    })
    fail!(enospc())
    await until(async () => (await lib.syncStatus()).changes.pollEverySec !== null)
    const { changes } = await lib.syncStatus()
    expect(changes.watching).toBe(false)
    expect(changes.pollEverySec).toBe(0.2)
    expect(changes.reason).toMatch(/limit on watched folders/)
    expect(closed).toBe(1)
    expect(logs.join('\n')).toMatch(/polling it instead/)
    // The watch reports nothing any more: what arrives is found by the poller.
    await writeResults(join(root, '2026', '01', '02'), 3, await makePng(8, 8), { name: 'late' })
    await until(async () => (await lib.status()).itemCount === 3)
  })

  it('cannot start: polled from the start', async () => {
    const { lib, root } = await library(() => {
      throw enospc()
    })
    await until(async () => (await lib.syncStatus()).changes.pollEverySec !== null)
    expect((await lib.syncStatus()).changes).toMatchObject({ watching: false, pollEverySec: 0.2 })
    await writeResults(join(root, '2026', '01', '03'), 2, await makePng(8, 8), { name: 'new' })
    await until(async () => (await lib.status()).itemCount === 2)
  })
})

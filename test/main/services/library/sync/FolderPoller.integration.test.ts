import { promises as fs } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { LibraryService } from '@main/services/library/LibraryService'
import { POLL_MS } from '@main/services/library/sync/FolderPoller'
import { writeResults } from '@test/support/libraryFolder'
import { libraryServiceAt } from '@test/support/libraryServiceAt'
import { makePng } from '@test/support/mediaFixtures'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * Issue #28 point 5: a folder whose change events never arrive (a network share: the kernel sees
 * only this machine's writes). The services here have no watcher at all (`watch: false`), so
 * whatever reaches the index came through the poller, at its real interval.
 */
const dirs: string[] = []
const services: LibraryService[] = []
afterEach(async () => {
  for (const s of services.splice(0)) await s.close()
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

const NOTICED_WITHIN_MS = 10_000

async function library(networkShare: boolean) {
  const root = await mkdtemp(join(tmpdir(), 'poll-lib-'))
  const userData = await mkdtemp(join(tmpdir(), 'poll-ud-'))
  dirs.push(root, userData)
  await writeResults(join(root, '2025', '05', '06'), 20, await makePng(8, 8), { name: 'old' })
  const logs: string[] = []
  const lib = libraryServiceAt(root, userData, {
    watch: false,
    networkShare: async (dir) => networkShare && dir === root,
    log: (m) => logs.push(m),
  })
  services.push(lib)
  await lib.whenReconciled()
  expect((await lib.status()).itemCount).toBe(20)
  return { lib, root, logs }
}

const has = (lib: LibraryService, id: string) =>
  lib.get(id).then(
    () => true,
    () => false,
  )

/** Milliseconds until `check` holds, polled every 50 ms; throws past NOTICED_WITHIN_MS. */
async function noticedIn(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > NOTICED_WITHIN_MS)
      throw new Error(`not noticed within ${NOTICED_WITHIN_MS} ms`)
    await new Promise((r) => setTimeout(r, 50))
  }
  return Date.now() - started
}

describe('a library folder on a network share is polled (issue #28)', () => {
  it('polls at an interval that leaves room for the debounce and settle time inside 10 s', () => {
    expect(POLL_MS).toBeLessThanOrEqual(5000)
  })

  it('notices new, changed and removed results within 10 s without any change event, and only when the folder is a network share', async () => {
    const polled = await library(true)
    const trusted = await library(false)
    expect(polled.logs.join('\n')).toMatch(/network share: polling/)
    const png = await makePng(8, 8, '#aa3300')

    // New results: into a known day folder, and into a new day folder of a new month.
    await Promise.all(
      [polled.root, trusted.root].map(async (root) => {
        await writeResults(join(root, '2025', '05', '06'), 1, png, { name: 'same-day' })
        await writeResults(join(root, '2025', '07', '01'), 2, png, { name: 'new-day' })
      }),
    )
    const added = await noticedIn(
      async () =>
        (await has(polled.lib, 'same-day-0')) &&
        (await has(polled.lib, 'new-day-0')) &&
        (await has(polled.lib, 'new-day-1')),
    )
    console.info(`[poll] new results indexed ${added} ms after they were written`)
    expect((await polled.lib.status()).itemCount).toBe(23)

    // A sidecar rewritten the way sync engines and the app write them (temp file, then rename).
    const sidecar = join(polled.root, '2025', '05', '06', 'old-3.png.json')
    const body = JSON.parse(await fs.readFile(sidecar, 'utf8'))
    await fs.writeFile(`${sidecar}.tmp`, JSON.stringify({ ...body, rating: 5, tags: ['far'] }))
    await fs.rename(`${sidecar}.tmp`, sidecar)
    const edited = await noticedIn(async () => (await polled.lib.get('old-3')).rating === 5)
    expect((await polled.lib.get('old-3')).tags).toEqual(['far'])

    // Removed: one file, and a whole day folder.
    await fs.rm(join(polled.root, '2025', '05', '06', 'old-7.png'))
    await fs.rm(join(polled.root, '2025', '05', '06', 'old-7.png.json'))
    await fs.rm(join(polled.root, '2025', '07'), { recursive: true })
    const removed = await noticedIn(
      async () =>
        !(await has(polled.lib, 'old-7')) &&
        !(await has(polled.lib, 'new-day-0')) &&
        (await polled.lib.status()).itemCount === 20,
    )
    console.info(`[poll] an edit noticed in ${edited} ms, removals in ${removed} ms`)

    // The control: the same changes in a folder that is not a network share (and, here, has no
    // watcher either) were never picked up in all that time.
    expect(await has(trusted.lib, 'same-day-0')).toBe(false)
    expect(await has(trusted.lib, 'new-day-0')).toBe(false)
    expect((await trusted.lib.status()).itemCount).toBe(20)
  }, 60_000)
})

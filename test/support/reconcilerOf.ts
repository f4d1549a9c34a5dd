import { promises as fs } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { Thumbnailer } from '@main/adapters/thumbnails/Thumbnailer'
import { MainEvents } from '@main/events'
import { LibraryCore, type LibraryServiceOptions } from '@main/services/library/core/LibraryCore'
import { DeleteHolding } from '@main/services/library/holding/DeleteHolding'
import { LibraryIndex } from '@main/services/library/index/LibraryIndex'
import { LibraryReconciler } from '@main/services/library/sync/reconcile'
import type { LibraryChange } from '@shared/library/types'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'

import { writeResults } from './libraryFolder'
import { makePng } from './mediaFixtures'

/**
 * A LibraryReconciler over `root` on a core of its own, with a fresh index in `userData` (pushed
 * to `open` for the test to close): no LibraryService, no folder watch, so a test drives all()
 * and paths() itself and sees what they announce (`changes`) and ask of LibraryFolder
 * (`onWaiting`, `onUnreadable`). For the fast tests of sync/reconcile.ts.
 */
export function reconcilerOf(
  root: string,
  userData: string,
  open: LibraryIndex[],
  extra: Partial<Pick<LibraryServiceOptions, 'reader' | 'writer' | 'readerStampsFrom'>> = {},
) {
  const events = new MainEvents()
  const changes: LibraryChange[] = []
  events.forward((e, p) => {
    if (e === 'library:changed') changes.push(p as LibraryChange)
  })
  const trash = { trashItem: async () => {} }
  const options: LibraryServiceOptions = {
    settings: { settings: async () => ({ libraryDir: root }) },
    events,
    indexPath: join(userData, 'index.sqlite'),
    thumbs: new Thumbnailer(join(userData, 'thumbs')),
    trash,
    ...extra,
  }
  const core = new LibraryCore(
    options,
    options.thumbs,
    new DeleteHolding(trash, 1000),
    Date.now,
    () => {},
  )
  core.index = new LibraryIndex(options.indexPath)
  open.push(core.index)
  core.root = root
  const onUnreadable = vi.fn(async () => {})
  const onWaiting = vi.fn()
  const reconciler = new LibraryReconciler(core, onUnreadable, onWaiting)
  return { core, reconciler, changes, onWaiting, onUnreadable, indexPath: options.indexPath }
}

/** What reconcilerOf gives a test. */
export type Reconciling = ReturnType<typeof reconcilerOf>

/**
 * The shared set-up of reconcile's fast suites: a temp folder (removed after the file), an 8×8
 * PNG, `big` (501 saved results with sidecars, one more than a 500-row chunk; only read), fresh
 * folders (`dirOf`) and reconcilers whose indexes close after each test, with every spy restored.
 */
export function reconcilerSuite(prefix: string) {
  let base = ''
  let seq = 0
  const open: LibraryIndex[] = []
  const suite = {
    png: Buffer.alloc(0),
    big: '',
    async dirOf(name: string): Promise<string> {
      const dir = join(base, `${name}-${seq++}`)
      await fs.mkdir(dir, { recursive: true })
      return dir
    },
    async reconcilerOf(
      root: string,
      extra: Parameters<typeof reconcilerOf>[3] = {},
    ): Promise<Reconciling> {
      return reconcilerOf(root, await suite.dirOf('ud'), open, extra)
    },
  }
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), prefix))
    suite.png = await makePng(8, 8)
    suite.big = join(base, 'big')
    await writeResults(join(suite.big, '2025', '05', '06'), 501, suite.png, { name: 'b' })
  })
  afterEach(() => {
    vi.restoreAllMocks()
    for (const i of open.splice(0)) i.close()
  })
  afterAll(async () => {
    await rm(base, { recursive: true, force: true })
  })
  return suite
}

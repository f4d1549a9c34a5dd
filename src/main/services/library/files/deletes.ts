import { promises as fs } from 'node:fs'
import { join } from 'node:path'

import type { DeleteReceipt, LibraryItem, LibraryTile } from '@shared/library/types'
import { fail } from '@shared/result'

import { exists } from '../../../adapters/fs/exists'
import { t } from '../../../i18n'
import type { LibraryCore } from '../core/LibraryCore'
import { isLinkFree, storageFailure } from '../disk/fsUtil'
import type { DiskStamp } from '../disk/scan'
import { sidecarPathOf } from '../disk/sidecar'
import type { DeleteHolding } from '../holding/DeleteHolding'
import type { LibraryReconciler } from '../sync/reconcile'

/**
 * Deletes with undo: the files go to the library's trash (DeleteHolding: 30 days, on every
 * machine that syncs the folder, then the OS trash), and an undo or a restore from the Sync
 * panel puts them back and re-indexes them. Each runs in the core's queue.
 */
export class LibraryDeletes {
  constructor(
    private readonly core: LibraryCore,
    private readonly reconcile: LibraryReconciler,
  ) {}

  private rowsFor(...args: Parameters<LibraryReconciler['rowsFor']>) {
    return this.reconcile.rowsFor(...args)
  }

  /** Deletes items with undo (see DeleteHolding); returns the token for `undoDelete`. */
  delete(ids: string[]): Promise<DeleteReceipt> {
    return this.core.serial(async () => {
      const root = this.core.dir()
      const items = ids
        .map((id) => this.core.idx().get(id))
        .filter((i): i is LibraryItem => i !== null)
      if (!items.length) return fail('not_found', t('deleteNothing'))
      const present: string[] = []
      for (const item of items) {
        // Never through a link: renaming one would move the real file outside the library.
        const inside = await isLinkFree(root, item.relPath).catch(() => false)
        if (inside && (await exists(join(root, item.relPath)))) present.push(item.relPath)
      }
      let receipt = { token: '', undoUntil: this.core.now() }
      if (present.length) {
        try {
          receipt = await this.core.holding.hold(root, present)
        } catch (e) {
          return storageFailure('delete', e, root)
        }
      }
      const removed = this.core.idx().removePaths(items.map((i) => i.relPath))
      this.core.emit({ reason: 'removed', ids: removed })
      this.core.emitStatus()
      return { token: receipt.token, count: items.length, undoUntil: receipt.undoUntil }
    })
  }

  /** Restores a delete while its undo window is open. */
  undoDelete(token: string): Promise<LibraryTile[]> {
    return this.core.serial(async () => {
      let restored: Awaited<ReturnType<DeleteHolding['undo']>>
      try {
        restored = await this.core.holding.undo(this.core.dir(), token)
      } catch (e) {
        return storageFailure('restore', e, this.core.dir())
      }
      if (!restored) {
        return fail('not_found', t('deleteNotInTrash'), {
          action: t('deleteNotInTrashAction'),
        })
      }
      const stamps: Array<[string, DiskStamp]> = []
      for (const rel of restored.relPaths) {
        const abs = join(restored.root, rel)
        const st = await fs.stat(abs)
        const sc = await fs.stat(sidecarPathOf(abs)).catch(() => null)
        stamps.push([
          rel,
          {
            fileMtime: Math.round(st.mtimeMs),
            fileSize: st.size,
            sidecarMtime: sc ? Math.round(sc.mtimeMs) : -1,
          },
        ])
      }
      if (restored.root !== this.core.root) return []
      const rows = await this.rowsFor(restored.root, stamps)
      this.core.idx().upsert(rows)
      const tiles = rows
        .map((r) => this.core.idx().get(r.sidecar.id))
        .filter((t): t is LibraryItem => t !== null)
      this.core.emit({ reason: 'added', ids: tiles.map((t) => t.id) })
      this.core.emitStatus()
      return tiles
    })
  }
}

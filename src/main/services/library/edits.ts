import { promises as fs } from 'node:fs'
import { basename, join } from 'node:path'

import { withOrganise } from '@shared/library/organise'
import type { DeleteReceipt, LibraryItem, LibrarySidecar, LibraryTile } from '@shared/library/types'
import { fail } from '@shared/result'

import { exists } from '../../adapters/fs/exists'
import type { DeleteHolding } from './DeleteHolding'
import { errnoOf, isLinkFree, storageFailure } from './fsUtil'
import type { LibraryCore } from './LibraryCore'
import type { LibraryReconciler } from './reconcile'
import type { DiskStamp } from './scan'
import { readSidecar, sidecarPathOf, withBatch, writeSidecar } from './sidecar'

/**
 * What the user changes in the library: favourites (written to the sidecar, the source of truth,
 * first) and deletes with undo (through DeleteHolding to the OS trash). Each runs in the core's
 * queue.
 */
export class LibraryEdits {
  constructor(
    private readonly core: LibraryCore,
    private readonly reconcile: LibraryReconciler,
    /** LibraryService.get: the item, or a not_found failure. */
    private readonly get: (id: string) => Promise<LibraryItem>,
  ) {}

  private rowsFor(...args: Parameters<LibraryReconciler['rowsFor']>) {
    return this.reconcile.rowsFor(...args)
  }

  /** Marks or unmarks a favourite; written to the sidecar (the source of truth) first. */
  setFavourite(id: string, favourite: boolean): Promise<LibraryTile> {
    return this.core.serial(async () => {
      const item = await this.get(id)
      const abs = join(this.core.dir(), item.relPath)
      const path = sidecarPathOf(abs)
      let sidecar: LibrarySidecar
      try {
        sidecar = await readSidecar(path)
      } catch (e) {
        if (errnoOf(e) !== 'ENOENT') {
          return fail(
            'storage',
            `The settings file of ${item.fileName} cannot be read, so it was not changed.`,
            {
              action: `Fix or remove ${basename(path)}; the picture itself is fine.`,
            },
          )
        }
        sidecar = sidecarFromItem(item)
      }
      sidecar.favourite = favourite
      try {
        await writeSidecar(path, sidecar)
      } catch (e) {
        return storageFailure('The favourite could not be saved', e, this.core.dir())
      }
      const mtime = Math.round((await fs.stat(path)).mtimeMs)
      this.core.idx().setFavourite(id, favourite, mtime)
      this.core.emit({ reason: 'updated', ids: [id] })
      return { ...item, favourite }
    })
  }

  /** Deletes items with undo (see DeleteHolding); returns the token for `undoDelete`. */
  delete(ids: string[]): Promise<DeleteReceipt> {
    return this.core.serial(async () => {
      const root = this.core.dir()
      const items = ids
        .map((id) => this.core.idx().get(id))
        .filter((i): i is LibraryItem => i !== null)
      if (!items.length)
        return fail('not_found', 'Nothing to delete: these items are no longer in the library.')
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
          return storageFailure('The files could not be deleted', e, root)
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
        restored = await this.core.holding.undo(token)
      } catch (e) {
        return storageFailure('The files could not be restored', e, this.core.dir())
      }
      if (!restored) {
        return fail('not_found', 'This delete can no longer be undone.', {
          action: 'The files are in the system trash; restore them from there.',
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

/** A sidecar rebuilt from the index, for an item whose sidecar file is missing (then rewritten). */
export function sidecarFromItem(item: LibraryItem): LibrarySidecar {
  return {
    format: 'gen-studio-library',
    version: 1,
    id: item.id,
    kind: item.kind,
    model: item.model,
    prompt: item.prompt,
    negativePrompt: item.negativePrompt,
    params: item.params,
    seed: item.seed,
    costEstimate: item.costEstimate,
    sourceTaskId: item.sourceTaskId,
    width: item.width,
    height: item.height,
    durationSec: item.durationSec,
    bytes: item.bytes,
    sha256: item.sha256,
    created: new Date(item.createdAt).toISOString(),
    favourite: item.favourite,
    demo: item.demo,
    ...(item.originalName ? { originalName: item.originalName } : {}),
    ...withBatch(item.batch),
    ...withOrganise(item),
  }
}

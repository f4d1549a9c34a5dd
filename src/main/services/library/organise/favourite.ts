import { promises as fs } from 'node:fs'
import { basename, join } from 'node:path'

import type { LibraryItem, LibrarySidecar, LibraryTile } from '@shared/library/types'
import { fail } from '@shared/result'

import { t } from '../../../i18n'
import type { LibraryCore } from '../core/LibraryCore'
import { stampEdit } from '../disk/fieldMerge'
import { errnoOf, storageFailure } from '../disk/fsUtil'
import { readSidecar, sidecarPathOf, writeSidecar } from '../disk/sidecar'
import { fieldsOf } from './organise'
import { sidecarFromItem } from './sidecarFromItem'

/**
 * The favourite flag of one item (LibraryService.setFavourite): written to the sidecar, the source
 * of truth, first, then to the index, in the core's queue. A selection's favourites go through
 * LibraryOrganiser.setOrganise instead.
 */
export class LibraryFavourites {
  constructor(
    private readonly core: LibraryCore,
    /** LibraryService.get: the item, or a not_found failure. */
    private readonly get: (id: string) => Promise<LibraryItem>,
  ) {}

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
          return fail('storage', t('sidecarUnreadable', { name: item.fileName }), {
            action: t('sidecarUnreadableAction', { file: basename(path) }),
          })
        }
        sidecar = sidecarFromItem(item, this.core.idx().lineage.of(item.id))
      }
      if (sidecar.favourite !== favourite) {
        const was = { ...fieldsOf(sidecar), favourite: sidecar.favourite }
        sidecar.stamps = stampEdit(sidecar.stamps, was, { ...was, favourite }, this.core.now())
      }
      sidecar.favourite = favourite
      try {
        await writeSidecar(path, sidecar)
      } catch (e) {
        return storageFailure('favourite', e, this.core.dir())
      }
      const mtime = Math.round((await fs.stat(path)).mtimeMs)
      this.core.idx().setFavourite(id, favourite, mtime)
      this.core.emit({ reason: 'updated', ids: [id] })
      return { ...item, favourite }
    })
  }
}

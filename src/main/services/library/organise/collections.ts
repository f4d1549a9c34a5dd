import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { join } from 'node:path'

import {
  type CollectionDeleteReceipt,
  type LibraryCollection,
  type OrganisePatch,
  type OrganiseReceipt,
} from '@shared/library/organise'
import { fail } from '@shared/result'

import type { LibraryCore } from '../core/LibraryCore'
import {
  type CollectionDef,
  collectionFileName,
  collectionFileText,
  collectionIdOfName,
  COLLECTIONS_DIR,
  defFromJson,
  LEGACY_COLLECTIONS_FILE,
} from '../disk/collectionFile'
import { errnoOf, isLinkFree, storageFailure, writeAtomic } from '../disk/fsUtil'
import type { LibraryOrganiser } from './organise'

export {
  APP_DIR,
  type CollectionDef,
  COLLECTIONS_DIR,
  LEGACY_COLLECTIONS_FILE,
} from '../disk/collectionFile'
import { t } from '../../../i18n'

/** What a collection known only from sidecars (its definition lost) is called until renamed. */
export const UNNAMED = 'Unnamed collection'

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || (a.name < b.name ? -1 : 1)

/** A definition as the renderer sees it (the rename stamp stays on disk). */
const shown = (d: CollectionDef, count: number): LibraryCollection => ({
  id: d.id,
  name: d.name,
  created: d.created,
  count,
})

/** The definitions, and the ids whose file exists but cannot be read (never overwritten). */
interface Defs {
  defs: CollectionDef[]
  broken: Set<string>
}

/**
 * Collections (issue #16): named sets of items, an item in any number of them. Each one's name
 * lives in its own file, `<library>/.gen-studio/collections/<id>.json` (disk/collectionFile.ts,
 * issue #28: machines syncing the folder never write the same file unless they change the same
 * collection), so they travel with the folder; the single `collections.json` of older versions
 * is migrated once and kept as `collections.json.migrated`. Which items are in
 * a collection lives in each item's sidecar (`collections: [id]`, the source of truth), so it
 * survives an index rebuild and moving files. A membership whose definition is missing (file
 * lost or unreadable) still lists as "Unnamed collection" and can be renamed (which defines it
 * again) or deleted. Every change runs in the library's queue.
 */
export class LibraryCollections {
  constructor(
    private readonly core: LibraryCore,
    private readonly organiser: LibraryOrganiser,
    /** LibraryService.open: every call waits for the library to be open. */
    private readonly opened: () => Promise<void>,
  ) {}

  /** Runs a change in the library's queue once the library is open. */
  private queued<T>(work: () => Promise<T>): Promise<T> {
    return this.opened().then(() => this.core.serial(work))
  }

  /** Every collection with its item count, by name. */
  async list(): Promise<LibraryCollection[]> {
    await this.opened()
    const defs = await this.readDefs().then(
      (d) => d.defs,
      () => [] as CollectionDef[],
    )
    const counts = this.core.idx().organise.collectionCounts()
    const known = new Set(defs.map((d) => d.id))
    const orphans = [...counts.keys()]
      .filter((id) => !known.has(id))
      .map((id) => ({ id, name: UNNAMED, created: 0 }))
    return [...defs, ...orphans].map((d) => shown(d, counts.get(d.id) ?? 0)).sort(byName)
  }

  /** A new, empty collection; names are unique (case-insensitive). */
  create(name: string): Promise<LibraryCollection> {
    return this.queued(async () => {
      const { defs } = await this.defsForWrite()
      this.checkName(defs, name, null)
      const def = { id: `c-${randomBytes(6).toString('hex')}`, name, created: this.core.now() }
      await this.writeDef(def)
      return shown(def, 0)
    })
  }

  /** Renames a collection; answers it and its previous name (for undo). */
  rename(
    id: string,
    name: string,
  ): Promise<{ collection: LibraryCollection; previousName: string }> {
    return this.queued(async () => {
      const { defs, broken } = await this.defsForWrite()
      this.writable(broken, id)
      const def = this.known(defs, id)
      this.checkName(defs, name, id)
      await this.writeDef({
        ...def,
        name,
        renamed: Math.max(this.core.now(), (def.renamed ?? 0) + 1),
      })
      const count = this.count(id)
      return { collection: shown({ ...def, name }, count), previousName: def.name }
    })
  }

  /**
   * Deletes a collection: its id leaves every member's sidecar, then its definition goes. The
   * items stay in the library. If some sidecars could not be changed, the definition stays (so
   * what is left of it is still named) and the receipt lists them.
   */
  delete(id: string): Promise<CollectionDeleteReceipt> {
    return this.queued(async () => {
      const { defs, broken } = await this.defsForWrite()
      this.writable(broken, id)
      const def = this.known(defs, id)
      const members = this.core.idx().organise.members(id)
      let receipt: OrganiseReceipt = { before: [], failed: [] }
      if (members.length)
        receipt = await this.organiser.changeNow(
          members.map((m) => [
            m,
            (c) =>
              c.collections.includes(id)
                ? { collections: c.collections.filter((x) => x !== id) }
                : null,
          ]),
        )
      if (!receipt.failed.length) await this.removeDef(id)
      const { count: _count, ...collection } = shown(def, 0)
      return { collection, receipt }
    })
  }

  /** Undoes a delete: the definition comes back under its id, then the members' fields. */
  restore(collection: CollectionDef, items: OrganisePatch[]): Promise<LibraryCollection> {
    return this.queued(async () => {
      const { defs } = await this.defsForWrite()
      if (!defs.some((d) => d.id === collection.id)) await this.writeDef(collection)
      if (items.length) await this.organiser.setOrganiseNow(items)
      const def = defs.find((d) => d.id === collection.id) ?? collection
      return shown(def, this.count(collection.id))
    })
  }

  /** Puts items into a collection (those already in it are left alone). */
  addItems(id: string, ids: string[]): Promise<OrganiseReceipt> {
    return this.queued(async () => {
      this.known((await this.defsForWrite()).defs, id)
      return this.organiser.changeNow(
        ids.map((i) => [
          i,
          (c) => (c.collections.includes(id) ? null : { collections: [...c.collections, id] }),
        ]),
      )
    })
  }

  /** Takes items out of a collection (the items themselves stay in the library). */
  removeItems(id: string, ids: string[]): Promise<OrganiseReceipt> {
    return this.queued(() =>
      this.organiser.changeNow(
        ids.map((i) => [
          i,
          (c) =>
            c.collections.includes(id)
              ? { collections: c.collections.filter((x) => x !== id) }
              : null,
        ]),
      ),
    )
  }

  private count(id: string): number {
    return this.core.idx().organise.collectionCounts().get(id) ?? 0
  }

  /** The definition of `id`, a stand-in for one known only from sidecars, or not_found. */
  private known(defs: CollectionDef[], id: string): CollectionDef {
    const def = defs.find((d) => d.id === id)
    if (def) return def
    if (this.count(id) > 0) return { id, name: UNNAMED, created: 0 }
    return fail('not_found', t('collectionGone'), {
      action: t('collectionGoneAction'),
    })
  }

  private checkName(defs: CollectionDef[], name: string, self: string | null): void {
    const key = name.toLowerCase()
    if (defs.some((d) => d.id !== self && d.name.toLowerCase() === key))
      fail('validation', t('collectionNameTaken', { name }), {
        fields: { name: t('chooseAnotherName') },
      })
  }

  /** A definition whose file cannot be read is never overwritten: the change is refused. */
  private writable(broken: Set<string>, id: string): void {
    if (broken.has(id))
      fail('storage', t('collectionFileUnreadable'), {
        action: t('collectionFileUnreadableAction', {
          file: `${COLLECTIONS_DIR}/${collectionFileName(id)}`,
        }),
      })
  }

  private abs(rel: string): string {
    return join(this.core.dir(), rel)
  }

  /**
   * The definitions ([] when there are none yet), after migrating a legacy `collections.json`
   * (each of its collections gets its file unless one exists; the old file is kept renamed).
   * Throws on an unreadable legacy file or a linked folder.
   */
  private async readDefs(): Promise<Defs> {
    const root = this.core.dir()
    await this.migrateLegacy(root)
    let names: string[]
    try {
      if (!(await isLinkFree(root, COLLECTIONS_DIR)))
        throw new Error(`${COLLECTIONS_DIR} is a link; the library never follows links out`)
      names = await fs.readdir(this.abs(COLLECTIONS_DIR))
    } catch (e) {
      if (errnoOf(e) === 'ENOENT') return { defs: [], broken: new Set() }
      throw e
    }
    const defs: CollectionDef[] = []
    const broken = new Set<string>()
    for (const name of names) {
      const id = collectionIdOfName(name)
      if (!id) continue
      try {
        const def = defFromJson(
          JSON.parse(await fs.readFile(this.abs(`${COLLECTIONS_DIR}/${name}`), 'utf8')),
        )
        if (def && def.id === id) defs.push(def)
        else broken.add(id)
      } catch (e) {
        if (errnoOf(e) !== 'ENOENT') broken.add(id)
      }
    }
    return { defs, broken }
  }

  /** One-time move of the legacy single file into one file per collection; loses nothing. */
  private async migrateLegacy(root: string): Promise<void> {
    let text: string
    try {
      if (!(await isLinkFree(root, LEGACY_COLLECTIONS_FILE)))
        throw new Error(`${LEGACY_COLLECTIONS_FILE} is a link; the library never follows links out`)
      text = await fs.readFile(this.abs(LEGACY_COLLECTIONS_FILE), 'utf8')
    } catch (e) {
      if (errnoOf(e) === 'ENOENT') return
      throw e
    }
    const list = (JSON.parse(text) as { collections?: unknown } | null)?.collections
    if (!Array.isArray(list)) throw new Error('it has no collections list')
    for (const entry of list) {
      const def = defFromJson(entry)
      if (!def) continue
      const path = this.abs(`${COLLECTIONS_DIR}/${collectionFileName(def.id)}`)
      if (
        await fs.stat(path).then(
          () => false,
          () => true,
        )
      )
        await writeAtomic(path, collectionFileText(def))
    }
    await fs
      .rename(this.abs(LEGACY_COLLECTIONS_FILE), this.abs(`${LEGACY_COLLECTIONS_FILE}.migrated`))
      .catch((e) => {
        if (errnoOf(e) !== 'ENOENT') throw e
      })
  }

  /** The definitions for a change, or a storage failure that says how to fix the files. */
  private async defsForWrite(): Promise<Defs> {
    try {
      return await this.readDefs()
    } catch (e) {
      return fail('storage', t('collectionsUnreadable', { detail: (e as Error).message }), {
        action: t('collectionsUnreadableAction', { file: LEGACY_COLLECTIONS_FILE }),
      })
    }
  }

  private async writeDef(def: CollectionDef): Promise<void> {
    try {
      await writeAtomic(
        this.abs(`${COLLECTIONS_DIR}/${collectionFileName(def.id)}`),
        collectionFileText(def),
      )
    } catch (e) {
      storageFailure('collections', e, this.core.dir())
    }
  }

  private async removeDef(id: string): Promise<void> {
    try {
      await fs.rm(this.abs(`${COLLECTIONS_DIR}/${collectionFileName(id)}`), { force: true })
    } catch (e) {
      storageFailure('collectionDelete', e, this.core.dir())
    }
  }
}

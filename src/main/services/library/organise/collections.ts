import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { join } from 'node:path'

import {
  COLLECTION_ID_RE,
  type CollectionDeleteReceipt,
  type LibraryCollection,
  MAX_COLLECTION_NAME,
  type OrganisePatch,
  type OrganiseReceipt,
} from '@shared/library/organise'
import { fail } from '@shared/result'

import type { LibraryCore } from '../core/LibraryCore'
import { errnoOf, isLinkFree, storageFailure, writeAtomic } from '../disk/fsUtil'
import type { LibraryOrganiser } from './organise'

/** The app's own folder inside the library (hidden: the scan and the watcher skip dot names). */
export const APP_DIR = '.gen-studio'
/** Collection names and creation times; membership is in each item's sidecar. */
export const COLLECTIONS_FILE = `${APP_DIR}/collections.json`

/** A collection's definition as the file stores it (the count comes from the index). */
export interface CollectionDef {
  id: string
  name: string
  /** ms since epoch. */
  created: number
}

/** What a collection known only from sidecars (its definition lost) is called until renamed. */
export const UNNAMED = 'Unnamed collection'

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || (a.name < b.name ? -1 : 1)

/** Definitions read leniently from the file's JSON: bad entries are skipped, never fatal. */
function parseDefs(v: unknown): CollectionDef[] {
  const list = (v as { collections?: unknown } | null)?.collections
  if (!Array.isArray(list)) throw new Error('it has no collections list')
  const out = new Map<string, CollectionDef>()
  for (const c of list as Array<Record<string, unknown>>) {
    if (typeof c !== 'object' || c === null) continue
    const { id, name, created } = c
    if (typeof id !== 'string' || !COLLECTION_ID_RE.test(id) || typeof name !== 'string') continue
    const ms = typeof created === 'string' ? Date.parse(created) : NaN
    const clean = name.trim().slice(0, MAX_COLLECTION_NAME)
    if (clean) out.set(id, { id, name: clean, created: Number.isNaN(ms) ? 0 : ms })
  }
  return [...out.values()]
}

/**
 * Collections (issue #16): named sets of items, an item in any number of them. The names live in
 * `<library>/.gen-studio/collections.json`, so they travel with the folder; which items are in
 * a collection lives in each item's sidecar (`collections: [id]`, the source of truth), so it
 * survives an index rebuild and moving files. A membership whose definition is missing (file
 * lost or unreadable) still lists as "Unnamed collection" and can be renamed (which defines it
 * again) or deleted. Every change runs in the library's queue.
 */
export class LibraryCollections {
  constructor(
    private readonly core: LibraryCore,
    private readonly organiser: LibraryOrganiser,
  ) {}

  /** Every collection with its item count, by name. */
  async list(): Promise<LibraryCollection[]> {
    const defs = await this.readDefs().catch(() => [] as CollectionDef[])
    const counts = this.core.idx().organise.collectionCounts()
    const known = new Set(defs.map((d) => d.id))
    const orphans = [...counts.keys()]
      .filter((id) => !known.has(id))
      .map((id) => ({ id, name: UNNAMED, created: 0 }))
    return [...defs, ...orphans].map((d) => ({ ...d, count: counts.get(d.id) ?? 0 })).sort(byName)
  }

  /** A new, empty collection; names are unique (case-insensitive). */
  create(name: string): Promise<LibraryCollection> {
    return this.core.serial(async () => {
      const defs = await this.defsForWrite()
      this.checkName(defs, name, null)
      const def = { id: `c-${randomBytes(6).toString('hex')}`, name, created: this.core.now() }
      await this.writeDefs([...defs, def])
      return { ...def, count: 0 }
    })
  }

  /** Renames a collection; answers it and its previous name (for undo). */
  rename(
    id: string,
    name: string,
  ): Promise<{ collection: LibraryCollection; previousName: string }> {
    return this.core.serial(async () => {
      const defs = await this.defsForWrite()
      const def = this.known(defs, id)
      this.checkName(defs, name, id)
      const others = defs.filter((d) => d.id !== id)
      await this.writeDefs([...others, { ...def, name }])
      const count = this.count(id)
      return { collection: { ...def, name, count }, previousName: def.name }
    })
  }

  /**
   * Deletes a collection: its id leaves every member's sidecar, then its definition goes. The
   * items stay in the library. If some sidecars could not be changed, the definition stays (so
   * what is left of it is still named) and the receipt lists them.
   */
  delete(id: string): Promise<CollectionDeleteReceipt> {
    return this.core.serial(async () => {
      const defs = await this.defsForWrite()
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
      if (!receipt.failed.length) await this.writeDefs(defs.filter((d) => d.id !== id))
      return { collection: def, receipt }
    })
  }

  /** Undoes a delete: the definition comes back under its id, then the members' fields. */
  restore(collection: CollectionDef, items: OrganisePatch[]): Promise<LibraryCollection> {
    return this.core.serial(async () => {
      const defs = await this.defsForWrite()
      if (!defs.some((d) => d.id === collection.id)) await this.writeDefs([...defs, collection])
      if (items.length) await this.organiser.setOrganiseNow(items)
      const def = defs.find((d) => d.id === collection.id) ?? collection
      return { ...def, count: this.count(collection.id) }
    })
  }

  /** Puts items into a collection (those already in it are left alone). */
  addItems(id: string, ids: string[]): Promise<OrganiseReceipt> {
    return this.core.serial(async () => {
      this.known(await this.defsForWrite(), id)
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
    return this.core.serial(() =>
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
    return fail('not_found', 'This collection no longer exists.', {
      action: 'It may have been deleted; the list of collections is up to date now.',
    })
  }

  private checkName(defs: CollectionDef[], name: string, self: string | null): void {
    const key = name.toLowerCase()
    if (defs.some((d) => d.id !== self && d.name.toLowerCase() === key))
      fail('validation', `There is already a collection named “${name}”.`, {
        fields: { name: 'Choose another name.' },
      })
  }

  private path(): string {
    return join(this.core.dir(), COLLECTIONS_FILE)
  }

  /** The definitions; [] when there is no file yet. Throws on an unreadable or linked file. */
  private async readDefs(): Promise<CollectionDef[]> {
    const root = this.core.dir()
    let text: string
    try {
      if (!(await isLinkFree(root, COLLECTIONS_FILE)))
        throw new Error(`${COLLECTIONS_FILE} is a link; the library never follows links out`)
      text = await fs.readFile(this.path(), 'utf8')
    } catch (e) {
      if (errnoOf(e) === 'ENOENT') return []
      throw e
    }
    return parseDefs(JSON.parse(text))
  }

  /** The definitions for a change, or a storage failure that says how to fix the file. */
  private async defsForWrite(): Promise<CollectionDef[]> {
    try {
      return await this.readDefs()
    } catch (e) {
      return fail('storage', `The collections file cannot be read (${(e as Error).message}).`, {
        action: `Fix or remove ${COLLECTIONS_FILE} in the library folder; which items are in which collection is kept in their sidecars.`,
      })
    }
  }

  private async writeDefs(defs: CollectionDef[]): Promise<void> {
    const doc = {
      format: 'gen-studio-collections',
      version: 1,
      collections: [...defs]
        .sort(byName)
        .map((d) => ({ id: d.id, name: d.name, created: new Date(d.created).toISOString() })),
    }
    try {
      await writeAtomic(this.path(), `${JSON.stringify(doc, null, 2)}\n`)
    } catch (e) {
      storageFailure('The collections could not be saved', e, this.core.dir())
    }
  }
}

/**
 * organise/: what the user sorts items by: ratings and tags (this file), collections
 * (collections.ts) and favourites (favourite.ts), written to the sidecars first and then to the
 * index. It only changes organising fields of existing items: it never adds, moves or deletes
 * files, and imports only core/ and disk/.
 */
import { promises as fs } from 'node:fs'
import { join } from 'node:path'

import {
  MAX_TAGS,
  normalizeTags,
  type OrganiseFields,
  type OrganisePatch,
  type OrganiseReceipt,
  type TagCount,
  tagKey,
  withOrganise,
} from '@shared/library/organise'
import type { LibrarySidecar } from '@shared/library/types'
import { fail } from '@shared/result'

import { t } from '../../../i18n'
import { t as tr } from '../../../i18n'
import type { LibraryCore } from '../core/LibraryCore'
import { stampEdit } from '../disk/fieldMerge'
import { errnoOf } from '../disk/fsUtil'
import { mapLimit } from '../disk/scan'
import { readSidecar, sidecarPathOf, writeSidecar } from '../disk/sidecar'
import { sidecarFromItem } from './sidecarFromItem'

/**
 * What a change does to one item's fields: the fields to set (only those it touches), null when
 * the item needs no change, or a message saying why it cannot be changed.
 */
export type OrganiseChange = (current: OrganiseFields) => Partial<OrganiseFields> | null | string

/** Items whose index rows are updated in one transaction; sidecars written a few at a time. */
const CHUNK = 500
const WRITES_IN_FLIGHT = 8

/** The organising fields a sidecar holds (absent ones empty). */
export const fieldsOf = (s: LibrarySidecar): OrganiseFields => ({
  rating: s.rating ?? 0,
  tags: s.tags ?? [],
  collections: s.collections ?? [],
  favourite: s.favourite,
})

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i])

const unchanged = (a: OrganiseFields, b: OrganiseFields) =>
  a.rating === b.rating &&
  a.favourite === b.favourite &&
  sameList(a.tags, b.tags) &&
  sameList(a.collections, b.collections)

/**
 * The sidecar with these fields (absent when empty: an unorganised item keeps its old sidecar)
 * and the change stamps of what differs from `was` (disk/fieldMerge.ts), so a sync conflict
 * over this sidecar merges field by field.
 */
function withFields(
  s: LibrarySidecar,
  was: OrganiseFields,
  f: OrganiseFields,
  now: number,
): LibrarySidecar {
  const { rating: _r, tags: _t, collections: _c, stamps, ...rest } = s
  return {
    ...rest,
    favourite: f.favourite,
    ...withOrganise(f),
    stamps: stampEdit(stamps, was, f, now),
  }
}

/** The touched fields of `current`, for the receipt's "before". */
function pick(id: string, current: OrganiseFields, touched: Partial<OrganiseFields>) {
  const out: OrganisePatch = { id }
  if (touched.rating !== undefined) out.rating = current.rating
  if (touched.tags !== undefined) out.tags = [...current.tags]
  if (touched.collections !== undefined) out.collections = [...current.collections]
  if (touched.favourite !== undefined) out.favourite = current.favourite
  return out
}

/** A patch as a change: its fields, with tags normalised. */
const patchChange =
  (p: OrganisePatch): OrganiseChange =>
  () => {
    const next: Partial<OrganiseFields> = {}
    if (p.rating !== undefined) next.rating = p.rating
    if (p.tags !== undefined) next.tags = normalizeTags(p.tags)
    if (p.collections !== undefined) next.collections = [...new Set(p.collections)]
    if (p.favourite !== undefined) next.favourite = p.favourite
    return next
  }

type Outcome =
  | { id: string; before: OrganisePatch; fields: OrganiseFields; mtime: number }
  | { id: string; failed: string }
  | null

/**
 * Ratings, tags and collection membership (issue #16), and favourites set in bulk. Every change
 * is written to the items' sidecars first (the source of truth; atomic replace, see
 * writeSidecar), then to the index with the sidecars' new stamps, in the library's one queue
 * (LibraryCore.serial) like setFavourite, so edits, saves and reconciles never interleave. Each
 * change answers a receipt with the touched fields as they were, which `setOrganise` puts back
 * (the renderer's undo).
 */
export class LibraryOrganiser {
  constructor(private readonly core: LibraryCore) {}

  /** Sets the stars (0 clears) of every item. */
  setRating(ids: string[], rating: number): Promise<OrganiseReceipt> {
    return this.queued(ids.map((id) => [id, (c) => (c.rating === rating ? null : { rating })]))
  }

  /** Adds and removes tags (case-insensitive) on every item; the others stay in their order. */
  setTags(ids: string[], add: string[] = [], remove: string[] = []): Promise<OrganiseReceipt> {
    const adding = normalizeTags(add)
    const removing = new Set(normalizeTags(remove).map(tagKey))
    const change: OrganiseChange = (c) => {
      const tags = c.tags.filter((t) => !removing.has(tagKey(t)))
      const keys = new Set(tags.map(tagKey))
      for (const t of adding) if (!keys.has(tagKey(t))) tags.push(t)
      if (tags.length > MAX_TAGS) return tr('tagsMax', { max: MAX_TAGS })
      return sameList(tags, c.tags) ? null : { tags }
    }
    return this.queued(ids.map((id) => [id, change]))
  }

  /** Sets fields of each item to exactly the values given (undo, redo, favourites in bulk). */
  setOrganise(patches: OrganisePatch[]): Promise<OrganiseReceipt> {
    return this.queued(patches.map((p) => [p.id, patchChange(p)]))
  }

  /** `setOrganise` for a caller already in the queue (a collection's restore). */
  setOrganiseNow(patches: OrganisePatch[]): Promise<OrganiseReceipt> {
    return this.changeNow(patches.map((p) => [p.id, patchChange(p)]))
  }

  /** Tags starting with `prefix`, most used first (autocomplete). */
  tagSuggestions(prefix: string, limit: number): TagCount[] {
    return this.core.idx().organise.suggestions(prefix, limit)
  }

  private queued(changes: Array<[string, OrganiseChange]>): Promise<OrganiseReceipt> {
    return this.core.serial(() => this.changeNow(changes))
  }

  /**
   * Applies changes now (the caller is in the queue). Items that cannot be changed (gone, broken
   * or unwritable sidecar) are listed in `failed`; when nothing could be changed because of
   * them, the whole call fails with the first reason.
   */
  async changeNow(changes: Array<[string, OrganiseChange]>): Promise<OrganiseReceipt> {
    const core = this.core
    const index = core.idx()
    const before: OrganisePatch[] = []
    const failed: OrganiseReceipt['failed'] = []
    const seen = new Set<string>()
    const unique = changes.filter(([id]) => !seen.has(id) && seen.add(id))
    for (let i = 0; i < unique.length; i += CHUNK) {
      const chunk = unique.slice(i, i + CHUNK)
      const outcomes = await mapLimit(chunk, WRITES_IN_FLIGHT, ([id, change]) =>
        this.writeOne(id, change),
      )
      index.organise.transaction(() => {
        for (const o of outcomes) {
          if (!o) continue
          if ('failed' in o) failed.push({ id: o.id, message: o.failed })
          else if (index.organise.update(o.id, o.fields, o.mtime)) before.push(o.before)
        }
      })
    }
    if (before.length) core.emit({ reason: 'updated', ids: before.map((b) => b.id).slice(0, 1000) })
    if (!before.length && failed.length) {
      const first = failed[0]!.message
      const message =
        failed.length > 1 ? t('organiseFailedMore', { first, count: failed.length - 1 }) : first
      return fail('storage', message, {
        action: t('organiseFailedAction'),
      })
    }
    return { before, failed }
  }

  /** Reads one item's sidecar, applies the change and writes it back atomically. */
  private async writeOne(id: string, change: OrganiseChange): Promise<Outcome> {
    const item = this.core.idx().get(id)
    if (!item) return { id, failed: tr('libItemGone') }
    const path = sidecarPathOf(join(this.core.dir(), item.relPath))
    let sidecar: LibrarySidecar
    try {
      sidecar = await readSidecar(path)
    } catch (e) {
      if (errnoOf(e) !== 'ENOENT')
        return {
          id,
          failed: tr('sidecarUnreadable', { name: item.fileName }),
        }
      sidecar = sidecarFromItem(item, this.core.idx().lineage.of(item.id))
    }
    const current = fieldsOf(sidecar)
    const touched = change(current)
    if (touched === null) return null
    if (typeof touched === 'string') return { id, failed: touched }
    const fields = { ...current, ...touched }
    if (unchanged(current, fields)) return null
    try {
      await writeSidecar(path, withFields(sidecar, current, fields, this.core.now()))
      const mtime = Math.round((await fs.stat(path)).mtimeMs)
      return { id, before: pick(id, current, touched), fields, mtime }
    } catch (e) {
      const code = errnoOf(e)
      const reason =
        code === 'ENOSPC' || code === 'EDQUOT'
          ? 'full'
          : code === 'EROFS' || code === 'EACCES' || code === 'EPERM'
            ? 'readonly'
            : 'other'
      const failed = tr('sidecarSaveFailed', {
        name: item.fileName,
        reason,
        detail: (e as Error).message,
      })
      return { id, failed }
    }
  }
}

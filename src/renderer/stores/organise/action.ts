import type { LibraryCollection, OrganisePatch, OrganiseReceipt } from '@shared/library/organise'
import type { AppError, Result } from '@shared/result'
import type { StateCreator } from 'zustand'

import { api, call } from '../../api/client'
import { translate } from '../../i18n/translate'
import { onLibraryChanged } from '../library/changes'
import { type OrganiseState, UNDO_DEPTH, type UndoEntry } from './initialState'

export interface OrganiseActions {
  /** Loads the collections and keeps their counts fresh on library changes; returns the cleanup. */
  init(): () => void
  loadCollections(): Promise<void>
  /** Sets the stars of items (0 clears). Resolves to the Result for callers that patch tiles. */
  rate(ids: string[], rating: number): Promise<Result<OrganiseReceipt>>
  /** Adds and removes tags on items. */
  tag(ids: string[], add: string[], remove: string[]): Promise<Result<OrganiseReceipt>>
  /** Marks or unmarks items as favourites, in one undoable step. */
  setFavourites(ids: string[], favourite: boolean): Promise<Result<OrganiseReceipt>>
  createCollection(name: string): Promise<Result<LibraryCollection>>
  renameCollection(id: string, name: string): Promise<Result<unknown>>
  deleteCollection(id: string): Promise<Result<unknown>>
  addToCollection(id: string, ids: string[]): Promise<Result<OrganiseReceipt>>
  removeFromCollection(id: string, ids: string[]): Promise<Result<OrganiseReceipt>>
  /** Undoes the latest change; resolves to the fields it restored (null when none). */
  undo(): Promise<OrganisePatch[] | null>
  dismissToast(): void
  clearMessages(): void
}

export type OrganiseStore = OrganiseState & OrganiseActions

/** A rating as the toast shows it: stars are a symbol, not a word. */
const stars = (n: number) => '★'.repeat(n)
/** Names as the toast quotes and lists them, in the interface language (“a”, “b” / 「a」、「b」). */
const quotedList = (names: readonly string[]) =>
  names
    .map((name) => translate('common', 'quotedName', { name }))
    .join(translate('common', 'listSeparator'))

let nextId = 1

/**
 * The organise store's actions. Every change goes to main (sidecars first), and when it changed
 * something, its inverse goes on the undo stack and into the toast: `library:setOrganise` with
 * the receipt's "before" for item fields, the opposite call for collection definitions.
 */
export const createOrganiseActions: StateCreator<OrganiseStore, [], [], OrganiseActions> = (
  set,
  get,
) => {
  let reload: ReturnType<typeof setTimeout> | null = null

  function push(label: string, undo: UndoEntry['undo']): void {
    const entry: UndoEntry = { id: nextId++, label, at: Date.now(), undo }
    set((s) => ({ undoStack: [...s.undoStack, entry].slice(-UNDO_DEPTH), toast: entry }))
  }

  /** Undo through `library:setOrganise` (also what every item-field undo is). */
  const restore =
    (before: OrganisePatch[]): UndoEntry['undo'] =>
    async () => {
      const r = await call(() => api().library.setOrganise({ items: before }))
      return r.ok ? { restored: before, error: null } : { restored: null, error: r.error }
    }

  /** Records an item-field change: its undo, and a notice for items it had to leave alone. */
  function receipt(r: Result<OrganiseReceipt>, label: (n: number) => string) {
    if (!r.ok) {
      set({ error: r.error })
      return r
    }
    const { before, failed } = r.value
    if (before.length) push(label(before.length), restore(before))
    set({
      notice: failed.length
        ? translate('common', 'organiseNotChanged', {
            count: failed.length,
            message: failed[0]!.message,
          })
        : null,
    })
    void get().loadCollections()
    return r
  }

  /** Records a collection change whose undo is another call. */
  function done<T>(r: Result<T>, label: (v: T) => string, undo: (v: T) => UndoEntry['undo']) {
    if (!r.ok) set({ error: r.error })
    else push(label(r.value), undo(r.value))
    void get().loadCollections()
    return r
  }

  const name = (id: string) =>
    get().collections.find((c) => c.id === id)?.name ??
    translate('common', 'organiseCollectionFallback')
  const noError = (r: Result<unknown>) => ({ restored: null, error: r.ok ? null : r.error })

  return {
    init() {
      void get().loadCollections()
      const off = onLibraryChanged(() => {
        if (reload) clearTimeout(reload)
        reload = setTimeout(() => void get().loadCollections(), 300)
      })
      return () => {
        off()
        if (reload) clearTimeout(reload)
      }
    },

    async loadCollections() {
      const r = await call(() => api().collections.list({}))
      if (r.ok) set({ collections: r.value })
    },

    async rate(ids, rating) {
      const r = await call(() => api().library.setRating({ ids, rating }))
      return receipt(r, (count) =>
        rating
          ? translate('common', 'organiseRated', { count, stars: stars(rating) })
          : translate('common', 'organiseRatingsCleared', { count }),
      )
    },

    async tag(ids, add, remove) {
      const r = await call(() => api().library.setTags({ ids, add, remove }))
      return receipt(r, (count) =>
        translate('common', 'organiseTags', {
          count,
          added: add.length ? quotedList(add) : 'none',
          removed: remove.length ? quotedList(remove) : 'none',
          both: add.length && remove.length ? 'yes' : 'no',
        }),
      )
    },

    async setFavourites(ids, favourite) {
      const items = ids.map((id) => ({ id, favourite }))
      const r = await call(() => api().library.setOrganise({ items }))
      return receipt(r, (count) =>
        translate('common', 'organiseFavourites', { count, favourite: favourite ? 'yes' : 'no' }),
      )
    },

    async createCollection(collectionName) {
      const r = await call(() => api().collections.create({ name: collectionName }))
      return done(
        r,
        (c) => translate('common', 'organiseCreated', { name: c.name }),
        (c) => async () => noError(await call(() => api().collections.delete({ id: c.id }))),
      )
    },

    async renameCollection(id, newName) {
      const r = await call(() => api().collections.rename({ id, name: newName }))
      return done(
        r,
        (v) =>
          translate('common', 'organiseRenamed', { from: v.previousName, to: v.collection.name }),
        (v) => async () =>
          noError(await call(() => api().collections.rename({ id, name: v.previousName }))),
      )
    },

    async deleteCollection(id) {
      const r = await call(() => api().collections.delete({ id }))
      if (r.ok && r.value.receipt.failed.length)
        set({
          notice: translate('common', 'organiseKeptCollection', {
            count: r.value.receipt.failed.length,
            message: r.value.receipt.failed[0]!.message,
          }),
        })
      return done(
        r,
        (v) => translate('common', 'organiseDeleted', { name: v.collection.name }),
        (v) => async () => {
          const items = v.receipt.before
          const back = await call(() =>
            api().collections.restore({ collection: v.collection, items }),
          )
          return { restored: back.ok ? items : null, error: back.ok ? null : back.error }
        },
      )
    },

    async addToCollection(id, ids) {
      const r = await call(() => api().collections.addItems({ id, ids }))
      return receipt(r, (count) => translate('common', 'organiseAdded', { count, name: name(id) }))
    },

    async removeFromCollection(id, ids) {
      const r = await call(() => api().collections.removeItems({ id, ids }))
      return receipt(r, (count) =>
        translate('common', 'organiseTookOut', { count, name: name(id) }),
      )
    },

    async undo() {
      const entry = get().undoStack.at(-1)
      if (!entry) return null
      set((s) => ({
        undoStack: s.undoStack.slice(0, -1),
        toast: null,
      }))
      const { restored, error }: { restored: OrganisePatch[] | null; error: AppError | null } =
        await entry.undo()
      set(
        error
          ? { error }
          : { notice: translate('common', 'organiseUndone', { label: entry.label }) },
      )
      void get().loadCollections()
      return restored
    },

    dismissToast: () => set({ toast: null }),
    clearMessages: () => set({ error: null, notice: null }),
  }
}

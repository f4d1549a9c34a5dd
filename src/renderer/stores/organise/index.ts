import { create } from 'zustand'

import { createOrganiseActions, type OrganiseStore } from './action'
import { initialState } from './initialState'

/**
 * Organising the library (issue #16): the collections list and the undo stack of ratings, tags,
 * favourites and collection changes. Independent of the library store (which imports it for its
 * `setRating`); the library features combine the two.
 */
export const useOrganiseStore = create<OrganiseStore>()((...args) => ({
  ...initialState(),
  ...createOrganiseActions(...args),
}))

export type { OrganiseActions, OrganiseStore } from './action'
export * from './initialState'

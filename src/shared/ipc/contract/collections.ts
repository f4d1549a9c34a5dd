/**
 * The `collections:` channels: named groups of library items. Names live in the library folder's
 * `.gen-studio/collections/<id>.json` (one file each), membership in each item's sidecar; every
 * change has an undo.
 */
import { z } from 'zod'

import type {
  CollectionDeleteReceipt,
  LibraryCollection,
  OrganiseReceipt,
} from '../../library/organise'
import {
  collectionIdSchema,
  collectionNameSchema,
  libraryIdsSchema,
  organisePatchSchema,
} from '../../library/schemas'
import { channel, type DomainChannels, empty } from './define'

/** Membership changes answer an OrganiseReceipt, undone through `library:setOrganise`. */
export const collectionsChannels = {
  'collections:list': channel<LibraryCollection[]>()(
    'Collections with their item counts, by name (names from <library>/.gen-studio/collections/, membership from the sidecars).',
    empty,
  ),
  'collections:create': channel<LibraryCollection>()(
    'Create an empty collection; names are unique (case-insensitive). Undo: collections:delete.',
    z.object({ name: collectionNameSchema }).strict(),
  ),
  'collections:rename': channel<{ collection: LibraryCollection; previousName: string }>()(
    'Rename a collection; answers the previous name for undo.',
    z.object({ id: collectionIdSchema, name: collectionNameSchema }).strict(),
  ),
  'collections:delete': channel<CollectionDeleteReceipt>()(
    "Delete a collection: its id leaves every member's sidecar (the items stay). Undo: collections:restore with the answer.",
    z.object({ id: collectionIdSchema }).strict(),
  ),
  'collections:restore': channel<LibraryCollection>()(
    'Undo a delete: define the collection again under its id and put back the members (the receipt of collections:delete).',
    z
      .object({
        collection: z
          .object({
            id: collectionIdSchema,
            name: collectionNameSchema,
            created: z.number().finite().min(0),
          })
          .strict(),
        items: z.array(organisePatchSchema).max(100_000),
      })
      .strict(),
  ),
  'collections:addItems': channel<OrganiseReceipt>()(
    'Put items into a collection (in their sidecars). Undo: library:setOrganise with the receipt.',
    z.object({ id: collectionIdSchema, ids: libraryIdsSchema }).strict(),
  ),
  'collections:removeItems': channel<OrganiseReceipt>()(
    'Take items out of a collection (the items stay in the library). Undo: library:setOrganise with the receipt.',
    z.object({ id: collectionIdSchema, ids: libraryIdsSchema }).strict(),
  ),
} as const satisfies DomainChannels<'collections'>

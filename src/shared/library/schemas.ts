/**
 * Zod schemas for the library's IPC payloads (used by the contract). Bounds keep a misbehaving
 * renderer from asking main for unbounded work.
 */
import { z } from 'zod'

import { msg } from '../i18n/message'
import {
  COLLECTION_ID_RE,
  MAX_COLLECTION_NAME,
  MAX_ITEM_COLLECTIONS,
  MAX_RATING,
  MAX_TAG_LENGTH,
  MAX_TAGS,
} from './organise'
import { LIBRARY_KINDS, LIBRARY_SORTS } from './types'

export const libraryIdSchema = z.string().min(1).max(160)

/** A cost bound in USD: no single generation costs anywhere near a million dollars. */
const usdBoundSchema = z.number().finite().min(0).max(1_000_000)

/** A tag as typed (normalised in main, see normalizeTag). */
export const tagSchema = z
  .string()
  .trim()
  .min(1, { error: () => msg('tagEnter') })
  .max(MAX_TAG_LENGTH, { error: () => msg('tagTooLong') })
/** A star count 0–5. */
export const ratingSchema = z.number().int().min(0).max(MAX_RATING)
export const collectionIdSchema = z
  .string()
  .regex(COLLECTION_ID_RE, { error: () => msg('notCollectionId') })
export const collectionNameSchema = z
  .string()
  .trim()
  .min(1, { error: () => msg('nameEnter') })
  .max(MAX_COLLECTION_NAME, { error: () => msg('nameTooLong', { max: MAX_COLLECTION_NAME }) })

export const libraryFilterSchema = z
  .object({
    kinds: z.array(z.enum(LIBRARY_KINDS)).max(LIBRARY_KINDS.length).optional(),
    media: z.enum(['image', 'video']).optional(),
    model: z.string().max(200).optional(),
    from: z.number().finite().optional(),
    to: z.number().finite().optional(),
    favourites: z.boolean().optional(),
    text: z.string().max(500).optional(),
    batchId: z.string().min(1).max(160).optional(),
    minCost: usdBoundSchema.optional(),
    maxCost: usdBoundSchema.optional(),
    minRating: ratingSchema.optional(),
    tags: z.array(tagSchema).max(20).optional(),
    collectionId: collectionIdSchema.optional(),
    sort: z.enum(LIBRARY_SORTS).optional(),
  })
  .strict()

export const libraryCursorSchema = z
  .object({
    createdAt: z.number().finite(),
    id: z.string().max(160),
    cost: z.number().finite().nullable().optional(),
  })
  .strict()

export const libraryIdsSchema = z.array(libraryIdSchema).min(1).max(100_000)

/** An absolute path of a file the user dropped (from `api.pathForFile`). */
export const localPathSchema = z.string().min(1).max(4096)

/** A poster frame as a data URL (what canvas.toDataURL gives), at most ~8 MB. */
export const posterDataUrlSchema = z
  .string()
  .max(8 * 1024 * 1024)
  .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, {
    error: () => msg('imageDataUrl'),
  })

/** Organising fields of one item set exactly (library:setOrganise: undo, redo, F on a selection). */
export const organisePatchSchema = z
  .object({
    id: libraryIdSchema,
    rating: ratingSchema.optional(),
    tags: z.array(tagSchema).max(MAX_TAGS).optional(),
    collections: z.array(collectionIdSchema).max(MAX_ITEM_COLLECTIONS).optional(),
    favourite: z.boolean().optional(),
  })
  .strict()

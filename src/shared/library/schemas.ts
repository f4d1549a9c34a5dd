/**
 * Zod schemas for the library's IPC payloads (used by the contract). Bounds keep a misbehaving
 * renderer from asking main for unbounded work.
 */
import { z } from 'zod'

import { LIBRARY_KINDS, LIBRARY_SORTS } from './types'

export const libraryIdSchema = z.string().min(1).max(160)

/** A cost bound in USD: no single generation costs anywhere near a million dollars. */
const usdBoundSchema = z.number().finite().min(0).max(1_000_000)

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
  .regex(
    /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/,
    'Expected a PNG, JPEG or WebP data URL',
  )

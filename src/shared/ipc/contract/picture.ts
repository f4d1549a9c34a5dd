/**
 * The `picture:` channels (issue #31): finishing a picture already in the library on this
 * machine. Each result is a new library item with its lineage; the original is never changed.
 */
import { z } from 'zod'

import type { LineageView } from '../../library/lineage'
import { MAX_EDIT_SIDE } from '../../library/pictureEdits'
import { libraryIdSchema } from '../../library/schemas'
import type { LibraryItem } from '../../library/types'
import { channel, type DomainChannels } from './define'

const px = z
  .number()
  .int()
  .min(0)
  .max(MAX_EDIT_SIDE * 4)
const side = z.number().int().min(1).max(MAX_EDIT_SIDE)

/** One local edit; its geometry is checked against the decoded picture in main (editProblem). */
export const pictureEditSchema = z.discriminatedUnion('op', [
  z
    .object({
      op: z.literal('crop'),
      x: px,
      y: px,
      width: side,
      height: side,
      ratio: z.string().max(10).nullable().optional(),
    })
    .strict(),
  z
    .object({
      op: z.literal('rotate'),
      degrees: z.union([z.literal(90), z.literal(180), z.literal(270)]),
    })
    .strict(),
  z.object({ op: z.literal('flip'), axis: z.enum(['horizontal', 'vertical']) }).strict(),
  z.object({ op: z.literal('resize'), width: side, height: side }).strict(),
])

export const pictureChannels = {
  'picture:edit': channel<LibraryItem>()(
    'Crop, rotate, flip or resize (Lanczos) a library picture into a NEW item that records its parent, the operation and its parameters (lineage). Free, local, the original untouched.',
    z.object({ id: libraryIdSchema, edit: pictureEditSchema }).strict(),
  ),
  'picture:lineage': channel<LineageView>()(
    'Where an item was made from (its parent, the operation, its parameters and model) and the items derived from it.',
    z.object({ id: libraryIdSchema }).strict(),
  ),
} satisfies DomainChannels<'picture'>

/**
 * The `picture:` channels (issue #31): finishing a picture already in the library on this
 * machine. Each result is a new library item with its lineage; the original is never changed.
 */
import { z } from 'zod'

import type { ExpandPrepared } from '../../library/expand'
import type { LineageView } from '../../library/lineage'
import { MAX_EDIT_SIDE } from '../../library/pictureEdits'
import { libraryIdSchema } from '../../library/schemas'
import type { LibraryItem } from '../../library/types'
import { UPSCALE_ENGINES, type UpscaleEstimate, type UpscaleJobView } from '../../library/upscale'
import { channel, type DomainChannels, type DomainEvents, empty, event } from './define'

const px = z
  .number()
  .int()
  .min(0)
  .max(MAX_EDIT_SIDE * 4)
const side = z.number().int().min(1).max(MAX_EDIT_SIDE)
const amount = z.number().int().min(0).max(MAX_EDIT_SIDE)
const expandSpecSchema = z.discriminatedUnion('mode', [
  z
    .object({ mode: z.literal('sides'), left: amount, right: amount, top: amount, bottom: amount })
    .strict(),
  z.object({ mode: z.literal('ratio'), ratio: z.string().max(10) }).strict(),
])
const upscaleScale = z.union([z.literal(2), z.literal(4)])

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
  'picture:upscaleEstimate': channel<UpscaleEstimate>()(
    'How long the local model would take to upscale this picture, measured now on a probe tile (sizes and free memory checked first).',
    z.object({ id: libraryIdSchema, scale: upscaleScale }).strict(),
  ),
  'picture:upscale': channel<UpscaleJobView>()(
    'Start a local ×2/×4 upscale (model on a worker thread, or Lanczos): free, nothing sent to the service. Progress on picture:job; the result is a new item with lineage.',
    z
      .object({
        id: libraryIdSchema,
        scale: upscaleScale,
        engine: z.enum(UPSCALE_ENGINES),
        estimateSec: z.number().finite().min(0).nullable().optional(),
      })
      .strict(),
  ),
  'picture:cancel': channel<boolean>()(
    'Cancel a local upscale: its thread stops and nothing is saved. False when it had already ended.',
    z.object({ jobId: z.string().uuid() }).strict(),
  ),
  'picture:expandPrepare': channel<ExpandPrepared>()(
    'Expand the canvas, step 1: build and stage the padded picture and its infill mask for the plan (sizes to the native limits), and remember the lineage under requestId. Step 2 is an ordinary tasks:submit (native, action infill) with that requestId: priced, budget-checked and journaled by admission.',
    z
      .object({
        id: libraryIdSchema,
        spec: expandSpecSchema,
        requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
        model: z.string().min(1).max(200),
      })
      .strict(),
  ),
  'picture:jobs': channel<UpscaleJobView[]>()(
    'Local upscale jobs of this run of the app, newest first (the Tasks screen).',
    empty,
  ),
} satisfies DomainChannels<'picture'>

export const pictureEvents = {
  'picture:job': event<UpscaleJobView>('A local upscale job started, progressed or ended.'),
} as const satisfies DomainEvents<'picture'>

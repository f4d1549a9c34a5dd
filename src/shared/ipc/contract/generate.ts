/**
 * The `generate:` channels: what a generation form needs before or beside `tasks:submit`: staging
 * pasted or painted images, workbench asset uploads and quotes, and native art tasks whose source
 * and mask are files.
 */
import { z } from 'zod'

import { localPathSchema } from '../../library/schemas'
import { submitNativeSchema, submitWorkbenchSchema } from '../../tasks/submit'
import type { TaskView } from '../../tasks/views'
import { channel, type DomainChannels } from './define'

/** A workbench quote as the service stated it (`generate:estimate`). */
export interface WorkbenchEstimate {
  quoteId: string
  /** The quoted price in USD, when the answer has one. */
  priceUsd: number | null
  paymentMethod: string | null
  /** The membership allowance the generation would use, as the service words or counts it. */
  allowance: string | null
  /** When the quote stops being valid (ms since epoch), when the answer says. */
  expiresAt: number | null
  quotedAt: number
  /** Every scalar field of the answer's data, as the service gave it. */
  fields: Record<string, string | number | boolean>
}

/** At most 24 MiB of image bytes, as the art endpoints accept them. */
const MAX_STAGED_BYTES = 24 * 1024 * 1024

/** The form side of a generation; the task itself starts with `tasks:submit`. */
export const generateChannels = {
  'generate:stageFile': channel<{ path: string; bytes: number }>()(
    'Write image bytes that have no OS path (pasted, painted mask) into the upload area; answers the path for tasks:submit. PNG, JPEG or WebP, at most 24 MiB.',
    z
      .object({
        bytes: z
          .custom<Uint8Array>((v) => v instanceof Uint8Array, 'Expected image bytes')
          .refine((b) => b.length > 0 && b.length <= MAX_STAGED_BYTES, 'At most 24 MiB'),
      })
      .strict(),
  ),
  'generate:uploadAsset': channel<{ id: string }>()(
    'Workbench: upload a source, mask or reference image (POST /v1/art/assets) after the art checks (type, 24 MiB, 24 MP); answers the asset id.',
    z.object({ path: localPathSchema }).strict(),
  ),
  'generate:estimate': channel<WorkbenchEstimate>()(
    'Workbench "Get quote": POST /v1/art/estimate for the form\'s request (asset ids included); price, payment method and allowance use as the service states them.',
    z.object({ request: submitWorkbenchSchema.shape.request }).strict(),
  ),
  'generate:submitNative': channel<TaskView>()(
    'Start a native art task whose source image and mask are files: main checks them (type, 24 MiB, 24 MP) and keeps copies with the task; they are Base64-encoded into parameters.image / parameters.mask only when the request is sent.',
    z
      .object({
        requestId: submitNativeSchema.shape.requestId,
        request: submitNativeSchema.shape.request,
        image: submitNativeSchema.shape.image,
        mask: submitNativeSchema.shape.mask,
        overrideBudget: submitNativeSchema.shape.overrideBudget,
        allowRepeat: submitNativeSchema.shape.allowRepeat,
      })
      .strict(),
  ),
} as const satisfies DomainChannels<'generate'>

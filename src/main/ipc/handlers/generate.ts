import type { WorkbenchEstimateRequest } from '@shared/catalog'
import type { Handlers } from '@shared/ipc/contract'
import { referencePathsOf } from '@shared/tasks/submit'

import type { Container } from '../../container'
import { summarizeQuote } from '../../services/client/quote'

/**
 * generate:* channels: what the generation screens need beyond the task engine's tasks:*:
 * staging bytes, the workbench's asset uploads and quotes, and native submissions whose source
 * and mask are files (main keeps copies with the task; the renderer never holds the Base64).
 */
export const generateHandlers = (c: Container) =>
  ({
    'generate:stageFile': ({ bytes }) => c.uploads.stage(bytes),
    'generate:uploadAsset': async ({ path }) => {
      await c.chosenFiles.checkedReferences([path])
      return c.client.uploadArtAsset({ path })
    },
    'generate:estimate': async ({ request }) =>
      summarizeQuote(await c.client.estimateArt(request as unknown as WorkbenchEstimateRequest)),
    'generate:submitNative': async (payload) => {
      await c.chosenFiles.checkedReferences(referencePathsOf(payload))
      return c.admission.submit({ kind: 'native', ...payload })
    },
  }) satisfies Partial<Handlers>

import type { NativeRequest } from '@shared/catalog'
import type { Result } from '@shared/result'
import type { TaskView } from '@shared/tasks/views'

import type { ArtDraft } from '../../stores/forms'
import type { MaskState } from '../../stores/generate'
import { randomSeed } from '../generate/numbers'
import type { RefItem } from '../generate/references'
import { tasksClient } from '../generate/tasksClient'

/**
 * Sends the art form: a random seed is drawn now (so the saved settings reproduce the image), the
 * painted mask is written once to main's upload area, and main encodes the source and the mask
 * into the native request before the task engine journals and sends it.
 */
export async function submitNative(
  request: NativeRequest,
  draft: ArtDraft,
  source: RefItem | null,
  mask: MaskState,
): Promise<Result<TaskView>> {
  const parameters = { ...request.parameters }
  if (draft.seedMode === 'random') parameters.seed = randomSeed()
  const needsSource = draft.action === 'img2img' || draft.action === 'infill'
  let maskPath: string | undefined
  if (draft.action === 'infill') {
    if (!mask.png) {
      return {
        ok: false,
        error: {
          code: 'validation',
          message: 'Paint the mask first.',
          fields: { mask: 'Paint the area to repaint' },
        },
      }
    }
    const staged = await tasksClient.stage('mask.png', new Uint8Array(await mask.png.arrayBuffer()))
    if (!staged.ok) return staged
    maskPath = staged.value.path
  }
  return tasksClient.submitNative({
    request: { ...request, parameters },
    ...(needsSource && source?.path ? { image: source.path } : {}),
    ...(maskPath ? { mask: maskPath } : {}),
  })
}

import type { NativeRequest } from '@shared/catalog'
import { ok, type Result } from '@shared/result'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import type { TaskView } from '@shared/tasks/views'

import { submitNative as sendNative } from '../../api/generate'
import { stageBytes } from '../../forms/addFiles'
import { randomSeed } from '../../forms/numbers'
import type { RefItem } from '../../forms/references'
import type { SendOptions } from '../../forms/useRun'
import { translate } from '../../i18n/translate'
import type { ArtDraft } from '../../stores/forms'
import type { MaskState } from '../../stores/generate'

type SubmitNativeInput = Extract<SubmitTaskInput, { kind: 'native' }>

/**
 * The art form as a native submission: a random seed is drawn now (so the saved settings
 * reproduce the image) and the painted mask is written once to main's upload area. Generate sends
 * it (submitNative); "Batch…" uses it as the batch's base.
 */
export async function nativePayload(
  request: NativeRequest,
  draft: ArtDraft,
  source: RefItem | null,
  mask: MaskState,
): Promise<Result<SubmitNativeInput>> {
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
          message: translate('art', 'maskFirst'),
          fields: { mask: translate('art', 'maskField') },
        },
      }
    }
    const staged = await stageBytes('mask.png', new Uint8Array(await mask.png.arrayBuffer()))
    if (!staged.ok) return staged
    maskPath = staged.value.path
  }
  return ok({
    kind: 'native',
    request: { ...request, parameters },
    ...(needsSource && source?.path ? { image: source.path } : {}),
    ...(maskPath ? { mask: maskPath } : {}),
  })
}

/**
 * Sends the art form (see nativePayload); main encodes the source and the mask into the native
 * request before the task engine journals and sends it. `opts` carries the budget override
 * after the user chose to go over a cap once.
 */
export async function submitNative(
  request: NativeRequest,
  draft: ArtDraft,
  source: RefItem | null,
  mask: MaskState,
  opts: SendOptions = {},
): Promise<Result<TaskView>> {
  const payload = await nativePayload(request, draft, source, mask)
  if (!payload.ok) return payload
  const { kind: _kind, ...input } = payload.value
  return sendNative({ ...input, ...opts })
}

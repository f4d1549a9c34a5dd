import type { Result } from '@shared/result'
import type { SubmitTaskPayload } from '@shared/tasks/submit'

import type { useRun } from '../../forms/useRun'
import type { BatchBase } from './BatchButton'

type Run = ReturnType<typeof useRun>['run']

/**
 * A form's "Batch…" source through the same submit cycle as its Generate (`useRun`): while a field
 * shows a message nothing is built, the messages show and the first bad field gets focus; a
 * failure while building (staging a mask, uploading an asset) lands in the form's banner.
 */
export const batchBaseOf =
  (
    run: Run,
    valid: boolean,
    prompt: string,
    build: () => Result<SubmitTaskPayload> | Promise<Result<SubmitTaskPayload>>,
  ): BatchBase =>
  () =>
    run(valid, prompt, async () => build())

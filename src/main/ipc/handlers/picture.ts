import type { Handlers } from '@shared/ipc/contract'

import type { Container } from '../../container'

/** picture:* channels (issue #31): local edits and lineage; PictureService does the work. */
export const pictureHandlers = (c: Container) =>
  ({
    'picture:edit': ({ id, edit }) => c.picture.edit(id, edit),
    'picture:lineage': ({ id }) => c.picture.lineage(id),
    'picture:upscaleEstimate': ({ id, scale }) => c.picture.upscale.estimate(id, scale),
    'picture:upscale': ({ id, scale, engine, estimateSec }) =>
      c.picture.upscale.start(id, scale, engine, estimateSec ?? null),
    'picture:cancel': ({ jobId }) => c.picture.upscale.cancel(jobId),
    'picture:expandPrepare': ({ id, spec, requestId, model }) =>
      c.picture.expand.prepare(id, spec, requestId, model),
    'picture:jobs': () => c.picture.upscale.list(),
  }) satisfies Partial<Handlers>

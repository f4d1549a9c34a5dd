import type { Handlers } from '@shared/ipc/contract'

import type { Container } from '../../container'

/** picture:* channels (issue #31): local edits and lineage; PictureService does the work. */
export const pictureHandlers = (c: Container) =>
  ({
    'picture:edit': ({ id, edit }) => c.picture.edit(id, edit),
    'picture:lineage': ({ id }) => c.picture.lineage(id),
  }) satisfies Partial<Handlers>

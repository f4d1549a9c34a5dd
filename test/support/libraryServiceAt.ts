import { join } from 'node:path'

import { Thumbnailer } from '@main/adapters/thumbnails/Thumbnailer'
import { MainEvents } from '@main/events'
import { LibraryService, type LibraryServiceOptions } from '@main/services/library/LibraryService'

/**
 * A LibraryService on `root` with its index and thumbnails in `userData`, no OS trash, and the
 * given options on top: the bare service the sync tests drive (folder watching and polling),
 * without a whole test container.
 */
export function libraryServiceAt(
  root: string,
  userData: string,
  options: Partial<LibraryServiceOptions> = {},
): LibraryService {
  return new LibraryService({
    settings: { settings: async () => ({ libraryDir: root }) },
    events: new MainEvents(),
    indexPath: join(userData, 'index.sqlite'),
    thumbs: new Thumbnailer(join(userData, 'thumbs')),
    trash: { trashItem: async () => {} },
    ...options,
  })
}

/**
 * The `sync:` channels (issue #28): the library folder's sync state as the app sees it, and the
 * library's trash, restorable on every machine that syncs the folder. The app never talks to
 * the sync engine itself.
 */
import { z } from 'zod'

import type { LibrarySyncStatus } from '../../library/syncStatus'
import type { LibraryTile } from '../../library/types'
import { channel, type DomainChannels, empty } from './define'

export const syncChannels = {
  'sync:status': channel<LibrarySyncStatus>()(
    "What the app sees of the library folder's sync: transfers arriving, conflict copies merged, the last change from another machine, the library's trash.",
    empty,
  ),
  'sync:restore': channel<LibraryTile[]>()(
    "Restore a delete from the library's trash, made on this machine or another.",
    z.object({ token: z.string().regex(/^[\w-]{1,64}$/) }).strict(),
  ),
} as const satisfies DomainChannels<'sync'>

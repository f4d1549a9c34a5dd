import type { LibrarySyncStatus } from '@shared/library/syncStatus'

const DAY = 24 * 3600_000

/** A library sync state with a bit of everything: transfers, merges, a problem and a trash entry. */
export const syncStatus = (over: Partial<LibrarySyncStatus> = {}): LibrarySyncStatus => ({
  dir: '/home/me/Library',
  engine: 'syncthing',
  arriving: 2,
  waiting: 1,
  conflictsMerged: 3,
  lastMergeAt: Date.UTC(2026, 0, 26, 10, 0),
  lastExternalChangeAt: Date.UTC(2026, 0, 26, 10, 5),
  problems: [
    {
      relPath: '2026/01/26/x.png.sync-conflict-20260126-100000-ABCDEFG.json',
      message: 'This conflict copy could not be merged (bad JSON); it is kept as it is.',
    },
  ],
  trash: [
    {
      token: 'tok-1',
      deletedAt: Date.UTC(2026, 0, 20),
      purgeAt: Date.UTC(2026, 0, 20) + 30 * DAY,
      relPaths: ['2026/01/20/fox.png', '2026/01/20/owl.png'],
    },
  ],
  trashCount: 1,
  changes: { watching: true, pollEverySec: null, reason: null },
  ...over,
})

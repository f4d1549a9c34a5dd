import type { LibraryService } from '@main/services/library/LibraryService'

import { makePng } from './mediaFixtures'

/** One image result saved through the library (26 January 2026, 10:00): what a generation adds. */
export const saveResult = async (lib: LibraryService, prompt: string, bytes?: Buffer) =>
  lib.save({
    kind: 'image',
    model: 'std-image-2',
    prompt,
    params: {},
    createdAt: new Date(2026, 0, 26, 10, 0).getTime(),
    file: { bytes: bytes ?? (await makePng()), ext: 'png' },
  })

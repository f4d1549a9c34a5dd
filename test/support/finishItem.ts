import type { LibraryItem } from '@shared/library/types'

/** A library picture as the viewer's Finish panel gets it (the fields its tools read). */
export const finishItem = (over: Partial<LibraryItem> = {}): LibraryItem =>
  ({
    id: 'p1',
    kind: 'art',
    media: 'image',
    model: 'art-v5',
    prompt: 'a lighthouse',
    negativePrompt: '',
    width: 512,
    height: 512,
    relPath: '2026/03/14/p1.png',
    fileName: 'p1.png',
    ...over,
  }) as LibraryItem

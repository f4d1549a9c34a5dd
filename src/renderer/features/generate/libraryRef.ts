import type { LibraryItem } from '@shared/library/types'

import { originalSrc } from '../library/media'
import { newRefId, type RefItem } from './references'

const TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
} as const

/**
 * A library item as a reference: main reads the file from the library folder (the path is the
 * folder plus the item's relative path), the page shows it through the media protocol. The type
 * comes from the library, which checked the bytes when the file was saved or imported.
 */
export function refFromLibrary(item: LibraryItem, libraryDir: string): RefItem {
  const sep = libraryDir.includes('\\') && !libraryDir.includes('/') ? '\\' : '/'
  const rel = sep === '\\' ? item.relPath.replaceAll('/', '\\') : item.relPath
  const type = TYPES[item.ext as keyof typeof TYPES] ?? null
  return {
    id: newRefId(),
    name: item.fileName,
    bytes: item.bytes,
    type,
    width: item.width,
    height: item.height,
    path: `${libraryDir.replace(/[\\/]+$/, '')}${sep}${rel}`,
    thumb: type ? originalSrc(item.relPath) : null,
    origin: 'library',
    libraryId: item.id,
    problem: item.media === 'image' && type ? null : 'is not a PNG, JPEG or WebP image',
  }
}

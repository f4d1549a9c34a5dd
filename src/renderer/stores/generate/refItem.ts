import type { SniffedImageType } from '@shared/catalog'

/**
 * A reference image held by a form: what the validators need (size, type from magic bytes,
 * dimensions from the header) and where main can read it (`path`). The bytes themselves are never
 * kept in the renderer: a file with an OS path is read by main from disk, a pasted or painted one
 * is written once into main's upload area and referred to by that path.
 */
export interface RefItem {
  id: string
  name: string
  bytes: number
  type: SniffedImageType | null
  width: number | null
  height: number | null
  /** The file main reads: the OS path, the library file, or the staged copy. null while staging. */
  path: string | null
  /** A URL the page can show (blob: for local files, gen-media: for library items). */
  thumb: string | null
  origin: 'drop' | 'paste' | 'dialog' | 'library' | 'painted'
  /** The library item it came from, when it did. */
  libraryId?: string
  /** Why this file cannot be used (unreadable, staging failed); shown on its thumbnail. */
  problem: string | null
}

import type { LibraryItem } from '@shared/library/types'
import { useCallback, useRef } from 'react'

import { getItem } from '../api/library'
import { draggedItems, endItemDrag } from '../components/itemDrag'
import { originalSrc } from '../components/media'
import { translate } from '../i18n/translate'
import { type SlotId, useGenerateStore } from '../stores/generate'
import type { LibraryIntent } from '../stores/library/intents'
import { useSettingsStore } from '../stores/settings'
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
    problem: item.media === 'image' && type ? null : translate('common', 'refLibraryNotImage'),
  }
}

/**
 * The in-app drag type for a library item (issue #16): result cards set it with the item's
 * library id, and ReferenceDropZone takes it as a reference.
 */
export const LIBRARY_ITEM_TYPE = 'application/x-gen-studio-library-id'

/**
 * The library items a drop carries, in order: a result card's id, or the grid tiles being
 * dragged (their drag is the OS drag of their files, whose ids components/itemDrag.ts keeps; the
 * navigation opens a form when the drag rests on it, see springLoad.ts). Empty for anything
 * else. Taking tiles ends their drag, as the drop's propagation stops at the zone.
 */
export function libraryIdsOf(data: DataTransfer | null): string[] {
  const id = data?.getData(LIBRARY_ITEM_TYPE)
  if (id) return [id]
  const tiles = draggedItems(data)
  if (!tiles?.length) return []
  endItemDrag()
  return tiles
}

/** A library item by id as a reference (a dragged result); a problem item when it is gone. */
export async function refFromLibraryId(id: string): Promise<RefItem> {
  const result = await getItem(id)
  if (result.ok) return refFromLibrary(result.value, libraryDir())
  return {
    id: newRefId(),
    name: id,
    bytes: 0,
    type: null,
    width: null,
    height: null,
    path: null,
    thumb: null,
    origin: 'library',
    libraryId: id,
    problem: result.error.message,
  }
}

const libraryDir = () => useSettingsStore.getState().settings?.libraryDir ?? ''

/**
 * The `onReference` a form gives useFormScreen: the library's (or a result's) "Use as reference"
 * puts the item into `slot` (a single-file slot is replaced); `before` adapts the form first
 * (the art form switches from generate to image-to-image).
 */
export function useReferenceIntent(slot: SlotId, max: number, before?: () => void) {
  const addRefs = useGenerateStore((s) => s.addRefs)
  const prepare = useRef(before)
  prepare.current = before
  return useCallback(
    (intent: LibraryIntent) => {
      prepare.current?.()
      addRefs(slot, [refFromLibrary(intent.item, libraryDir())], max)
    },
    [addRefs, slot, max],
  )
}

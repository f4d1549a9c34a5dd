import type { LibraryTile } from '@shared/library/types'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { getItem } from '../../api/library'

/**
 * A message for the item that left the library while the viewer showed it (issue #28: deleted
 * or moved on another machine that syncs the folder, or outside the app). The viewer follows
 * grid positions, so without it the next item would silently take the vanished one's place.
 * The message stays until the user steps to another position.
 */
export function useVanished(tile: LibraryTile | undefined, pos: number): string | null {
  const shown = useRef<{ id: string; fileName: string; pos: number } | null>(null)
  const [notice, setNotice] = useState<{ pos: number; fileName: string } | null>(null)
  const { t } = useTranslation('viewer')

  useEffect(() => {
    const before = shown.current
    shown.current = tile ? { id: tile.id, fileName: tile.fileName, pos } : before
    // Another item at the same position, without the user stepping: was the shown one removed?
    if (!before || before.pos !== pos || !tile || before.id === tile.id) return
    let live = true
    void getItem(before.id).then((r) => {
      if (live && !r.ok && r.error.code === 'not_found')
        setNotice({ pos, fileName: before.fileName })
    })
    return () => {
      live = false
    }
  }, [tile, pos])

  return notice && notice.pos === pos ? t('vanished', { fileName: notice.fileName }) : null
}

/**
 * Dragging grid items onto a collection in the sidebar. A tile's drag is the OS drag of its
 * files (Electron's startDrag, so they can go to other apps), which carries no data of ours
 * when it comes back over the window; so the ids being dragged are also kept here while the
 * drag lasts, and put on the DataTransfer under ITEMS_TYPE where the browser keeps it.
 */
export const ITEMS_TYPE = 'application/x-gen-studio-items'

let dragging: string[] | null = null
let listening = false

const end = () => {
  dragging = null
}

/** Called by a drop target that took the items (it stops the drop's propagation). */
export const endItemDrag = end

/** Called by a tile's dragstart with the ids it drags. */
export function beginItemDrag(data: DataTransfer | null, ids: string[]): void {
  dragging = ids
  try {
    data?.setData(ITEMS_TYPE, JSON.stringify(ids))
  } catch {
    // A DataTransfer that refuses custom types: the ids kept here still work.
  }
  if (!listening && typeof window !== 'undefined') {
    listening = true
    // A drop anywhere (after its target handled it), the end of the drag, or the mouse moving
    // with no button held (the OS drag ended outside the window) ends it.
    window.addEventListener('drop', end)
    window.addEventListener('dragend', end)
    window.addEventListener('pointermove', (e) => {
      if (e.buttons === 0) end()
    })
  }
}

/** The ids of an item drag over this event, or null when it is something else (files, text). */
export function draggedItems(data: DataTransfer | null): string[] | null {
  if (dragging) return dragging
  if (!data?.types.includes(ITEMS_TYPE)) return null
  try {
    const v: unknown = JSON.parse(data.getData(ITEMS_TYPE) || 'null')
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : []
  } catch {
    return []
  }
}

/** True while grid items are being dragged (the library's drop-to-import ignores them). */
export const isItemDrag = (data: DataTransfer | null): boolean => draggedItems(data) !== null

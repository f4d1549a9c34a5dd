import { useRef, useState } from 'react'

import {
  drawOp,
  emptyMaskHistory,
  type MaskCtx,
  type MaskHistory,
  type MaskOp,
  pushOp,
  redoOp,
  replay,
  undoOp,
} from './maskHistory'

/**
 * The mask editor's edits with undo and redo (maskHistory.ts) on one canvas: `record` an edit
 * already painted (a stroke), `apply` one to paint and record (fill, invert, a keyboard dab),
 * `undo` repaints the starting mask and replays the rest, `redo` paints the edit again. Each
 * change ends with `commit` (the painter stores the mask as a PNG). `start` sets the starting
 * mask and forgets the history (a new source).
 */
export function useMaskEdits(
  ctx: () => MaskCtx | null,
  size: { width: number; height: number },
  commit: () => void,
) {
  const base = useRef<ImageData | null>(null)
  const history = useRef<MaskHistory>(emptyMaskHistory())
  const [steps, setSteps] = useState({ undo: 0, redo: 0 })
  const { width, height } = size

  const set = (h: MaskHistory) => {
    history.current = h
    setSteps({ undo: h.done.length, redo: h.undone.length })
  }

  const record = (op: MaskOp) => {
    const { history: next, fold } = pushOp(history.current, op)
    const c = ctx()
    if (c && base.current && fold.length > 0) {
      // The oldest edits go into the starting mask; the canvas keeps what it shows.
      const now = c.getImageData(0, 0, width, height)
      replay(c, base.current, fold, width, height)
      base.current = c.getImageData(0, 0, width, height)
      c.putImageData(now, 0, 0)
    }
    set(next)
    commit()
  }

  return {
    steps,
    start(image: ImageData | null) {
      base.current = image
      set(emptyMaskHistory())
    },
    record,
    apply(op: MaskOp) {
      const c = ctx()
      if (c) drawOp(c, op, width, height)
      record(op)
    },
    undo() {
      const next = undoOp(history.current)
      if (!next) return
      const c = ctx()
      if (c && base.current) replay(c, base.current, next.done, width, height)
      set(next)
      commit()
    },
    redo() {
      const next = redoOp(history.current)
      if (!next) return
      const c = ctx()
      if (c) drawOp(c, next.done.at(-1)!, width, height)
      set(next)
      commit()
    },
  }
}

import {
  BRUSH,
  drawOp,
  emptyMaskHistory,
  FOLD,
  type MaskOp,
  MAX_UNDO,
  nextBrush,
  pushOp,
  redoOp,
  replay,
  undoOp,
} from '@renderer/forms/maskHistory'
import { PixelCtx } from '@test/support/pixelCanvas'
import { describe, expect, it } from 'vitest'

const stroke = (x: number, paint = true): MaskOp => ({
  kind: 'stroke',
  paint,
  size: 6,
  points: [
    { x, y: 4 },
    { x, y: 20 },
  ],
})

describe('mask history', () => {
  it('undoes and redoes edits in order; a new edit drops what was undone', () => {
    let h = pushOp(emptyMaskHistory(), stroke(4)).history
    h = pushOp(h, stroke(12)).history
    h = undoOp(h)!
    expect(h.done).toEqual([stroke(4)])
    expect(h.undone).toEqual([stroke(12)])
    h = redoOp(h)!
    expect(h.done).toEqual([stroke(4), stroke(12)])
    expect(redoOp(h)).toBeNull()
    h = undoOp(undoOp(h)!)!
    expect(undoOp(h)).toBeNull()
    h = pushOp(h, { kind: 'invert' }).history
    expect(h).toEqual({ done: [{ kind: 'invert' }], undone: [] })
  })

  it('folds the oldest edits out once the history is full', () => {
    let h = emptyMaskHistory()
    for (let i = 0; i < MAX_UNDO; i++) {
      const r = pushOp(h, stroke(i))
      expect(r.fold).toEqual([])
      h = r.history
    }
    const r = pushOp(h, stroke(999))
    expect(r.fold).toHaveLength(FOLD)
    expect(r.fold[0]).toEqual(stroke(0))
    expect(r.history.done).toHaveLength(MAX_UNDO + 1 - FOLD)
    expect(r.history.done.at(-1)).toEqual(stroke(999))
  })

  it('undo by replay gives back exactly the pixels before the edit, redo those after', () => {
    const c = new PixelCtx(24, 24)
    drawOp(c, { kind: 'fill', white: false }, 24, 24)
    const base = c.getImageData()
    const ops = [stroke(6), stroke(16, true), { kind: 'invert' } as MaskOp, stroke(10, false)]
    const after: Uint8ClampedArray[] = []
    for (const op of ops) {
      drawOp(c, op, 24, 24)
      after.push(new Uint8ClampedArray(c.data))
    }
    expect(c.white()).toBeGreaterThan(0.3)
    for (let n = ops.length - 1; n >= 0; n--) {
      replay(c, base, ops.slice(0, n), 24, 24)
      expect(c.data).toEqual(n === 0 ? base.data : after[n - 1])
    }
    expect(c.white()).toBe(0)
  })

  it('steps the brush with [ and ] in larger steps for larger brushes, within the slider', () => {
    expect(nextBrush(8, 1)).toBe(12)
    expect(nextBrush(64, 1)).toBe(72)
    expect(nextBrush(200, -1)).toBe(184)
    expect(nextBrush(BRUSH.min, -1)).toBe(BRUSH.min)
    expect(nextBrush(BRUSH.max, 1)).toBe(BRUSH.max)
    expect(nextBrush(250, 1)).toBe(BRUSH.max)
    for (let s = BRUSH.min; s <= BRUSH.max; s += BRUSH.step) expect(nextBrush(s, 1) % 4).toBe(0)
  })
})

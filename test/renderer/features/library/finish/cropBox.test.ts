import { boxFromDrag, moveBox } from '@renderer/features/library/finish/cropBox'
import { describe, expect, it } from 'vitest'

describe('the crop box (issue #31)', () => {
  it('follows a drag in any direction, clipped to the picture, in whole pixels', () => {
    expect(boxFromDrag({ x: 10.4, y: 20 }, { x: 110.6, y: 70 }, 640, 480, null)).toEqual({
      x: 10,
      y: 20,
      width: 101,
      height: 50,
    })
    expect(boxFromDrag({ x: 300, y: 300 }, { x: -50, y: 900 }, 640, 480, null)).toEqual({
      x: 0,
      y: 300,
      width: 300,
      height: 180,
    })
  })

  it('keeps a fixed ratio, shrinking to fit the picture', () => {
    const b = boxFromDrag({ x: 0, y: 0 }, { x: 640, y: 10 }, 640, 480, [16, 9])
    expect(b).toEqual({ x: 0, y: 0, width: 640, height: 360 })
    const up = boxFromDrag({ x: 600, y: 400 }, { x: 0, y: 390 }, 640, 480, [1, 1])
    expect(up.width).toBe(up.height)
    expect(up.y + up.height).toBeLessThanOrEqual(480)
    expect(up).toEqual({ x: 200, y: 0, width: 400, height: 400 })
  })

  it('moves without leaving the picture', () => {
    expect(moveBox({ x: 10, y: 10, width: 100, height: 50 }, 1000, -1000, 640, 480)).toEqual({
      x: 540,
      y: 0,
      width: 100,
      height: 50,
    })
  })
})

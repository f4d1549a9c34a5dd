import { hasPaint, invertMask, paintedShare, toMaskPoint } from '@renderer/forms/maskOps'
import { describe, expect, it } from 'vitest'

describe('mask pixels', () => {
  const rgba = (...values: number[]) => new Uint8ClampedArray(values.flatMap((v) => [v, v, v, 255]))

  it('knows whether anything is marked, and how much', () => {
    expect(hasPaint(rgba(0, 0, 0))).toBe(false)
    expect(hasPaint(rgba(0, 255, 0))).toBe(true)
    expect(paintedShare(rgba(255, 0, 255, 0))).toBe(0.5)
  })

  it('inverts to pure black and white', () => {
    const d = rgba(0, 200, 100)
    invertMask(d)
    expect([...d]).toEqual([255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255])
  })

  it('maps a pointer on the scaled canvas to mask pixels, clamped to the image', () => {
    const rect = { left: 10, top: 20, width: 100, height: 50 }
    expect(toMaskPoint(60, 45, rect, { width: 1000, height: 500 })).toEqual({ x: 500, y: 250 })
    expect(toMaskPoint(0, 0, rect, { width: 1000, height: 500 })).toEqual({ x: 0, y: 0 })
    expect(toMaskPoint(500, 500, rect, { width: 1000, height: 500 })).toEqual({ x: 1000, y: 500 })
  })
})

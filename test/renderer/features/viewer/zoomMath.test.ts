import {
  ACTUAL_VIEW,
  clampPlacement,
  clampScale,
  FIT_VIEW,
  fitScale,
  MAX_SCALE,
  MIN_SCALE,
  panViewBy,
  type Placement,
  placementOf,
  scaleOf,
  viewOf,
  wheelFactor,
  zoomAt,
  zoomViewBy,
} from '@renderer/features/viewer/zoomMath'
import { describe, expect, it } from 'vitest'

const image = { width: 2000, height: 1000 }
const viewport = { width: 800, height: 600 }

/** The image point (natural pixels) drawn at viewport point (x, y). */
const imagePointAt = (p: Placement, x: number, y: number) => ({
  x: (x - p.x) / p.scale,
  y: (y - p.y) / p.scale,
})

describe('zoomMath', () => {
  it('fits the whole image (contain) and centres it', () => {
    expect(fitScale(image, viewport)).toBe(0.4)
    expect(placementOf(FIT_VIEW, image, viewport)).toEqual({ scale: 0.4, x: 0, y: 100 })
    // Unmeasured sizes count as 1 rather than dividing by zero.
    expect(fitScale({ width: 0, height: 0 }, viewport)).toBe(1)
    expect(fitScale(image, { width: 0, height: 0 })).toBe(1)
  })

  it('shows 100 % as one image pixel per CSS pixel, whatever the viewport', () => {
    expect(scaleOf(ACTUAL_VIEW, image, viewport)).toBe(1)
    expect(scaleOf(ACTUAL_VIEW, image, { width: 100, height: 100 })).toBe(1)
    expect(placementOf(ACTUAL_VIEW, image, viewport)).toEqual({ scale: 1, x: -600, y: -200 })
  })

  it.each([
    [0.001, MIN_SCALE],
    [0.05, 0.05],
    [3, 3],
    [16, 16],
    [500, MAX_SCALE],
    [Number.NaN, 1],
  ])('clamps scale %s to %s', (input, expected) => expect(clampScale(input)).toBe(expected))

  it.each([
    [{ x: 400, y: 300 }, 2],
    [{ x: 10, y: 20 }, 3.7],
    [{ x: 790, y: 590 }, 0.5],
  ])('zooming around %o keeps the image point under it fixed (to %s)', (at, scale) => {
    const p = { scale: 1, x: -300, y: -150 }
    const before = imagePointAt(p, at.x, at.y)
    const after = zoomAt(p, scale, at)
    expect(after.scale).toBe(scale)
    const moved = imagePointAt(after, at.x, at.y)
    expect(moved.x).toBeCloseTo(before.x, 9)
    expect(moved.y).toBeCloseTo(before.y, 9)
  })

  it('clamps the zoom itself to 5 %–1600 % while keeping the point fixed', () => {
    const p = { scale: 1, x: 0, y: 0 }
    const at = { x: 100, y: 100 }
    expect(zoomAt(p, 100, at)).toEqual({ scale: 16, x: 100 - 100 * 16, y: 100 - 100 * 16 })
    expect(zoomAt(p, 0, at).scale).toBe(MIN_SCALE)
    // The wheel cannot go past the limits either, however long it turns.
    let view = FIT_VIEW
    for (let i = 0; i < 100; i++) view = zoomViewBy(view, 2, image, viewport)
    expect(scaleOf(view, image, viewport)).toBeCloseTo(MAX_SCALE, 9)
    for (let i = 0; i < 100; i++) view = zoomViewBy(view, 0.5, image, viewport)
    expect(scaleOf(view, image, viewport)).toBeCloseTo(MIN_SCALE, 9)
  })

  it('a wheel zoom through views keeps the cursor point fixed when the image covers the viewport', () => {
    const at = { x: 600, y: 150 }
    const from = ACTUAL_VIEW
    const before = imagePointAt(placementOf(from, image, viewport), at.x, at.y)
    const to = zoomViewBy(from, 1.5, image, viewport, at)
    const after = imagePointAt(placementOf(to, image, viewport), at.x, at.y)
    expect(after.x).toBeCloseTo(before.x, 6)
    expect(after.y).toBeCloseTo(before.y, 6)
  })

  it('never lets a drag lose the image: no gap at an edge when larger, centred when smaller', () => {
    // Larger than the viewport: edges stop at the viewport's edges.
    const big = clampPlacement({ scale: 1, x: 500, y: -5000 }, image, viewport)
    expect(big).toEqual({ scale: 1, x: 0, y: -400 })
    // Smaller along an axis: centred along it, whatever the drag.
    const small = clampPlacement({ scale: 0.2, x: -900, y: 900 }, image, viewport)
    expect(small).toEqual({ scale: 0.2, x: 200, y: 200 })
    // Through views: a huge drag at 100 % ends with an image corner in the viewport's corner.
    const dragged = panViewBy(ACTUAL_VIEW, 10_000, 10_000, image, viewport)
    expect(dragged.zoom).toBe('actual')
    expect(placementOf(dragged, image, viewport)).toEqual({ scale: 1, x: 0, y: 0 })
    // At fit there is nothing to pan.
    expect(placementOf(panViewBy(FIT_VIEW, 300, 300, image, viewport), image, viewport)).toEqual(
      placementOf(FIT_VIEW, image, viewport),
    )
  })

  it('one view shows the same part of images of different sizes (synchronised compare)', () => {
    const view = zoomViewBy(FIT_VIEW, 4, image, viewport, { x: 200, y: 300 })
    const half = { width: 1000, height: 500 }
    const centreOf = (size: typeof image) => {
      const p = placementOf(view, size, viewport)
      const pt = imagePointAt(p, viewport.width / 2, viewport.height / 2)
      return { x: pt.x / size.width, y: pt.y / size.height }
    }
    expect(centreOf(half).x).toBeCloseTo(centreOf(image).x, 9)
    expect(centreOf(half).y).toBeCloseTo(centreOf(image).y, 9)
    expect(scaleOf(view, half, viewport) / scaleOf(view, image, viewport)).toBeCloseTo(2, 9)
  })

  it('turns placements back into views and back without drift', () => {
    const p = clampPlacement({ scale: 2.5, x: -1234, y: -567 }, image, viewport)
    const again = placementOf(viewOf(p, image, viewport), image, viewport)
    expect(again.scale).toBeCloseTo(p.scale, 9)
    expect(again.x).toBeCloseTo(p.x, 6)
    expect(again.y).toBeCloseTo(p.y, 6)
  })

  it('zooms in on wheel up and out on wheel down, about ×1.2 a notch', () => {
    expect(wheelFactor(-100)).toBeGreaterThan(1.15)
    expect(wheelFactor(-100)).toBeLessThan(1.25)
    expect(wheelFactor(100)).toBeCloseTo(1 / wheelFactor(-100), 9)
    expect(wheelFactor(-3, 1)).toBeCloseTo(wheelFactor(-99), 9)
    expect(wheelFactor(0)).toBe(1)
  })
})

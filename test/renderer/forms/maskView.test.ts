import { clampView, FIT, MAX_ZOOM, panBy, zoomAt } from '@renderer/forms/maskView'
import { describe, expect, it } from 'vitest'

const stage = { width: 400, height: 300 }

describe('mask view', () => {
  it('zooms about the pointer: the point under it stays put', () => {
    const at = { x: 100, y: 60 }
    const v = zoomAt(FIT, 2, at, stage)
    expect(v.zoom).toBe(2)
    // Content point (100, 60) is drawn at v.x + 100·2: still under the pointer.
    expect(v.x + 100 * v.zoom).toBeCloseTo(at.x)
    expect(v.y + 60 * v.zoom).toBeCloseTo(at.y)
    const w = zoomAt(v, 1.5, { x: 300, y: 200 }, stage)
    const cx = (300 - v.x) / v.zoom
    expect(w.x + cx * w.zoom).toBeCloseTo(300)
  })

  it('never zooms out past fitting, nor in past the maximum', () => {
    expect(zoomAt(FIT, 0.5, { x: 10, y: 10 }, stage)).toEqual(FIT)
    expect(zoomAt({ zoom: 7, x: 0, y: 0 }, 4, { x: 0, y: 0 }, stage).zoom).toBe(MAX_ZOOM)
  })

  it('pans within the content: no empty band beside the mask', () => {
    const v = zoomAt(FIT, 2, { x: 0, y: 0 }, stage)
    expect(panBy(v, 50, 50, stage)).toEqual({ zoom: 2, x: 0, y: 0 })
    expect(panBy(v, -1000, -1000, stage)).toEqual({ zoom: 2, x: -400, y: -300 })
    expect(panBy(FIT, -30, 10, stage)).toEqual(FIT)
    expect(clampView({ zoom: 0.2, x: 5, y: 5 }, stage)).toEqual(FIT)
  })
})

import { MaskPainter } from '@renderer/forms/MaskPainter'
import { useGenerateStore } from '@renderer/stores/generate'
import { installPixelCanvas, type PixelCtx } from '@test/support/pixelCanvas'
import { ref } from '@test/support/refItem'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const SIZE = 32
let contexts: WeakMap<HTMLCanvasElement, PixelCtx>

beforeEach(() => {
  // jsdom has no canvas: a software context with real pixels, a PNG encoder stand-in and a box.
  contexts = installPixelCanvas({ width: SIZE, height: SIZE })
  useGenerateStore.setState((s) => ({
    masks: { ...s.masks, art: { painted: false, png: null, width: 0, height: 0, version: 0 } },
  }))
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const canvas = () => screen.getByTestId('mask-canvas-art') as HTMLCanvasElement
const pixels = () => contexts.get(canvas())!
const painter = () =>
  render(<MaskPainter maskId="art" source={ref({ width: SIZE, height: SIZE })} />)

function strokeAcross(y: number, opts: { button?: number } = {}) {
  fireEvent.pointerDown(canvas(), { clientX: 4, clientY: y, pointerId: 1, ...opts })
  fireEvent.pointerMove(canvas(), { clientX: 28, clientY: y, pointerId: 1 })
  fireEvent.pointerUp(canvas(), { clientX: 28, clientY: y, pointerId: 1 })
}

const undoSteps = () => [canvas().dataset.undo, canvas().dataset.redo]

describe('MaskPainter: undo, redo, brush keys, zoom and pan', () => {
  it('undoes and redoes strokes with Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y and the buttons, pixel exact', () => {
    painter()
    const blank = new Uint8ClampedArray(pixels().data)
    strokeAcross(8)
    const one = new Uint8ClampedArray(pixels().data)
    strokeAcross(24)
    const two = new Uint8ClampedArray(pixels().data)
    expect(pixels().white()).toBeGreaterThan(0.2)
    expect(undoSteps()).toEqual(['2', '0'])
    expect(useGenerateStore.getState().masks.art.painted).toBe(true)

    fireEvent.keyDown(canvas(), { key: 'z', ctrlKey: true })
    expect(pixels().data).toEqual(one)
    expect(undoSteps()).toEqual(['1', '1'])
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    expect(pixels().data).toEqual(blank)
    expect(useGenerateStore.getState().masks.art.painted).toBe(false)
    expect((screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true)

    fireEvent.keyDown(canvas(), { key: 'Z', ctrlKey: true, shiftKey: true })
    expect(pixels().data).toEqual(one)
    fireEvent.keyDown(canvas(), { key: 'y', ctrlKey: true })
    expect(pixels().data).toEqual(two)
    expect(undoSteps()).toEqual(['2', '0'])

    // A new edit after an undo drops the redo; Clear and Invert are edits too.
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    fireEvent.click(screen.getByRole('button', { name: 'Invert' }))
    expect(undoSteps()).toEqual(['2', '0'])
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
    expect(pixels().white()).toBe(0)
    fireEvent.keyDown(canvas(), { key: 'z', metaKey: true })
    fireEvent.keyDown(canvas(), { key: 'z', metaKey: true })
    expect(pixels().data).toEqual(one)
  })

  it('changes the brush with [ and ] and shows the size', () => {
    painter()
    expect(screen.getByText(/Mask brush 64px/)).toBeTruthy()
    fireEvent.keyDown(canvas(), { key: ']' })
    fireEvent.keyDown(canvas(), { key: ']' })
    expect(screen.getByText(/Mask brush 80px/)).toBeTruthy()
    fireEvent.keyDown(screen.getByRole('button', { name: 'Fill' }), { key: '[' })
    expect(screen.getByText(/Mask brush 72px/)).toBeTruthy()
    // A stroke uses the size it was painted with; undo does not change the brush.
    fireEvent.keyDown(canvas(), { key: 'Enter' })
    expect(undoSteps()).toEqual(['1', '0'])
    fireEvent.keyDown(canvas(), { key: 'z', ctrlKey: true })
    expect(screen.getByText(/Mask brush 72px/)).toBeTruthy()
  })

  it('zooms with + − 0, the wheel and the buttons; pans with Space+drag or middle-drag without painting', () => {
    painter()
    const zoom = () => screen.getByTestId('mask-zoom').textContent
    const layer = () => canvas().parentElement!.style.transform
    fireEvent.keyDown(canvas(), { key: '+' })
    expect(zoom()).toBe('Zoom 125%')
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }))
    expect(zoom()).toBe('Zoom 156%')
    fireEvent.keyDown(canvas(), { key: '0' })
    expect(zoom()).toBe('Zoom 100%')
    const stage = canvas().parentElement!.parentElement!
    vi.spyOn(stage, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      top: 0,
      width: 320,
      height: 320,
    } as DOMRect)
    fireEvent.wheel(stage, { deltaY: -400, clientX: 160, clientY: 160 })
    expect(Number(zoom()!.replace(/\D/g, ''))).toBeGreaterThan(150)
    expect(layer()).toMatch(/^translate\(-\d/)

    const before = layer()
    fireEvent.keyDown(canvas(), { key: ' ' })
    fireEvent.pointerDown(canvas(), { clientX: 100, clientY: 100, pointerId: 2 })
    fireEvent.pointerMove(canvas(), { clientX: 140, clientY: 130, pointerId: 2 })
    fireEvent.pointerUp(canvas(), { pointerId: 2 })
    fireEvent.keyUp(canvas(), { key: ' ' })
    expect(layer()).not.toBe(before)
    const panned = layer()
    strokeAcross(16, { button: 1 })
    expect(layer()).not.toBe(panned)
    expect(undoSteps()).toEqual(['0', '0'])
    expect(pixels().white()).toBe(0)
    // Space held with the pointer over the mask pans wherever the focus is, but not in a text field.
    fireEvent.pointerEnter(stage)
    fireEvent.keyDown(document.body, { key: ' ' })
    expect(stage.className).toContain('pan-ready')
    fireEvent.keyUp(document.body, { key: ' ' })
    const field = document.body.appendChild(document.createElement('textarea'))
    expect(fireEvent.keyDown(field, { key: ' ' })).toBe(true)
    expect(stage.className).not.toContain('pan-ready')
    field.remove()
    fireEvent.keyDown(canvas(), { key: '-' })
    fireEvent.click(screen.getByRole('button', { name: 'Fit' }))
    expect(zoom()).toBe('Zoom 100%')
    expect(layer()).toBe('translate(0px, 0px) scale(1)')
  })

  it('has no serious accessibility findings', async () => {
    const { container } = painter()
    strokeAcross(8)
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    expect(
      result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id),
    ).toEqual([])
  })
})

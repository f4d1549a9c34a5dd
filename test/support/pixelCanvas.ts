import type { MaskCtx } from '@renderer/forms/maskHistory'
import { vi } from 'vitest'

/**
 * A tiny software 2D context for the mask editor's tests (jsdom has no canvas): opaque black or
 * white pixels only, round-capped lines and filled circles by distance to the pixel centre, whole
 * image get/put. Enough to check that undo gives back exactly the pixels it should.
 */
export class PixelCtx implements MaskCtx {
  data: Uint8ClampedArray
  globalCompositeOperation = 'source-over'
  fillStyle: MaskCtx['fillStyle'] = '#000'
  strokeStyle: MaskCtx['strokeStyle'] = '#000'
  lineCap: CanvasLineCap = 'butt'
  lineJoin: CanvasLineJoin = 'miter'
  lineWidth = 1
  private segments: Array<[number, number, number, number]> = []
  private circles: Array<[number, number, number]> = []
  private at: [number, number] | null = null

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8ClampedArray(width * height * 4)
  }

  beginPath() {
    this.segments = []
    this.circles = []
    this.at = null
  }
  moveTo(x: number, y: number) {
    this.at = [x, y]
  }
  lineTo(x: number, y: number) {
    const from = this.at ?? [x, y]
    this.segments.push([from[0], from[1], x, y])
    this.at = [x, y]
  }
  arc(x: number, y: number, r: number) {
    this.circles.push([x, y, r])
  }
  stroke() {
    const r = this.lineWidth / 2
    this.paint(this.strokeStyle, (px, py) =>
      this.segments.some(([x0, y0, x1, y1]) => distToSegment(px, py, x0, y0, x1, y1) <= r),
    )
  }
  fill() {
    this.paint(this.fillStyle, (px, py) =>
      this.circles.some(([x, y, r]) => Math.hypot(px - x, py - y) <= r),
    )
  }
  fillRect(x: number, y: number, w: number, h: number) {
    this.paint(this.fillStyle, (px, py) => px >= x && px < x + w && py >= y && py < y + h)
  }
  getImageData(): ImageData {
    return {
      data: new Uint8ClampedArray(this.data),
      width: this.width,
      height: this.height,
    } as ImageData
  }
  putImageData(img: ImageData) {
    this.data.set(img.data)
  }
  drawImage() {}

  /** Share of white pixels, 0..1. */
  white(): number {
    let n = 0
    for (let i = 0; i < this.data.length; i += 4) if (this.data[i]! > 127) n++
    return n / (this.width * this.height)
  }

  private paint(style: unknown, inside: (x: number, y: number) => boolean) {
    const v = style === '#fff' ? 255 : 0
    for (let y = 0; y < this.height; y++)
      for (let x = 0; x < this.width; x++)
        if (inside(x + 0.5, y + 0.5)) this.data.set([v, v, v, 255], (y * this.width + x) * 4)
  }
}

function distToSegment(px: number, py: number, x0: number, y0: number, x1: number, y1: number) {
  const dx = x1 - x0
  const dy = y1 - y0
  const len = dx * dx + dy * dy
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / len))
  return Math.hypot(px - (x0 + t * dx), py - (y0 + t * dy))
}

/**
 * Gives every canvas in the page a PixelCtx (one per canvas, kept in the returned map), a PNG
 * encoder stand-in and, when `box` is given, that on-screen box. Undo with vi.restoreAllMocks.
 */
export function installPixelCanvas(box?: { width: number; height: number }) {
  const contexts = new WeakMap<HTMLCanvasElement, PixelCtx>()
  const getContext = function (this: HTMLCanvasElement) {
    let c = contexts.get(this)
    if (!c) contexts.set(this, (c = new PixelCtx(this.width, this.height)))
    return c
  }
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    getContext as unknown as HTMLCanvasElement['getContext'],
  )
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((cb) =>
    cb(new Blob([], { type: 'image/png' })),
  )
  if (box)
    vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      top: 0,
      ...box,
    } as DOMRect)
  return contexts
}

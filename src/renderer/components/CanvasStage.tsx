import './canvasStage.css'

import type { CSSProperties, ReactNode, Ref } from 'react'

/**
 * The one canvas view (issue #31) of the mask editor, the crop box and the expanded canvas: a box
 * of the picture's aspect ratio, as wide as its column allows but never taller than the window
 * leaves room for (`reserve`: the window height kept for the bars and buttons around it), so
 * a large or tall picture never pushes the form's buttons off screen. Its children are layered
 * over each other (image, canvas, overlays) and fill it.
 */
export function CanvasStage({
  width,
  height,
  reserve = '14rem',
  className,
  ref,
  children,
  testId,
}: {
  width: number
  height: number
  reserve?: string
  className?: string
  ref?: Ref<HTMLDivElement>
  children: ReactNode
  testId?: string
}) {
  const style = {
    aspectRatio: `${width} / ${height}`,
    '--stage-aspect': String(width / Math.max(1, height)),
    '--stage-reserve': reserve,
  } as CSSProperties
  return (
    <div
      ref={ref}
      className={`canvas-stage${className ? ` ${className}` : ''}`}
      style={style}
      data-testid={testId}
    >
      {children}
    </div>
  )
}

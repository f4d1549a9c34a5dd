import { useCallback, useEffect, useRef } from 'react'

/** How long a drag rests on a navigation item before its area opens. */
export const SPRING_DELAY_MS = 700

/**
 * Spring-loaded navigation (issue #16): a drag that rests on an area's button opens that area,
 * so a library tile (dragged as real files, see LibraryGrid) or any file can be carried to a
 * form's reference drop zone in a window that shows one area at a time. Answers the drag
 * handlers for one button.
 */
export function useSpringLoad<T extends string>(go: (target: T) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
  }, [])
  useEffect(() => cancel, [cancel])
  return useCallback(
    (target: T) => ({
      onDragEnter: () => {
        cancel()
        timer.current = setTimeout(() => go(target), SPRING_DELAY_MS)
      },
      onDragLeave: cancel,
      onDrop: cancel,
    }),
    [go, cancel],
  )
}

import { afterAll, beforeAll } from 'vitest'

/**
 * jsdom has no layout: gives every element a 1000 × 600 client box and a no-op ResizeObserver
 * for the tests of the file that calls it (the library grid measures its viewport with them),
 * and restores the originals afterwards.
 */
export function useGridViewport(): void {
  const sizes = { clientWidth: 1000, clientHeight: 600 }
  const saved = Object.fromEntries(
    Object.keys(sizes).map((k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)]),
  )
  beforeAll(() => {
    for (const [k, v] of Object.entries(sizes))
      Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => v })
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver
  })
  afterAll(() => {
    for (const [k, d] of Object.entries(saved))
      if (d) Object.defineProperty(HTMLElement.prototype, k, d)
  })
}

import type { RefItem } from '@renderer/forms/references'

/** A valid reference image as the forms hold it; override what a case is about. */
export const ref = (over: Partial<RefItem> = {}): RefItem => ({
  id: `r${Math.random()}`,
  name: 'ref.png',
  bytes: 1000,
  type: 'image/png',
  width: 512,
  height: 512,
  path: '/tmp/ref.png',
  thumb: null,
  origin: 'drop',
  problem: null,
  ...over,
})

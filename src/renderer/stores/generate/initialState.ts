import type { RefItem } from './refItem'

/** The places a form keeps reference files. */
export type SlotId =
  'images.references' | 'art.source' | 'workbench.source' | 'workbench.references'

/** A painted mask: the PNG the painter made last, and a version that changes with every stroke. */
export interface MaskState {
  painted: boolean
  version: number
  /** The latest PNG (white = repaint), at the source image's size. */
  png: Blob | null
  width: number
  height: number
}

export type MaskId = 'art' | 'workbench'

export const emptyMask = (): MaskState => ({
  painted: false,
  version: 0,
  png: null,
  width: 0,
  height: 0,
})

export interface GenerateState {
  slots: Record<SlotId, RefItem[]>
  masks: Record<MaskId, MaskState>
}

export const initialState = (): GenerateState => ({
  slots: {
    'images.references': [],
    'art.source': [],
    'workbench.source': [],
    'workbench.references': [],
  },
  masks: { art: emptyMask(), workbench: emptyMask() },
})

import type { StateCreator } from 'zustand'

import {
  emptyMask,
  type GenerateState,
  type MaskId,
  type MaskState,
  type SlotId,
} from './initialState'
import type { RefItem } from './refItem'

export interface GenerateActions {
  addRefs(slot: SlotId, items: RefItem[], max?: number): void
  updateRef(slot: SlotId, id: string, patch: Partial<RefItem>): void
  removeRef(slot: SlotId, id: string): void
  moveRef(slot: SlotId, id: string, delta: number): void
  clearSlot(slot: SlotId): void
  setMask(id: MaskId, mask: Partial<MaskState>): void
  clearMask(id: MaskId): void
}

export type GenerateStore = GenerateState & GenerateActions

const revoke = (items: readonly RefItem[]) => {
  for (const r of items) if (r.thumb?.startsWith('blob:')) URL.revokeObjectURL(r.thumb)
}

export const createGenerateActions: StateCreator<GenerateStore, [], [], GenerateActions> = (
  set,
) => ({
  addRefs: (slot, items, max) =>
    set((s) => {
      let list = [...s.slots[slot], ...items]
      if (max !== undefined && list.length > max && max === 1) {
        // A single-file slot replaces its file.
        revoke(list.slice(0, -1))
        list = list.slice(-1)
      }
      return { slots: { ...s.slots, [slot]: list } }
    }),
  updateRef: (slot, id, patch) =>
    set((s) => ({
      slots: {
        ...s.slots,
        [slot]: s.slots[slot].map((r) => (r.id === id ? { ...r, ...patch } : r)),
      },
    })),
  removeRef: (slot, id) =>
    set((s) => {
      revoke(s.slots[slot].filter((r) => r.id === id))
      return { slots: { ...s.slots, [slot]: s.slots[slot].filter((r) => r.id !== id) } }
    }),
  moveRef: (slot, id, delta) =>
    set((s) => {
      const list = [...s.slots[slot]]
      const from = list.findIndex((r) => r.id === id)
      const to = from + delta
      if (from < 0 || to < 0 || to >= list.length) return {}
      const [item] = list.splice(from, 1)
      list.splice(to, 0, item!)
      return { slots: { ...s.slots, [slot]: list } }
    }),
  clearSlot: (slot) =>
    set((s) => {
      revoke(s.slots[slot])
      return { slots: { ...s.slots, [slot]: [] } }
    }),
  setMask: (id, mask) => set((s) => ({ masks: { ...s.masks, [id]: { ...s.masks[id], ...mask } } })),
  clearMask: (id) => set((s) => ({ masks: { ...s.masks, [id]: emptyMask() } })),
})

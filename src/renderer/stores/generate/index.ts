import type { TaskView } from '@shared/tasks/views'
import { create } from 'zustand'

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

const emptyMask = (): MaskState => ({ painted: false, version: 0, png: null, width: 0, height: 0 })

export interface GenerateState {
  slots: Record<SlotId, RefItem[]>
  masks: Record<MaskId, MaskState>
  /** Tasks shown on the generation screens, by id (kept current by tasks:updated). */
  tasks: Record<string, TaskView>
  addRefs(slot: SlotId, items: RefItem[], max?: number): void
  updateRef(slot: SlotId, id: string, patch: Partial<RefItem>): void
  removeRef(slot: SlotId, id: string): void
  moveRef(slot: SlotId, id: string, delta: number): void
  clearSlot(slot: SlotId): void
  setMask(id: MaskId, mask: Partial<MaskState>): void
  clearMask(id: MaskId): void
  upsertTasks(views: readonly TaskView[]): void
  removeTasks(ids: readonly string[]): void
}

const revoke = (items: readonly RefItem[]) => {
  for (const r of items) if (r.thumb?.startsWith('blob:')) URL.revokeObjectURL(r.thumb)
}

/**
 * Per-session state of the generation screens: the reference files each form holds (paths and
 * thumbnails, never the bytes), the painted masks, and the task views the screens show. Not
 * persisted: tasks come back from main after a restart, files are chosen again.
 */
export const useGenerateStore = create<GenerateState>()((set) => ({
  slots: {
    'images.references': [],
    'art.source': [],
    'workbench.source': [],
    'workbench.references': [],
  },
  masks: { art: emptyMask(), workbench: emptyMask() },
  tasks: {},
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
  upsertTasks: (views) =>
    set((s) => {
      if (views.length === 0) return {}
      const tasks = { ...s.tasks }
      for (const v of views) tasks[v.id] = v
      return { tasks }
    }),
  removeTasks: (ids) =>
    set((s) => {
      if (ids.length === 0) return {}
      const tasks = { ...s.tasks }
      for (const id of ids) delete tasks[id]
      return { tasks }
    }),
}))

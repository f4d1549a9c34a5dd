import { initialState, useBatchStore } from '@renderer/stores/batch'
import type { BatchGridView, BatchPlanView, BatchView } from '@shared/batch/types'
import type { SubmitTaskPayload } from '@shared/tasks/submit'
import { beforeEach } from 'vitest'

/** Shared fixtures of the batch tests: main's views as the contract types them. */

/** An art (native) form's request, as its Generate would send it: the batch dialog's base. */
export const nativeBase: SubmitTaskPayload = {
  kind: 'native',
  request: {
    input: 'a castle at dusk',
    model: 'art-diffusion-4-5-full',
    action: 'generate',
    parameters: { width: 832, height: 1216, steps: 28, n_samples: 1, seed: 7 },
  },
}

export const planView = (over: Partial<BatchPlanView> = {}): BatchPlanView => ({
  kind: 'native',
  count: 3,
  requests: [20, 30, 40].map((steps, index) => ({
    index,
    x: String(steps),
    y: null,
    repeat: 1,
    picks: [],
    prompt: `a castle at dusk`,
    seed: 7,
    model: 'art-diffusion-4-5-full',
    estimateUsd: 0.04,
    estimateLabel: '$0.04',
  })),
  totalUsd: 0.12,
  approximate: false,
  unpriced: 0,
  expectedSeconds: 170,
  budget: { fits: true, refusal: null },
  xValues: ['20', '30', '40'],
  yValues: [],
  missingLists: [],
  repeats: [],
  ...over,
})

export const batchView = (over: Partial<BatchView> = {}): BatchView => ({
  id: 'b1',
  title: 'Steps sweep',
  kind: 'native',
  model: 'art-diffusion-4-5-full',
  createdAt: 10,
  state: 'running',
  total: 6,
  counts: { saved: 2, running: 1, queued: 3 },
  estimateUsd: 0.24,
  xField: 'steps',
  yField: 'guidance',
  xValues: ['20', '30', '40'],
  yValues: ['5', '7.5'],
  demo: false,
  priority: 0,
  ...over,
})

/** A 3 × 2 grid: row 5 saved, row 7.5 one running, one failed, one queued. */
export const gridView = (over: Partial<BatchView> = {}): BatchGridView => {
  const batch = batchView(over)
  const states = ['saved', 'saved', 'saved', 'running', 'failed', 'queued'] as const
  return {
    batch,
    cells: states.map((state, index) => ({
      index,
      x: batch.xValues[index % 3]!,
      y: batch.yValues[Math.floor(index / 3)]!,
      repeat: 1,
      taskId: `t${index}`,
      state,
      libraryIds: state === 'saved' ? [`lib${index}`] : [],
      relPaths: state === 'saved' ? [`2026/11/img${index}.png`] : [],
    })),
  }
}

/** A fresh batch store before each test. */
export function resetBatchStoreEachTest(): void {
  beforeEach(() => useBatchStore.setState(structuredClone(initialState)))
}

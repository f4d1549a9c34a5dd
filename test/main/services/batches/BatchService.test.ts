import { join } from 'node:path'

import { JsonFile } from '@main/adapters/fs/JsonFile'
import { BatchService } from '@main/services/batches/BatchService'
import { WildcardStore } from '@main/services/batches/WildcardStore'
import type { SubmitOutcome } from '@main/services/tasks/ports'
import type { BatchSpec } from '@shared/batch/types'
import type { AppError } from '@shared/result'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import { taskServiceRig } from '@test/support/taskServiceRig'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * A batch's repeats of paid requests (issue #29): listed by the plan, left out before pricing
 * when the user asks, through the real admission, journal and engine on a virtual clock.
 */
const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

function stack() {
  const rig = taskServiceRig({ demo: false })
  cleanups.push(() => rig.close())
  const saved: SubmitOutcome = {
    type: 'outputs',
    outputs: [{ type: 'url', url: 'https://cdn.test/b.png' }],
  }
  rig.gateway.onSubmit = () => saved
  const batches = new BatchService({
    admission: rig.admission,
    gate: rig.gate,
    tasks: rig.svc,
    batches: rig.journal.batches,
    journal: rig.journal.tasks,
    wildcards: new WildcardStore(new JsonFile(join(rig.dir, 'wildcards.json'))),
    settings: {
      settings: async () => ({ concurrency: { image: 4, video: 8, art: 2, workbench: 2 } }),
      connection: async () => ({ demo: false }),
      activeProject: async () => null,
    },
    events: rig.events,
    clock: rig.clock,
    library: { absolutePath: async () => '' },
    composeGrid: async () => ({ width: 0, height: 0 }),
  })
  return { ...rig, batches }
}

const base: SubmitTaskInput = {
  kind: 'image',
  request: { model: 'std-image-2', prompt: 'a {red|blue|green} kite' },
}
const spec = (over: Partial<BatchSpec> = {}): BatchSpec => ({
  repeat: 1,
  seedBase: null,
  x: null,
  y: null,
  title: '',
  ...over,
})

describe('BatchService: repeats of paid requests', () => {
  it('lists them in the plan and, when asked, prices and runs the batch without them', async () => {
    const s = stack()
    const blue = await s.admission.submit({
      kind: 'image',
      request: { model: 'std-image-2', prompt: 'a blue kite' },
    })
    await s.clock.advance(60_000)

    const plan = await s.batches.plan(base, spec())
    expect(plan.count).toBe(3)
    expect(plan.repeats).toEqual([
      expect.objectContaining({
        index: 1,
        dropped: false,
        paid: expect.objectContaining({ taskId: blue.id }),
      }),
    ])
    const dropped = await s.batches.plan(base, spec({ dropRepeats: true }))
    expect(dropped.count).toBe(2)
    expect(dropped.totalUsd).toBeCloseTo((plan.totalUsd * 2) / 3, 6)
    expect(dropped.repeats[0]!.dropped).toBe(true)

    const sent = s.gateway.count('submit')
    const batch = await s.batches.submit(
      base,
      spec({ dropRepeats: true }),
      'batch-repeats-1',
      false,
    )
    expect(batch.total).toBe(2)
    await s.clock.advance(60_000)
    expect(s.gateway.count('submit')).toBe(sent + 2)
    const prompts = s.journal.tasks.byBatch(batch.id).map((t) => t.prompt)
    expect(prompts).toEqual(['a red kite', 'a green kite'])
  })

  it('keeping the repeats runs them all (the plan showed them); dropping every request is refused', async () => {
    const s = stack()
    const only: SubmitTaskInput = {
      kind: 'image',
      request: { model: 'std-image-2', prompt: 'a kite' },
    }
    await s.admission.submit(only)
    await s.clock.advance(60_000)
    const kept = await s.batches.submit(only, spec({ repeat: 2 }), 'batch-repeats-2', false)
    expect(kept.total).toBe(2)
    let error: AppError | null = null
    try {
      await s.batches.submit(only, spec({ repeat: 2, dropRepeats: true }), 'batch-repeats-3', false)
    } catch (e) {
      error = (e as { error: AppError }).error
    }
    expect(error).toMatchObject({
      code: 'validation',
      message: expect.stringMatching(/already paid/),
      action: expect.stringMatching(/\w/),
    })
    expect(s.journal.batches.byRequestId('batch-repeats-3')).toBeNull()
  })
})

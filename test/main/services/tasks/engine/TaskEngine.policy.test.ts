import { DEFAULT_ENGINE_POLICY } from '@main/services/tasks/engine/policy'
import { newTask, type Rig, rig, running } from '@test/support/taskFakes'
import { afterEach, describe, expect, it } from 'vitest'

let r: Rig
afterEach(async () => {
  await r?.close()
})

/**
 * The timings a caller gives the engine (Settings, the benchmark, tests) are the ones it uses,
 * each over the defaults: a partial policy changes only what it names.
 */
describe('TaskEngine: the policy it is given', () => {
  it('its request budget takes the rate given, over the defaults', () => {
    r = rig({ policy: { budget: { ratePerSec: 0.5 } } })
    expect(r.engine.budget.rate('account-1')).toBe(0.5)
    expect(DEFAULT_ENGINE_POLICY.budget.ratePerSec).not.toBe(0.5)
  })

  it('without a budget it uses the default rate', () => {
    r = rig()
    expect(r.engine.budget.rate('account-1')).toBe(DEFAULT_ENGINE_POLICY.budget.ratePerSec)
  })

  it('a partial poll policy moves the first poll and keeps the default backoff after it', async () => {
    r = rig({ policy: { poll: { firstMs: 9_000 } } })
    r.gateway.onSubmit = () => ({ type: 'task', serverId: 'vid-1', status: running(0, 'queued') })
    r.gateway.onStatus = () => running(null)
    r.submit(newTask({ kind: 'video', model: 'motion-2.0' }))
    await r.clock.runUntil(() => r.gateway.count('status') === 3, 120_000)
    const [submit, first, second, third] = r.gateway.calls
    expect(first!.at - submit!.at).toBe(9_000)
    // Then the default growth (× 1.5 a poll), cap (12 s) and jitter (± 20 %): the third poll
    // comes min(9 s × 1.5, 12 s) ± 20 % after the second. A policy without the defaults would
    // fail the second delay and start over at 9 s.
    const gap = third!.at - second!.at
    expect(gap).toBeGreaterThanOrEqual(12_000 * 0.8)
    expect(gap).toBeLessThanOrEqual(12_000 * 1.2)
  })
})

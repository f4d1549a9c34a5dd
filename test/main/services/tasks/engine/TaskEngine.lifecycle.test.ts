import { type Rig, rig } from '@test/support/taskFakes'
import { afterEach, describe, expect, it } from 'vitest'

let r: Rig
afterEach(async () => {
  await r?.close()
})

/** Whether the engine drives tasks: Settings and the container ask before starting it again. */
describe('TaskEngine: started and stopped', () => {
  it('is started only between start() and stop(), and never starts again once stopped', async () => {
    r = rig({ start: false })
    expect(r.engine.isStarted).toBe(false)
    r.engine.start()
    expect(r.engine.isStarted).toBe(true)
    await r.engine.stop()
    expect(r.engine.isStarted).toBe(false)
    r.engine.start()
    expect(r.engine.isStarted).toBe(false)
  })
})

/**
 * The engine as its own process, for the crash test: connects to the simulator, recovers what
 * the journal holds, submits every plan item (each has a requestId, so a restart never submits
 * one twice) and runs until every task has ended. The parent kills it with SIGKILL at random
 * points and starts it again on the same folders.
 *
 * Input (env CRASH_WORKER): { baseUrl, key, dir, planFile, exitWhenDone }. Output: READY, DONE.
 * A plan item is a single submission or a batch (`{ batch: { base, spec, requestId, size } }`).
 */

/** A batch in the crash plan: its requestId makes a restart return it instead of a second one. */
export interface CrashBatch {
  batch: { base: SubmitTaskInput; spec: BatchSpec; requestId: string; size: number }
}
export type CrashPlanItem = SubmitTaskInput | CrashBatch
import { readFileSync } from 'node:fs'

import type { BatchSpec } from '@shared/batch/types'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import { startStack } from '@test/support/simulatorStack'

interface Config {
  baseUrl: string
  key: string
  dir: string
  planFile: string
  /** Exit after DONE (the last run); otherwise stay up until killed. */
  exitWhenDone: boolean
}

async function main(): Promise<void> {
  const config = JSON.parse(process.env.CRASH_WORKER ?? '{}') as Config
  const plan = JSON.parse(readFileSync(config.planFile, 'utf8')) as CrashPlanItem[]
  const stack = await startStack({ baseUrl: config.baseUrl, key: config.key, dir: config.dir })
  process.stdout.write('READY\n')
  let expected = 0
  for (const item of plan) {
    if ('batch' in item) {
      const { base, spec, requestId, size } = item.batch
      await stack.batches.submit(base, spec, requestId, false)
      expected += size
    } else {
      await stack.admission.submit(item)
      expected += 1
    }
  }
  const ended = new Set(['saved', 'failed', 'needs_attention', 'cancelled'])
  for (;;) {
    const views = await stack.tasks.list()
    if (views.length >= expected && views.every((v) => ended.has(v.state))) break
    await new Promise((r) => setTimeout(r, 30))
  }
  process.stdout.write('DONE\n')
  if (!config.exitWhenDone) {
    // Stay up (idle, as an app would) until the parent kills the process.
    setInterval(() => {}, 60_000)
    return
  }
  await stack.close({ keep: true })
  process.exit(0)
}

main().catch((e) => {
  process.stderr.write(
    `worker failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
  )
  process.exit(2)
})
